/** @jest-environment node */
import { clientAddress, parseTrustedProxies } from '@/lib/server/http/client-address.mjs';

// A client can write anything in X-Forwarded-For: only the hops our own proxies appended count.

describe('clientAddress', () => {
  const none = parseTrustedProxies(undefined);
  const lb = parseTrustedProxies('10.0.0.0/8, 2001:db8::/32 192.168.1.7');

  it.each([
    ['no proxy: the socket peer, whatever the header says', '203.0.113.9', '1.2.3.4', none, '203.0.113.9'],
    ['no proxy, no header', '::ffff:203.0.113.9', undefined, none, '203.0.113.9'],
    [
      'a trusted proxy: the entry it appended (the right-most)',
      '10.1.1.1',
      '6.6.6.6, 198.51.100.4',
      lb,
      '198.51.100.4',
    ],
    ['two trusted hops', '10.1.1.1', '6.6.6.6, 198.51.100.4, 10.2.2.2', lb, '198.51.100.4'],
    ['an untrusted peer cannot vouch for the header', '198.51.100.4', '10.9.9.9', lb, '198.51.100.4'],
    ['IPv6 proxy', '2001:db8::5', '203.0.113.77', lb, '203.0.113.77'],
    ['several header lines', '192.168.1.7', ['6.6.6.6', '203.0.113.8'], lb, '203.0.113.8'],
    ['garbage in the header stops at the proxy', '10.1.1.1', 'not-an-ip', lb, '10.1.1.1'],
    ['only trusted hops: the left-most', '10.1.1.1', '10.3.3.3', lb, '10.3.3.3'],
  ])('%s', (_, socket, header, proxies, expected) => {
    expect(clientAddress(socket, header, proxies)).toBe(expected);
  });

  it('refuses what is not an address or a CIDR', () => {
    expect(() => parseTrustedProxies('10.0.0.0/33')).toThrow(/prefix/);
    expect(() => parseTrustedProxies('proxy.example.com')).toThrow(/not an address/);
  });
});
