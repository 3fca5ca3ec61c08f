import type { ReactNode } from 'react';

export function AuthCard({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-6">
      <header>
        <h1 className="text-secondary text-3xl font-extrabold">{title}</h1>
        {intro ? <p className="text-muted mt-2">{intro}</p> : null}
      </header>
      {children}
    </section>
  );
}
