// The client's address, as the production server (scripts/server.mjs) tells the app: the socket's
// peer, unless that peer is one of the TRUSTED_PROXIES, in which case the X-Forwarded-For entry it
// appended, and so on from the right while the hop is trusted. A client can write anything in
// X-Forwarded-For; only the entries our own proxies appended count. Plain JavaScript so that the
// server script imports it as it is; lib/env.ts validates TRUSTED_PROXIES with the same parser.
import { processShared, setProcessShared } from '../process-shared.mjs';
import net from 'node:net';

/**
 * Parses TRUSTED_PROXIES: CIDRs or single addresses, separated by commas or spaces.
 * @param {string | undefined} text
 * @returns {net.BlockList}
 */
export function parseTrustedProxies(text) {
  const list = new net.BlockList();
  for (const entry of (text ?? '').split(/[\s,]+/).filter(Boolean)) {
    const [address = '', bits] = entry.split('/');
    const family = net.isIP(address);
    if (!family) throw new Error(`TRUSTED_PROXIES: "${entry}" is not an address or a CIDR`);
    const type = family === 4 ? 'ipv4' : 'ipv6';
    const max = family === 4 ? 32 : 128;
    const prefix = bits === undefined ? max : Number(bits);
    if (!Number.isInteger(prefix) || prefix < 0 || prefix > max)
      throw new Error(`TRUSTED_PROXIES: "${entry}" has a bad prefix length`);
    list.addSubnet(address, prefix, type);
  }
  return list;
}

/** `::ffff:10.0.0.1` is 10.0.0.1. */
function normalize(address) {
  return address.startsWith('::ffff:') && net.isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function trusted(list, address) {
  const family = net.isIP(address);
  return family !== 0 && list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * Whether the TCP peer is one of the TRUSTED_PROXIES (its X-Request-Id is then kept, scripts/server.mjs).
 * @param {string | undefined} socketAddress
 * @param {net.BlockList} proxies
 */
export function fromTrustedProxy(socketAddress, proxies) {
  return trusted(proxies, normalize(socketAddress ?? ''));
}

/**
 * @param {string | undefined} socketAddress the TCP peer
 * @param {string | string[] | undefined} forwardedFor the X-Forwarded-For header(s), as received
 * @param {net.BlockList} proxies
 * @returns {string}
 */
export function clientAddress(socketAddress, forwardedFor, proxies) {
  let address = normalize(socketAddress ?? '') || 'unknown';
  const hops = [forwardedFor ?? []]
    .flat()
    .flatMap((header) => header.split(','))
    .map((hop) => normalize(hop.trim()))
    .filter(Boolean);
  while (hops.length && trusted(proxies, address)) {
    const next = hops.pop();
    if (!net.isIP(next)) break;
    address = next;
  }
  return address;
}

// The server hands the address to the app in a header, with a proof that only this process knows:
// a request that reaches Next some other way (next dev, next start) cannot set it.
const addressHeader = 'x-client-ip';
const proofHeader = 'x-client-ip-proof';

/** The server's side: replaces whatever the client sent in the two headers. */
export function stampClientAddress(req, proxies, proof) {
  setProcessShared('client-address-proof', proof);
  req.headers[addressHeader] = clientAddress(req.socket.remoteAddress, req.headers['x-forwarded-for'], proxies);
  req.headers[proofHeader] = proof;
}

/**
 * The app's side: the address the server stamped, else `unknown` (a server without the stamp).
 * @param {Headers} headers
 * @returns {string}
 */
export function readClientAddress(headers) {
  const proof = processShared('client-address-proof', () => undefined);
  if (!proof || headers.get(proofHeader) !== proof) return 'unknown';
  return headers.get(addressHeader) || 'unknown';
}

/** For tests that call handlers directly: the headers a request from `address` carries. */
export function clientAddressHeaders(address, proof = 'test-proof') {
  return { [addressHeader]: address, [proofHeader]: processShared('client-address-proof', () => proof) };
}

/** The header better-auth reads the address from (lib/server/auth/auth.ts). */
export const clientAddressHeader = addressHeader;
