import type { ReactNode } from 'react';

export type ProseSection = { title: string; paragraphs: string[]; items?: string[] };

/**
 * A page's title band. `wide` lines it up with content in `container-page` (lists, tools); the
 * default with reading text in `prose-page`. Either way the intro keeps a reading width.
 */
export function PageIntro({
  title,
  intro,
  children,
  wide = false,
  trail,
}: {
  title: string;
  intro?: string;
  children?: ReactNode;
  wide?: boolean;
  /** Above the title: the page's breadcrumbs. */
  trail?: ReactNode;
}) {
  return (
    <header className="bg-secondary-light">
      <div className={`${wide ? 'container-page' : 'prose-page'} py-10 md:py-14`}>
        {trail ? <div className="mb-4">{trail}</div> : null}
        <h1 className="text-secondary text-3xl font-extrabold md:text-4xl">{title}</h1>
        {intro ? <p className="text-ink/85 mt-4 max-w-3xl text-lg">{intro}</p> : null}
        {children}
      </div>
    </header>
  );
}

export function ProseSections({ sections }: { sections: ProseSection[] }) {
  return (
    <div className="flex flex-col gap-8">
      {sections.map((section) => (
        <section key={section.title}>
          <h2 className="text-secondary text-xl font-bold">{section.title}</h2>
          {section.paragraphs.map((paragraph, i) => (
            <p key={i} className="mt-3 leading-relaxed">
              {paragraph}
            </p>
          ))}
          {section.items?.length ? (
            <ul className="marker:text-primary mt-3 flex list-disc flex-col gap-1.5 ps-6 leading-relaxed">
              {section.items.map((item, i) => (
                <li key={i}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}

export type QuestionAnswer = { q: string; a: string };

/** Questions as native disclosure widgets: readable without script, answers in the first HTML. */
export function QuestionList({ items }: { items: QuestionAnswer[] }) {
  return (
    <div className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200 bg-white">
      {items.map((item) => (
        <details key={item.q} className="group px-5 py-4">
          <summary className="flex cursor-pointer items-start justify-between gap-4 font-semibold">
            <h3>{item.q}</h3>
            <span aria-hidden="true" className="text-primary-dark text-xl leading-6 transition group-open:rotate-45">
              +
            </span>
          </summary>
          <p className="text-ink/85 mt-3 leading-relaxed">{item.a}</p>
        </details>
      ))}
    </div>
  );
}

/** schema.org FAQPage for a list of questions. */
export function faqJsonLd(items: QuestionAnswer[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: items.map((item) => ({
      '@type': 'Question',
      name: item.q,
      acceptedAnswer: { '@type': 'Answer', text: item.a },
    })),
  };
}
