'use client';
import Link from 'next/link';
import { useNotFoundTexts } from '@/components/layout/not-found-texts';
import { localPath } from '@/lib/i18n/paths';

// The translated 404 page (status 404; Next adds the noindex robots tag).
export default function NotFound() {
  const { prefix, texts } = useNotFoundTexts();
  const links = [
    { path: '', label: texts.home, primary: true },
    { path: 'colis', label: texts.parcels },
    { path: 'trajets', label: texts.trips },
    { path: 'faq', label: texts.faq },
  ];
  return (
    <section className="prose-page py-20 text-center">
      <p className="text-6xl font-extrabold text-primary-dark" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold text-secondary">{texts.title}</h1>
      <p className="mt-4 text-lg text-muted">{texts.text}</p>
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        {links.map((link) => (
          <li key={link.path}>
            <Link
              href={localPath(prefix, link.path)}
              className={
                link.primary
                  ? 'inline-block rounded-full bg-secondary px-5 py-3 font-semibold text-white hover:bg-secondary-dark'
                  : 'inline-block rounded-full border border-secondary px-5 py-3 font-semibold text-secondary hover:bg-secondary-light'
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
