import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The peer address of the TCP connection. Forwarded-for headers are not
 * trusted: anyone can send them. (Behind a reverse proxy every request shares
 * the proxy's address; the limits then apply to the proxy as a whole.)
 */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
