'use client';
import Link from 'next/link';
import { useNotFoundTexts } from '@/components/layout/boundary-texts';
import { localPath } from '@/lib/i18n/paths';
import { listPath } from '@/lib/routes';

// The translated 404 page (status 404; Next adds the noindex robots tag).
export default function NotFound() {
  const { prefix, texts } = useNotFoundTexts();
  const links = [
    { path: '', label: texts.home, primary: true },
    { path: listPath('package'), label: texts.parcels },
    { path: listPath('travel'), label: texts.trips },
    { path: 'faq', label: texts.faq },
  ];
  return (
    // data-not-found: the counting script does not count it (lib/beacon.mjs).
    <section className="prose-page py-20 text-center" data-not-found>
      {/* React places it in the head: the tab says "page not found", not the home page's title. */}
      <title>{texts.metaTitle}</title>
      <p className="text-primary-dark text-6xl font-extrabold" aria-hidden="true">
        404
      </p>
      <h1 className="text-secondary mt-4 text-3xl font-bold">{texts.title}</h1>
      <p className="text-muted mt-4 text-lg">{texts.text}</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              href={localPath(prefix, link.path)}
              className={
                link.primary
                  ? 'bg-secondary hover:bg-secondary-dark inline-block rounded-full px-5 py-3 font-semibold text-white'
                  : 'border-secondary text-secondary hover:bg-secondary-light inline-block rounded-full border px-5 py-3 font-semibold'
              }
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
