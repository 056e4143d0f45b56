import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The client's address. Without a trusted proxy (TRUST_PROXY unset) it is the
 * peer of the TCP connection: forwarded headers are ignored, since anyone can
 * send them. Behind N reverse proxies (TRUST_PROXY=N), each proxy appends the
 * address it saw to X-Forwarded-For, so the client is the N-th entry from the
 * right; entries further left were written by the client and are not trusted.
 */
export function clientIp(c: Context, trustProxyHops = 0): string {
  let peer = 'unknown';
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    peer = 'unknown';
  }
  if (trustProxyHops <= 0) return peer;
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (forwarded.length === 0) return peer;
  return forwarded[Math.max(0, forwarded.length - trustProxyHops)] ?? peer;
}

/**
 * The address a per-address limit counts: an IPv4 address as it is, an IPv6
 * address by its /64 network. One household or office gets a whole /64 from
 * its provider and picks addresses in it at will, so counting each address
 * would let one client spread itself over 2^64 of them.
 */
export function addressKey(ip: string): string {
  const address = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(':')) return address;
  const [head, tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail takes two groups.
  const groups = address.includes('::') ? [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (group || '0').replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}
