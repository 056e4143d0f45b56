import { type EndpointShape, pathOf } from '@bufete/shared';

/** Status, headers, text and (when it parses) JSON of a response. */
async function readResponse(response: Response) {
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** A tiny fetch client with a cookie jar: one instance is one browser. */
export class HttpClient {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** `rawBody` sends a JSON text as is (one too deep for JSON.stringify, say). */
  async request(path: string, init: { method?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers };
    if (init.body !== undefined || init.rawBody !== undefined) headers['content-type'] = 'application/json';
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (cookie) headers.cookie = cookie;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method: init.method ?? (init.body === undefined && init.rawBody === undefined ? 'GET' : 'POST'),
      headers,
      body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
      redirect: 'manual',
    });
    for (const setCookie of response.headers.getSetCookie()) {
      const [pair] = setCookie.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      if (!value || /max-age=0/i.test(setCookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return readResponse(response);
  }

  /**
   * Calls an endpoint of the shared contract (its method and path, `:params`
   * filled, the query as a query string): tests name endpoints as the web does.
   */
  call(
    endpoint: EndpointShape,
    options: { params?: Record<string, string>; query?: Record<string, string | number | undefined>; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) search.set(name, String(value));
    const query = search.size ? `?${search}` : '';
    const body = options.body ?? (endpoint.method === 'GET' || endpoint.method === 'DELETE' ? undefined : {});
    return this.request(`/api${pathOf(endpoint.path, options.params)}${query}`, { method: endpoint.method, body, headers: options.headers });
  }

  get(path: string) {
    return this.request(path);
  }

  post(path: string, body: unknown = {}) {
    return this.request(path, { method: 'POST', body });
  }

  patch(path: string, body: unknown) {
    return this.request(path, { method: 'PATCH', body });
  }

  /** A multipart upload as a browser's FormData sends it, to an upload endpoint of the contract (or a path). */
  async upload(target: EndpointShape | string, file: { name: string; bytes: Uint8Array; type?: string }, fields: Record<string, string> = {}) {
    const path = typeof target === 'string' ? target : `/api${pathOf(target.path)}`;
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }), file.name);
    const response = await fetch(`${this.baseUrl}${path}`, { method: 'POST', body: form, headers: { cookie: this.cookieHeader() } });
    return readResponse(response);
  }

  /** Raw GET returning the bytes (file downloads). */
  async download(path: string, withSession = true) {
    const response = await fetch(`${this.baseUrl}${path}`, { headers: withSession ? { cookie: this.cookieHeader() } : {} });
    return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
  }

  /** The same browser (its cookies) talking to another address: a second process of the same app. */
  withCookies(other: HttpClient): this {
    for (const [name, value] of other.cookies) this.cookies.set(name, value);
    return this;
  }

  cookieHeader() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  hasSessionCookie() {
    return [...this.cookies.keys()].some((name) => name.includes('session_token'));
  }
}
