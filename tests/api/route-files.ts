// The route files under app/api/user/v1, read as text: their OpenAPI path and the HTTP methods they
// define themselves (`export const GET = ...`, `export const { GET, POST } = ...`, `export function GET`).
// Methods a file only re-exports (`export *`) are not its own: lib/server/http/fallback.ts answers them.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..', '..');
const apiDir = path.join(root, 'app', 'api', 'user', 'v1');
export const httpMethods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'];

export type RouteFile = { file: string; path: string; methods: string[] };

export function apiRouteFiles(): RouteFile[] {
  const found: RouteFile[] = [];
  for (const entry of readdirSync(apiDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name !== 'route.ts') continue;
    const file = path.join(entry.parentPath, entry.name);
    const segments = path.relative(apiDir, entry.parentPath).split(path.sep).filter(Boolean);
    const apiPath = '/' + segments.map((s) => s.replace(/^\[(\w+)\]$/, '{$1}')).join('/');
    const source = readFileSync(file, 'utf8');
    const methods = new Set<string>();
    for (const m of source.matchAll(/export\s+(?:const|let|var|(?:async\s+)?function)\s+([A-Z]+)\b/g))
      methods.add(m[1]!);
    for (const m of source.matchAll(/export\s+const\s*\{([^}]*)\}/g))
      for (const name of m[1]!.split(',')) methods.add(name.split(':').pop()!.trim());
    found.push({
      file: path.relative(root, file),
      path: apiPath,
      methods: [...methods].filter((m) => httpMethods.includes(m)),
    });
  }
  return found.sort((a, b) => a.path.localeCompare(b.path));
}
