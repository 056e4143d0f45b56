import type { LanguageModel, ModelMessage } from 'ai';
import type { Config } from '../../config';

/** The longest a reply may be, and the longest the model may take to give it all. */
const MAX_OUTPUT_TOKENS = 1500;
const TOTAL_TIMEOUT_MS = 120_000;

/**
 * Why a reply did not arrive whole. `provider`: the provider refused or failed
 * (an HTTP error, an error event mid-stream, a dropped connection); `timeout`:
 * no first words within the configured time, or not finished in two minutes;
 * `empty`: it finished without a word; `stopped`: the lawyer stopped it.
 */
export class ModelError extends Error {
  constructor(
    readonly kind: 'provider' | 'timeout' | 'empty' | 'stopped',
    /** For the log: what the provider said (its error type and message), never the conversation. */
    readonly detail: string,
  ) {
    super(detail);
  }
}

export interface AssistantModel {
  /** What the screen says answers: 'claude-sonnet-4-5 (Anthropic)', 'llama3.1 (local)'. */
  label: string;
  /** The reply, piece by piece; throws a ModelError when it cannot be had whole. */
  stream(input: { system: string; messages: ModelMessage[]; signal: AbortSignal }): AsyncIterable<string>;
}

const isLocal = (url: string | undefined) => !!url && /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(:\d+)?(\/|$)/.test(url);

/**
 * A provider's failure as a log line can say it: the AI SDK's errors carry a
 * status and a body, an error event mid-stream arrives as a plain object
 * ({ type: 'overloaded_error', message: 'Overloaded' }), a dropped connection
 * as a cause. Never '[object Object]', never the prompt.
 */
export function describeProviderError(error: unknown): string {
  if (error instanceof ModelError) return error.detail;
  if (error && typeof error === 'object') {
    const record = error as { name?: unknown; message?: unknown; statusCode?: unknown; type?: unknown; error?: unknown; cause?: unknown; responseBody?: unknown };
    if (record.error && typeof record.error === 'object') return describeProviderError(record.error);
    const parts = [
      typeof record.statusCode === 'number' ? `HTTP ${record.statusCode}` : null,
      typeof record.type === 'string' ? record.type : typeof record.name === 'string' && record.name !== 'Error' ? record.name : null,
      typeof record.message === 'string' ? record.message.slice(0, 300) : null,
      record.cause instanceof Error ? `causa: ${record.cause.message.slice(0, 120)}` : null,
    ].filter(Boolean);
    if (parts.length) return parts.join(' · ');
  }
  return String(error).slice(0, 300);
}

/**
 * The configured language model through the Vercel AI SDK: Anthropic, or any
 * OpenAI-compatible server (OpenAI, or a local Ollama / vLLM / LM Studio, so
 * nothing leaves the office). Null when none is configured.
 */
export function createAssistantModel(ai: Config['ai']): AssistantModel | null {
  if (!ai) return null;
  const label = ai.provider === 'anthropic' ? `${ai.model} (Anthropic)` : isLocal(ai.baseUrl) ? `${ai.model} (local)` : ai.model;
  // The AI SDK takes most of a second to load: it is loaded with the first
  // question, not at start-up, and once.
  let sdk: Promise<{ model: LanguageModel; streamText: typeof import('ai').streamText }> | undefined;
  const load = () =>
    (sdk ??= (async () => {
      // The SDK's compatibility warnings go to the console; the server has its own log.
      (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
      const { streamText } = await import('ai');
      if (ai.provider === 'anthropic') {
        const { createAnthropic } = await import('@ai-sdk/anthropic');
        return { streamText, model: createAnthropic({ apiKey: ai.apiKey, ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}) })(ai.model) };
      }
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      // OpenAI's newer models refuse max_tokens and want max_completion_tokens (config.ts picks it).
      const transformRequestBody =
        ai.maxTokensField === 'max_completion_tokens'
          ? ({ max_tokens, ...body }: Record<string, unknown>) => (max_tokens === undefined ? body : { ...body, max_completion_tokens: max_tokens })
          : undefined;
      return { streamText, model: createOpenAICompatible({ name: 'bufete', baseURL: ai.baseUrl!, apiKey: ai.apiKey, transformRequestBody })(ai.model) };
    })());
  return {
    label,
    async *stream({ system, messages, signal }) {
      const { model, streamText } = await load();
      // A provider that accepts the question and never answers: given up on after firstTokenMs.
      const firstWords = new AbortController();
      const total = AbortSignal.timeout(TOTAL_TIMEOUT_MS);
      const waiting = setTimeout(() => firstWords.abort(), ai.firstTokenMs);
      const why = () =>
        signal.aborted
          ? new ModelError('stopped', 'la respuesta se detuvo a petición del abogado')
          : firstWords.signal.aborted
            ? new ModelError('timeout', `sin respuesta en ${Math.round(ai.firstTokenMs / 1000)} s`)
            : new ModelError('timeout', `sin terminar en ${TOTAL_TIMEOUT_MS / 1000} s`);
      try {
        const result = streamText({
          model,
          system,
          messages,
          maxOutputTokens: MAX_OUTPUT_TOKENS,
          maxRetries: 1,
          abortSignal: AbortSignal.any([signal, firstWords.signal, total]),
          // Failures arrive as 'error' parts below (and are logged by the caller, without the conversation).
          onError: () => undefined,
        });
        let words = false;
        for await (const part of result.fullStream) {
          if (part.type === 'text-delta') {
            if (!part.text) continue;
            if (!words) clearTimeout(waiting);
            words = true;
            yield part.text;
          } else if (part.type === 'error') {
            throw signal.aborted || firstWords.signal.aborted || total.aborted ? why() : new ModelError('provider', describeProviderError(part.error));
          } else if (part.type === 'abort') {
            throw why();
          } else if (part.type === 'finish' && part.finishReason !== 'stop' && part.finishReason !== 'length') {
            // A stream that ended without the provider saying it finished was cut.
            throw new ModelError('provider', `la respuesta terminó sin cerrarse (${part.finishReason})`);
          }
        }
        if (!words) throw new ModelError('empty', 'el modelo terminó sin escribir nada');
      } catch (error) {
        if (error instanceof ModelError) throw error;
        throw signal.aborted || firstWords.signal.aborted || total.aborted ? why() : new ModelError('provider', describeProviderError(error));
      } finally {
        clearTimeout(waiting);
      }
    },
  };
}
