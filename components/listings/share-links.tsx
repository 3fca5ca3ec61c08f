import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import { CopyLink } from './copy-link';

// Plain links to each network's own share page (no script of theirs), and the copy button.
const networks = {
  whatsapp: (url: string, text: string) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  facebook: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  x: (url: string, text: string) =>
    `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
} as const;

/** A listing page's share box: `url` is the page's canonical address, `title` its heading. */
export async function ShareLinks({ url, title, locale }: { url: string; title: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: 'Share' });
  const m = await getTranslations({ locale, namespace: 'Metadata' });
  const text = t('text', { title, site: m('siteName') });
  const pill =
    'border-secondary text-secondary hover:bg-secondary-light inline-flex min-h-11 items-center rounded-full border px-4 text-sm font-semibold';
  return (
    <section aria-labelledby="share-title" className="rounded-2xl border border-neutral-200 bg-white p-5">
      <h2 id="share-title" className="text-secondary text-lg font-bold">
        {t('title')}
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-2" data-share>
        {(Object.keys(networks) as (keyof typeof networks)[]).map((network) => (
          <a
            key={network}
            href={networks[network](url, text)}
            target="_blank"
            rel="noopener noreferrer"
            className={pill}
            data-network={network}
          >
            {t(network)}
            <span className="sr-only"> {t('newTab')}</span>
          </a>
        ))}
        <CopyLink url={url} copied={t('copied')} failed={t('copyFailed')} className={pill}>
          {t('copy')}
        </CopyLink>
        <span role="status" className="text-sm font-semibold text-green-800" />
      </div>
    </section>
  );
}
