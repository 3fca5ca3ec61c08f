import Link from 'next/link';
import { groupPhone } from '@/lib/phone';
import { getTranslations } from 'next-intl/server';
import { BackLink } from '@/components/member/back-link';
import { NotificationSettingsForm } from '@/components/member/notification-settings';
import { alertViews } from '@/components/member/alert-views';
import { AlertsList, DeleteAccount, SignInMethods } from '@/components/member/settings-actions';
import { BlockedList } from '@/components/member/block-member';
import { listBlocked } from '@/lib/server/members/blocks';
import {
  AvatarForm,
  EmailForm,
  NamesForm,
  PasswordForm,
  PreferencesForm,
  Section,
} from '@/components/member/settings-forms';
import { locales } from '@/lib/i18n/locales';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { memberMetadata } from '@/lib/i18n/screen-metadata';
import { getSettings } from '@/lib/server/members/settings';
import { myIdentity } from '@/lib/server/moderation/identity';
import { IdentityForm } from '@/components/member/identity-form';
import { listAlerts } from '@/lib/server/public/alerts';
import { apiBasePath } from '@/lib/routes';
import { requirePageUser } from '@/lib/server/http/page-session';

export const generateMetadata = memberMetadata('Settings.title');

// parametres: the member's account, preferences, alerts and data, one section each.
export default async function SettingsPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const user = await requirePageUser(locale);
  const t = await getTranslations('Settings');
  const settings = await getSettings(user.id);
  const identity = await myIdentity(user.id);
  const alerts = await alertViews((await listAlerts(user.id)).items, locale);
  const blocked = await listBlocked(user.id);
  const sections = [
    ['profil', t('profileTitle')],
    ['email', t('emailTitle')],
    ['mot-de-passe', t('passwordTitle')],
    ['connexion', t('signInsTitle')],
    ['telephone', t('phoneTitle')],
    ['identite', t('identityTitle')],
    ['preferences', t('preferencesTitle')],
    ['notifications', t('notifications')],
    ['alertes', t('alertsTitle')],
    ['bloques', t('blocksTitle')],
    ['donnees', t('dataTitle')],
  ] as const;
  return (
    <div className="container-page py-10">
      <BackLink href={localPath(locale, 'mon-dashboard')} label={t('dashboard')} navLabel={t('breadcrumb')} />
      <h1 className="text-secondary mt-3 text-3xl font-extrabold">{t('title')}</h1>
      <div className="mt-6 grid gap-6 lg:grid-cols-[14rem_1fr]">
        <nav aria-label={t('sections')} className="lg:sticky lg:top-24 lg:self-start">
          <ul className="flex flex-wrap gap-2 lg:flex-col">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a
                  href={`#${id}`}
                  className="hover:bg-secondary-light text-secondary block rounded-lg px-3 py-2 text-sm font-semibold"
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex min-w-0 flex-col gap-6">
          <Section id="profil" title={t('profileTitle')} intro={t('profileIntro')}>
            <div className="flex flex-col gap-6">
              <AvatarForm
                settings={settings}
                initials={`${settings.firstname.charAt(0)}${settings.lastname.charAt(0)}`.toUpperCase()}
              />
              <NamesForm settings={settings} />
            </div>
          </Section>
          <Section id="email" title={t('emailTitle')} intro={t('emailIntro')}>
            <EmailForm settings={settings} />
          </Section>
          <Section id="mot-de-passe" title={t('passwordTitle')} intro={t('passwordIntro')}>
            {settings.signIns.password ? (
              <PasswordForm />
            ) : (
              <p>
                {t.rich('passwordNone', {
                  forgot: (chunks) => (
                    <Link href={localPath(locale, 'mot-de-passe-oublie')} className="text-secondary underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            )}
          </Section>
          <Section id="connexion" title={t('signInsTitle')} intro={t('signInsIntro')}>
            <SignInMethods signIns={settings.signIns} forgotHref={localPath(locale, 'mot-de-passe-oublie')} />
          </Section>
          <Section id="telephone" title={t('phoneTitle')}>
            <p>
              {settings.phone && settings.phoneVerified
                ? t.rich('phoneVerified', {
                    phone: groupPhone(settings.phone),
                    bdi: (chunks) => <bdi dir="ltr">{chunks}</bdi>,
                  })
                : t('phoneMissing')}
            </p>
            <Link
              href={localPath(locale, 'modifier-telephone')}
              className="border-secondary text-secondary hover:bg-secondary-light mt-3 inline-flex min-h-11 items-center rounded-full border px-5 font-semibold"
            >
              {settings.phone ? t('phoneChange') : t('phoneAdd')}
            </Link>
          </Section>
          <Section id="identite" title={t('identityTitle')} intro={t('identityIntro')}>
            {identity.verified ? (
              <p className="font-semibold text-green-800">{t('identityVerified')}</p>
            ) : identity.check?.status === 'pending' ? (
              <p className="font-semibold">{t('identityPending')}</p>
            ) : (
              <div className="flex flex-col gap-4">
                {identity.check?.status === 'refused' ? (
                  <p
                    className="rounded-lg bg-red-50 p-3 text-sm font-semibold text-red-800"
                    data-testid="identity-refused"
                  >
                    {t('identityRefused', { reason: identity.check.reason ?? '' })}
                  </p>
                ) : null}
                <IdentityForm />
              </div>
            )}
          </Section>
          <Section id="preferences" title={t('preferencesTitle')}>
            <PreferencesForm
              settings={settings}
              languages={locales.map((value) => ({ value, label: t(`languages.${value}`) }))}
            />
          </Section>
          <Section id="notifications" title={t('notifications')} intro={t('notificationsHint')}>
            <NotificationSettingsForm notifications={settings.notifications} />
          </Section>
          <Section id="alertes" title={t('alertsTitle')} intro={t('alertsIntro')}>
            <AlertsList alerts={alerts} />
          </Section>
          <Section id="bloques" title={t('blocksTitle')} intro={t('blocksIntro')}>
            <BlockedList items={blocked.items} />
          </Section>
          <Section id="donnees" title={t('dataTitle')} intro={t('dataIntro')}>
            <div className="flex flex-col gap-6">
              <div>
                <a
                  href={`${apiBasePath}/me/export`}
                  download
                  className="border-secondary text-secondary hover:bg-secondary-light inline-flex min-h-11 items-center rounded-full border px-5 font-semibold"
                >
                  {t('download')}
                </a>
                <p className="text-muted mt-2 text-sm">{t('downloadHint')}</p>
              </div>
              <div className="border-t border-neutral-100 pt-6">
                <h3 className="font-bold text-red-800">{t('deleteTitle')}</h3>
                <p className="text-muted mt-1 mb-3 text-sm">
                  {t.rich('deleteIntro', {
                    privacy: (chunks) => (
                      <Link href={localPath(locale, 'politique-de-confidentialite')} className="underline">
                        {chunks}
                      </Link>
                    ),
                  })}
                </p>
                <DeleteAccount homeHref={localPath(locale, '')} withPassword={settings.signIns.password} />
              </div>
            </div>
          </Section>
        </div>
      </div>
    </div>
  );
}
