// A release of the app as a running HTTP server of its JSON API, for the rolling-deploy test
// (tests/api/rolling-deploy.test.ts): started with the working directory at a checkout of that
// release, it serves each `app/api/user/v1/**/route.ts` of that checkout, with that checkout's own
// code, as Next would (path parameters, cookies, the client address the production server stamps).
//   cd <checkout> && PORT=… DATABASE_URL=… node --conditions=react-server --import tsx <this file>
// Prints "listening" once it accepts requests.
import http from 'node:http';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = process.cwd();
const apiDir = path.join(root, 'app', 'api', 'user', 'v1');
const apiBase = '/api/user/v1';

/** Every route file, as its path segments (`[id]` a parameter), static segments preferred. */
const routes = readdirSync(apiDir, { recursive: true })
  .map(String)
  .filter((file) => file.endsWith(`${path.sep}route.ts`) || file === 'route.ts')
  .map((file) => ({
    file: path.join(apiDir, file),
    segments: path
      .dirname(file)
      .split(path.sep)
      .filter((s) => s !== '.'),
  }))
  .sort(
    (a, b) => a.segments.filter((s) => s.startsWith('[')).length - b.segments.filter((s) => s.startsWith('[')).length,
  );

function match(pathname) {
  const parts = pathname.slice(apiBase.length).split('/').filter(Boolean).map(decodeURIComponent);
  for (const route of routes) {
    if (route.segments.length !== parts.length) continue;
    const params = {};
    if (
      route.segments.every((segment, i) => {
        const name = /^\[(\w+)\]$/.exec(segment)?.[1];
        if (name) params[name] = parts[i];
        return name !== undefined || segment === parts[i];
      })
    )
      return { file: route.file, params };
  }
  return null;
}

const { clientAddressHeaders } = await import(
  pathToFileURL(path.join(root, 'lib', 'server', 'http', 'client-address.mjs')).href
);
const modules = new Map();

const server = http.createServer(async (req, res) => {
  try {
    const url = new URL(req.url ?? '/', 'http://localhost:3000');
    const found = url.pathname.startsWith(apiBase) ? match(url.pathname) : null;
    if (!found) {
      res.writeHead(404).end();
      return;
    }
    if (!modules.has(found.file)) modules.set(found.file, import(pathToFileURL(found.file).href));
    const handler = (await modules.get(found.file))[req.method ?? 'GET'];
    if (!handler) {
      res.writeHead(405).end();
      return;
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    for (const [name, value] of Object.entries(clientAddressHeaders('127.0.0.1'))) headers.set(name, value);
    const request = new Request(url, {
      method: req.method,
      headers,
      body: chunks.length && req.method !== 'GET' ? Buffer.concat(chunks) : undefined,
    });
    const response = await handler(request, { params: Promise.resolve(found.params) });
    const out = {};
    response.headers.forEach((value, name) => {
      if (name !== 'set-cookie') out[name] = value;
    });
    const cookies = response.headers.getSetCookie();
    if (cookies.length) out['set-cookie'] = cookies;
    res.writeHead(response.status, out);
    res.end(Buffer.from(await response.arrayBuffer()));
  } catch (error) {
    console.error(error);
    if (!res.headersSent) res.writeHead(500);
    res.end();
  }
});

server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
