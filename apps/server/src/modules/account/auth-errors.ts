/** better-auth failures carry `body.code`; we turn them into the spec's messages. */
export function authErrorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'body' in error) {
    const body = (error as { body?: { code?: unknown } }).body;
    if (typeof body?.code === 'string') return body.code;
  }
  return undefined;
}

export function isAuthError(error: unknown): boolean {
  return authErrorCode(error) !== undefined || (error instanceof Error && error.name === 'APIError');
}
