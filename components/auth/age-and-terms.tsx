'use client';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { DateField } from '@/components/forms/date-field';
import { localPath } from '@/lib/i18n/paths';
import type { Prefix } from '@/lib/i18n/locales';

/** The birth date (18 or older, checked by lib/schemas/auth): sign-up and social sign-up. */
export function BirthDateField({
  error,
  registration,
}: {
  error?: FieldError;
  registration: UseFormRegisterReturn<'birthDate'>;
}) {
  const t = useTranslations('Auth');
  const d = useTranslations('DateField');
  return (
    <DateField
      label={t('birthDate')}
      placeholder={d('choose')}
      min="1900-01-01"
      max="2099-12-31"
      autoComplete="bday"
      error={error}
      {...registration}
    />
  );
}

/** "I accept the terms" with a link to read them, and its error: sign-up and social sign-up. */
export function TermsCheckbox({
  prefix,
  error,
  registration,
}: {
  prefix: Prefix;
  error?: FieldError;
  registration: UseFormRegisterReturn<'acceptTerms'>;
}) {
  const t = useTranslations('Auth');
  const v = useTranslations('Validation');
  return (
    <div className="flex flex-col gap-1.5">
      <label className="flex items-start gap-3 text-sm">
        <input
          type="checkbox"
          className="accent-secondary mt-0.5 size-5"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'acceptTerms-error' : undefined}
          {...registration}
        />
        <span>
          {t('acceptTerms')} (
          <Link
            href={localPath(prefix, 'conditions-generales-utilisation')}
            target="_blank"
            className="text-secondary font-semibold underline"
          >
            {t('readTerms')}
          </Link>
          )
        </span>
      </label>
      {error ? (
        <p id="acceptTerms-error" className="text-sm text-red-700">
          {v('termsRequired')}
        </p>
      ) : null}
    </div>
  );
}

/** "Already a member? Sign in", under the sign-up forms. */
export function HaveAccount({ prefix }: { prefix: Prefix }) {
  const t = useTranslations('Auth');
  return (
    <p className="text-center text-sm">
      {t('haveAccount')}{' '}
      <Link href={localPath(prefix, 'connexion')} className="text-secondary font-semibold underline">
        {t('signInLink')}
      </Link>
    </p>
  );
}
