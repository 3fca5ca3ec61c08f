import 'server-only';
import dns, { type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';
import { env } from '@/lib/env';

// Web push only to push services (issue 33): a browser's subscription must point to a push service's
// host (Google's FCM, Mozilla's, Microsoft's WNS, Apple's), or to a host the operator added in
// PUSH_SERVICE_HOSTS (a test's stand-in, an in-house relay); and a push goes out only to a public
// address: the address a service's name resolves to is checked on the connection's own lookup (no
// second resolution to race), and a private, loopback, link-local or otherwise reserved one is refused.

/** The browsers' push services: a host, or a domain whose subdomains are its hosts (`.notify.windows.com`). */
export const pushServiceHosts = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
] as const;

const isServiceHost = (host: string) =>
  pushServiceHosts.some((entry) => (entry.startsWith('.') ? host.endsWith(entry) : host === entry));

/** An operator's host (`host` or `host:port` of PUSH_SERVICE_HOSTS): trusted as it is, wherever it lives. */
const isOperatorHost = (url: URL) =>
  env.PUSH_SERVICE_HOSTS.includes(url.host.toLowerCase()) ||
  env.PUSH_SERVICE_HOSTS.includes(url.hostname.toLowerCase());

/** Where a subscription may point: https on a push service's host (default port), or an operator's host. */
export function isPushEndpoint(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  if (isOperatorHost(url)) return url.protocol === 'https:' || url.protocol === 'http:';
  return (
    url.protocol === 'https:' &&
    url.port === '' &&
    isIP(url.hostname) === 0 &&
    isServiceHost(url.hostname.toLowerCase())
  );
}

const reserved = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  reserved.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  reserved.addSubnet(net, prefix, 'ipv6');

/** Whether an address is private, loopback, link-local, shared, multicast or reserved (IPv4-mapped IPv6 read as IPv4). */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return reserved.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 4) return reserved.check(address, 'ipv4');
  if (family === 6) return reserved.check(address, 'ipv6');
  return true;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The connection's own lookup: every address the name resolves to must be public. */
function publicLookup(hostname: string, options: { all?: boolean } | number, callback: LookupCallback): void {
  dns.lookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    const refused = addresses.find((a) => isPrivateAddress(a.address));
    if (refused || !addresses.length)
      return callback(
        Object.assign(new Error(`${hostname} resolves to a private or reserved address`), { code: 'EPRIVATEADDR' }),
        [],
      );
    if (typeof options === 'object' && options.all) return callback(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}

/**
 * Sends one push request (web-push's details) and answers the push service's status. No redirect is
 * followed; a service's name that resolves to a non-public address is refused before connecting.
 */
export function postToPushService(
  endpoint: string,
  request: { method: string; headers: Record<string, string>; body: Buffer | null },
  timeoutMs = 10_000,
): Promise<number> {
  const url = new URL(endpoint);
  if (!isPushEndpoint(endpoint)) return Promise.reject(new Error(`not a push service: ${url.host}`));
  const operator = isOperatorHost(url);
  const transport = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      url,
      {
        method: request.method,
        headers: { ...request.headers, ...(request.body ? { 'content-length': String(request.body.length) } : {}) },
        timeout: timeoutMs,
        ...(operator ? {} : { lookup: publicLookup }),
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
        answer.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error('push service timed out')));
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}
