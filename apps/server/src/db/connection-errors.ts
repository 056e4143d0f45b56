/**
 * Whether an error means the database connection was lost (PostgreSQL
 * restarted or failed over, the backend was terminated, the network cut),
 * rather than a wrong query: the request gets a 503 in Spanish ("try again in
 * a moment"), and a request that only reads is tried once more on a new
 * connection first (http/route.ts).
 */
export function isConnectionLost(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const { code, message } = current as { code?: unknown; message?: unknown };
    // SQLSTATE class 08 (connection exception) and 57P01–57P03 (admin shutdown, crash shutdown, cannot connect now).
    if (typeof code === 'string' && (/^08/.test(code) || /^57P0[123]$/.test(code))) return true;
    if (typeof code === 'string' && ['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH'].includes(code)) return true;
    // node-postgres says these without a code.
    if (typeof message === 'string' && /^(Connection terminated|Client has encountered a connection error|Client was closed|timeout exceeded when trying to connect)/.test(message))
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
