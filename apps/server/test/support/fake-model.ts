import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a language model provider, at the HTTP boundary: an
 * OpenAI-compatible `/v1/chat/completions` and Anthropic's `/v1/messages`,
 * both streaming (server-sent events) the way the real ones do, so the real
 * AI SDK client code runs. Tests decide the reply and read what was asked.
 */

export interface ModelRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
  /** The system prompt and the last user message, whatever the provider's shape. */
  system: string;
  lastUser: string;
}

export interface FakeModel {
  /** Base URLs to configure: AI_BASE_URL for either provider kind. */
  baseUrl: string;
  env(provider: 'openai-compatible' | 'anthropic'): Record<string, string>;
  requests: ModelRequest[];
  /** What the model answers to a request (default: quotes the first passage it was given). */
  respond(reply: (request: ModelRequest) => string): void;
  /** The next `count` requests fail with this HTTP status before any text. */
  failNext(status: number, count?: number): void;
  /** Pause between streamed pieces (ms), so a browser can watch the reply arrive. */
  setPieceDelay(ms: number): void;
  close(): Promise<void>;
}

/** The default reply: cites the first passage of the material with an exact quotation. */
export function quoteFirstPassage(request: ModelRequest): string {
  const passage = /\[(P\d+)\] \([^)]*\)\n([^\n]+)/.exec(request.lastUser);
  if (!passage) return 'No encontré material sobre esto. Te sugiero revisar la legislación aplicable.';
  const words = passage[2]!.split(/\s+/).slice(0, 10).join(' ');
  return `**Respuesta**\nSegún tu material, «${words}» [${passage[1]}].\n- Revisa los plazos aplicables.\n- Conserva las pruebas.`;
}

function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (typeof part === 'string' ? part : (part?.text ?? ''))).join('');
  return '';
}

export async function startFakeModel(options: { port?: number } = {}): Promise<FakeModel> {
  const requests: ModelRequest[] = [];
  let reply: (request: ModelRequest) => string = quoteFirstPassage;
  let failures: { status: number; left: number } | null = null;
  let pieceDelay = 0;

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  }

  const pieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
  const pause = () => (pieceDelay ? new Promise((resolve) => setTimeout(resolve, pieceDelay)) : Promise.resolve());
  const sse = (res: ServerResponse, event: string | null, data: unknown) => res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);

  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (req.method === 'GET' && path === '/health') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
        return;
      }
      const messages: { role: string; content: unknown }[] = body.messages ?? [];
      const system = typeof body.system === 'string' ? body.system : Array.isArray(body.system) ? textOf(body.system) : textOf(messages.find((m) => m.role === 'system')?.content);
      const lastUser = textOf([...messages].reverse().find((m) => m.role === 'user')?.content);
      const request: ModelRequest = { path, headers: req.headers, body, system, lastUser };
      requests.push(request);
      if (failures && failures.left > 0) {
        failures.left -= 1;
        res.writeHead(failures.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'fallo simulado', type: 'server_error' } }));
        return;
      }
      const text = reply(request);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      if (path.endsWith('/chat/completions')) {
        const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
        sse(res, null, { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
        for (const piece of pieces(text)) {
          await pause();
          sse(res, null, { ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
        }
        sse(res, null, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 } });
        sse(res, null, '[DONE]');
      } else if (path.endsWith('/messages')) {
        sse(res, 'message_start', { type: 'message_start', message: { id: 'msg_fake', type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, usage: { input_tokens: 100, output_tokens: 1 } } });
        sse(res, 'content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
        for (const piece of pieces(text)) {
          await pause();
          sse(res, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
        }
        sse(res, 'content_block_stop', { type: 'content_block_stop', index: 0 });
        sse(res, 'message_delta', { type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 50 } });
        sse(res, 'message_stop', { type: 'message_stop' });
      }
      res.end();
    })().catch((error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return {
    baseUrl,
    env: (provider) => ({ AI_PROVIDER: provider, AI_MODEL: provider === 'anthropic' ? 'claude-prueba' : 'modelo-prueba', AI_BASE_URL: baseUrl, AI_API_KEY: 'clave-de-prueba' }),
    requests,
    respond(next) {
      reply = next;
    },
    failNext(status, count = 1) {
      failures = { status, left: count };
    },
    setPieceDelay(ms) {
      pieceDelay = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
