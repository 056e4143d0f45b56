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
