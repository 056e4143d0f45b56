import { request } from 'node:http';

export interface RawResult {
  /** The status the server answered with, or null when the client hung up first. */
  status: number | null;
  body: string;
}

/**
 * One HTTP request written by hand, the way a misbehaving client sends it:
 * `chunks` are written in order; with `hangUpAfterMs` the socket is destroyed
 * mid-body (a closed tab); otherwise the request ends after the last chunk,
 * complete or not. A server answer that arrives while the body is still being
 * written is kept, and the write error that may follow is ignored.
 */
export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers: Record<string, string>; chunks: (Buffer | string)[]; hangUpAfterMs?: number },
): Promise<RawResult> {
  const url = new URL(baseUrl);
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: RawResult) => {
      if (!settled) {
        settled = true;
        resolve(result);
      }
    };
    const req = request({ host: url.hostname, port: url.port, path: options.path, method: options.method ?? 'POST', headers: options.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => done({ status: res.statusCode ?? null, body }));
      res.on('error', () => done({ status: res.statusCode ?? null, body }));
    });
    req.on('error', () => done({ status: null, body: '' }));
    (async () => {
      for (const chunk of options.chunks) {
        if (req.destroyed || settled) return;
        if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve).once('close', resolve));
      }
      if (options.hangUpAfterMs !== undefined) {
        setTimeout(() => {
          req.destroy();
          done({ status: null, body: '' });
        }, options.hangUpAfterMs);
      } else if (!req.destroyed) req.end();
    })().catch(() => done({ status: null, body: '' }));
  });
}

/** The opening of a multipart body with one file part, without its end. */
export function multipartOpening(boundary: string, fields: Record<string, string>, file: { name: string; type: string }): string {
  const parts = Object.entries(fields).map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
  parts.push(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`);
  return parts.join('');
}
