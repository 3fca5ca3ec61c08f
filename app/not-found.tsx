// Reached only for paths outside any language (proxy.ts sends those to /fr); kept minimal.
export default function GlobalNotFound() {
  return (
    <html lang="fr">
      <body>
        <main>
          <h1>Page introuvable</h1>
          <a href="/fr">Colibri</a>
        </main>
      </body>
    </html>
  );
}
