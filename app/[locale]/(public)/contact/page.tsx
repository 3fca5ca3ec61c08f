import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { PageIntro } from '@/components/content/prose';
import { contentMetadata } from '@/lib/i18n/metadata';
import { localPath } from '@/lib/i18n/paths';
import { pageLocale, type LocaleParams } from '@/lib/i18n/page';
import { allLocaleParams } from '@/lib/i18n/static-params';

export const generateStaticParams = allLocaleParams;
export const generateMetadata = contentMetadata('Contact', 'contact');

const contactEmail = 'contact@colibri.tn';

export default async function ContactPage({ params }: LocaleParams) {
  const locale = await pageLocale(params);
  const t = await getTranslations('Contact');
  const h = await getTranslations('Header');
  const card = 'rounded-2xl border border-neutral-200 p-6';
  return (
    <>
      <PageIntro title={t('title')} intro={t('intro')} />
      <div className="prose-page grid gap-4 py-10 sm:grid-cols-2">
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
    </>
  );
}
