import { getTranslations } from 'next-intl/server';
import type { Locale } from '@/lib/i18n/locales';
import type { ShareNetwork } from '@/lib/domain';
import { CopyLink } from './copy-link';

// Plain links to each network's own share page (no script of theirs), and the copy button. The address
// shared carries `utm_source` (the network) and `utm_medium=share`, so that the statistics page tells
// what each network brought (lib/server/traffic/); the page cache serves it as the plain page.
const networks: Record<Exclude<ShareNetwork, 'copy'>, (url: string, text: string) => string> = {
  whatsapp: (url: string, text: string) => `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`,
  facebook: (url: string) => `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`,
  x: (url: string, text: string) =>
    `https://x.com/intent/post?text=${encodeURIComponent(text)}&url=${encodeURIComponent(url)}`,
};

/** The page's address as shared through `network`. */
export function sharedUrl(url: string, network: ShareNetwork): string {
  return `${url}?${new URLSearchParams({ utm_source: network, utm_medium: 'share' })}`;
}

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
            href={networks[network](sharedUrl(url, network), text)}
            target="_blank"
            rel="noopener noreferrer"
            className={pill}
            data-network={network}
          >
            {t(network)}
            <span className="sr-only"> {t('newTab')}</span>
          </a>
        ))}
        {/* The counting script tells the copy button's clicks by this wrapper (lib/beacon.mjs), so the
            button's own script stays as it was; its status follows it, where the button writes. */}
        <span data-network="copy" className="contents">
          <CopyLink url={sharedUrl(url, 'copy')} copied={t('copied')} failed={t('copyFailed')} className={pill}>
            {t('copy')}
          </CopyLink>
          <span role="status" className="text-sm font-semibold text-green-800" />
        </span>
      </div>
    </section>
  );
}
