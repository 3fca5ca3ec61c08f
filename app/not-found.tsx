import Link from 'next/link';

// Reached only for paths outside any language (proxy.ts sends those to /fr); kept minimal.
export default function GlobalNotFound() {
  return (
    <html lang="fr">
      <body>
        <main>
          <h1>Page introuvable</h1>
          <Link href="/fr">Colibri</Link>
        </main>
      </body>
    </html>
  );
}
