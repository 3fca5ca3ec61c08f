'use client';
import type { ErrorTexts } from '@/lib/i18n/error-texts';

/** A page that failed to render: what happened, a retry button, and a way home. */
export function ErrorPage({ texts, homeHref, retry }: { texts: ErrorTexts; homeHref: string; retry: () => void }) {
  return (
    <section className="prose-page py-20 text-center">
      <h1 className="text-secondary text-3xl font-bold">{texts.title}</h1>
      <p className="text-muted mt-4 text-lg">{texts.text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <button
          type="button"
          onClick={retry}
          className="bg-secondary hover:bg-secondary-dark rounded-full px-5 py-3 font-semibold text-white"
        >
          {texts.retry}
        </button>
        <a
          href={homeHref}
          className="border-secondary text-secondary hover:bg-secondary-light rounded-full border px-5 py-3 font-semibold"
        >
          {texts.home}
        </a>
      </div>
    </section>
  );
}
