import type { ReactNode } from 'react';

export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-3xl font-extrabold text-secondary">{title}</h1>
        {intro ? <p className="mt-2 text-muted">{intro}</p> : null}
      </header>
      {children}
    </section>
  );
}
