import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for a language model provider, at the HTTP boundary: an
 * OpenAI-compatible `/v1/chat/completions` and Anthropic's `/v1/messages`,
 * both streaming (server-sent events) the way the real ones do, so the real
 * AI SDK client code runs. Tests decide the reply and read what was asked.
 *
 * It also fails the way the real ones do, written from their public docs:
 * - a stream cut mid-reply (the connection drops: no `[DONE]`, no `message_stop`);
 * - Anthropic's `error` event mid-stream (`overloaded_error`, "Overloaded");
 * - a provider that accepts the request and never answers;
 * - an empty reply (a finished stream with no text);
 * - OpenAI's newer models refusing `max_tokens` (400 `unsupported_parameter`:
 *   "Use 'max_completion_tokens' instead");
 * - Anthropic refusing a conversation with an empty text block (400
 *   `invalid_request_error`: "messages: text content blocks must be non-empty").
 * A failure is chosen for the next requests (`behave`) or, so that browser
 * journeys running side by side never meet each other's, by a marker in the
 * question itself (FALLO_CORTE, FALLO_EVENTO, FALLO_VACIO: the first time that
 * question is asked, as a passing fault; FALLO_COLGADO: every time).
 */

export interface ModelRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: any;
  /** The system prompt and the last user message, whatever the provider's shape. */
  system: string;
  lastUser: string;
}

export type FakeBehaviour = 'normal' | 'cut' | 'error-event' | 'hang' | 'empty';
const MARKERS: [string, FakeBehaviour][] = [
  ['FALLO_CORTE', 'cut'],
  ['FALLO_EVENTO', 'error-event'],
  ['FALLO_COLGADO', 'hang'],
  ['FALLO_VACIO', 'empty'],
];

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
  /** The next requests misbehave this way, one each, in order. */
  behave(...behaviours: FakeBehaviour[]): void;
  /** Refuse `max_tokens` as OpenAI's newer models do (400 until the client sends `max_completion_tokens`). */
  refuseMaxTokens(on: boolean): void;
  /** Requests that were left hanging and are still open. */
  hanging(): number;
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
  const queued: FakeBehaviour[] = [];
  /** Questions a marker already failed once: a retry of the same question is answered (a passing fault). */
  const failedOnce = new Set<string>();
  let strictMaxTokens = false;
  const hung = new Set<ServerResponse>();

  async function readBody(req: IncomingMessage) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  }

  const pieces = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];
  const pause = () => (pieceDelay ? new Promise((resolve) => setTimeout(resolve, pieceDelay)) : Promise.resolve());
  const sse = (res: ServerResponse, event: string | null, data: unknown) =>
    res.write(`${event ? `event: ${event}\n` : ''}data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);

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
      const refuse = (status: number, error: Record<string, unknown>) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(path.endsWith('/messages') ? { type: 'error', error } : { error }));
      };
      if (path.endsWith('/chat/completions') && strictMaxTokens && 'max_tokens' in body) {
        return refuse(400, {
          message: "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
          type: 'invalid_request_error',
          param: 'max_tokens',
          code: 'unsupported_parameter',
        });
      }
      if (
        path.endsWith('/messages') &&
        messages.some((message) =>
          Array.isArray(message.content) ? message.content.some((part: { type?: string; text?: string }) => part?.type === 'text' && !part.text) : message.content === '',
        )
      ) {
        return refuse(400, { type: 'invalid_request_error', message: 'messages: text content blocks must be non-empty' });
      }
      // A marked question fails the first time it is asked; the hang is there every time (the lawyer stops it).
      const marked = MARKERS.find(([marker]) => lastUser.includes(marker))?.[1];
      const markedNow = marked && (marked === 'hang' || !failedOnce.has(lastUser)) ? marked : undefined;
      if (markedNow) failedOnce.add(lastUser);
      const behaviour = markedNow ?? queued.shift() ?? 'normal';
      if (behaviour === 'hang') {
        // Accepted and never answered: the client has to give up by itself.
        hung.add(res);
        res.on('close', () => hung.delete(res));
        return;
      }
      const text = behaviour === 'empty' ? '' : reply(request);
      // A cut or an error event arrives after the first few pieces.
      const firstPieces = behaviour === 'cut' || behaviour === 'error-event' ? pieces(text).slice(0, 4) : pieces(text);
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      if (path.endsWith('/chat/completions')) {
        const base = { id: 'chatcmpl-fake', object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model: body.model };
        sse(res, null, { ...base, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
        for (const piece of firstPieces) {
          await pause();
          sse(res, null, { ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
        }
        if (behaviour === 'cut') return void res.socket?.destroy();
        if (behaviour === 'error-event') {
          sse(res, null, { error: { message: 'The server had an error while processing your request.', type: 'server_error', code: null } });
          return void res.end();
        }
        sse(res, null, { ...base, choices: [{ index: 0, delta: {}, finish_reason: 'stop' }], usage: { prompt_tokens: 100, completion_tokens: 50, total_tokens: 150 } });
        sse(res, null, '[DONE]');
      } else if (path.endsWith('/messages')) {
        sse(res, 'message_start', {
          type: 'message_start',
          message: { id: 'msg_fake', type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, usage: { input_tokens: 100, output_tokens: 1 } },
        });
        sse(res, 'content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } });
        for (const piece of firstPieces) {
          await pause();
          sse(res, 'content_block_delta', { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: piece } });
        }
        if (behaviour === 'cut') return void res.socket?.destroy();
        if (behaviour === 'error-event') {
          // Anthropic's documented mid-stream error: an `error` event, then nothing more.
          sse(res, 'error', { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
          return void res.end();
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
    behave(...behaviours) {
      queued.push(...behaviours);
    },
    refuseMaxTokens(on) {
      strictMaxTokens = on;
    },
    hanging: () => hung.size,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hung) res.socket?.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
