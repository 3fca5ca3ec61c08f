import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/content/prose';
import { ContactLoader } from '@/components/contact/contact-loader';
import { ContactView, type ContactTexts } from '@/components/contact/contact-view';
import { contentMetadata } from '@/lib/i18n/metadata';
import { localPath } from '@/lib/i18n/paths';
import { localePrefix } from '@/lib/i18n/locales';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';
import { apiBasePath } from '@/lib/routes';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('Contact', 'contact');

const contactEmail = 'contact@colibri.tn';

/** The `Validation` messages the contact form can show. */
const formMessages = [
  'required',
  'invalidCharacter',
  'tooLong',
  'emailInvalid',
  'nameMin',
  'subjectMin',
  'messageRequired',
  'captchaRequired',
  'captchaInvalid',
  'captchaUsed',
] as const;

// A static page, the same for everyone: the form is rendered here, and its live part (its checks and
// requests, then its captcha's script) loads after the page (components/contact/contact-loader.tsx).
export default async function ContactPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Contact');
  const f = await getTranslations('ContactForm');
  const v = await getTranslations('Validation');
  const e = await getTranslations('Errors');
  const h = await getTranslations('Header');
  const card = 'rounded-2xl border border-neutral-200 p-6';
  const texts: ContactTexts = {
    title: f('title'),
    intro: f('intro'),
    name: f('name'),
    email: f('email'),
    subject: f('subject'),
    message: f('message'),
    captcha: f('captcha'),
    submit: f('submit'),
    sending: f('sending'),
    sent: f('sent'),
    another: f('another'),
    noscript: f('noscript'),
    network: e('NETWORK'),
  };

  return (
    <>
      <PageIntro title={t('title')} intro={t('intro')} />
      <div className="prose-page flex flex-col gap-4 py-10">
        <ContactLoader
          live={{
            locale,
            prefix: localePrefix(locale),
            challengeUrl: `${apiBasePath}/contact/captcha`,
            texts,
            messages: Object.fromEntries(formMessages.map((key) => [key, v(key)])),
            captchaStrings: {
              label: f('captchaLabel'),
              verifying: f('captchaVerifying'),
              verified: f('captchaVerified'),
              error: f('captchaError'),
              expired: f('captchaExpired'),
              verificationRequired: f('captchaRequired'),
              waitAlert: f('captchaWait'),
              loading: f('captchaLoading'),
              reload: f('captchaReload'),
              verify: f('captchaVerify'),
            },
          }}
        >
          <ContactView texts={texts} />
        </ContactLoader>
        <div className="grid gap-4 sm:grid-cols-2">
          <section className={`${card} sm:col-span-2`}>
            <h2 className="text-secondary text-lg font-bold">{t('emailTitle')}</h2>
            <p className="mt-2">{t('emailText')}</p>
            <p className="mt-3">
              <a href={`mailto:${contactEmail}`} className="text-secondary text-lg font-semibold underline" dir="ltr">
                {contactEmail}
              </a>
            </p>
          </section>
          <section className={card}>
            <h2 className="text-secondary text-lg font-bold">{t('hoursTitle')}</h2>
            <p className="mt-2">{t('hours')}</p>
          </section>
          <section className={card}>
            <h2 className="text-secondary text-lg font-bold">{t('replyTitle')}</h2>
            <p className="mt-2">{t('reply')}</p>
          </section>
          <section className={card}>
            <h2 className="text-secondary text-lg font-bold">{t('faqTitle')}</h2>
            <p className="mt-2">{t('faqText')}</p>
            <p className="mt-3">
              <Link href={localPath(locale, '/faq')} className="text-secondary font-semibold underline">
                {h('faq')}
              </Link>
            </p>
          </section>
          <section className={card}>
            <h2 className="text-secondary text-lg font-bold">{t('dataTitle')}</h2>
            <p className="mt-2">{t('dataText')}</p>
          </section>
        </div>
      </div>
    </>
  );
}
