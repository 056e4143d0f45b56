import type { ApiErrorBody } from '@bufete/shared';

/** A failed API call, carrying the server's Spanish message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly field?: string,
  ) {
    super(message);
  }
}

/**
 * The one way the web talks to the server: same-origin JSON over /api, the
 * session travelling in its httpOnly cookie. Network failures surface as the
 * browser's TypeError so each screen can show its own "unexpected" message.
 */
export async function api<T>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  const response = await fetch(`/api${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: init.body === undefined ? undefined : { 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    credentials: 'same-origin',
    signal: init.signal,
  });
  const text = await response.text();
  const data: unknown = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (data as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(response.status, error?.code ?? 'HTTP_ERROR', error?.message ?? `Error ${response.status}`, error?.field);
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** One page of a keyset-paged list: the filters that are set, plus the cursor of the page. */
export function fetchPage<T>(path: string, filters: Record<string, string | undefined>, cursor: string | null, signal?: AbortSignal): Promise<T> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (cursor) params.set('cursor', cursor);
  return api<T>(`${path}?${params}`, { signal });
}
