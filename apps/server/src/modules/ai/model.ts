import type { LanguageModel, ModelMessage } from 'ai';
import type { Config } from '../../config';

/** The longest a reply may be, and the longest the model may take to give it. */
const MAX_OUTPUT_TOKENS = 1500;
const TIMEOUT_MS = 120_000;

export interface AssistantModel {
  /** What the screen says answers: 'claude-sonnet-4-5 (Anthropic)', 'llama3.1 (local)'. */
  label: string;
  /** The reply, piece by piece; throws when the provider fails. */
  stream(input: { system: string; messages: ModelMessage[]; signal: AbortSignal }): AsyncIterable<string>;
}

const isLocal = (url: string | undefined) => !!url && /^https?:\/\/(localhost|127\.0\.0\.1|\[::1\]|0\.0\.0\.0)(:\d+)?(\/|$)/.test(url);

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
      const { streamText } = await import('ai');
      if (ai.provider === 'anthropic') {
        const { createAnthropic } = await import('@ai-sdk/anthropic');
        return { streamText, model: createAnthropic({ apiKey: ai.apiKey, ...(ai.baseUrl ? { baseURL: ai.baseUrl } : {}) })(ai.model) };
      }
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      return { streamText, model: createOpenAICompatible({ name: 'bufete', baseURL: ai.baseUrl!, apiKey: ai.apiKey })(ai.model) };
    })());
  return {
    label,
    async *stream({ system, messages, signal }) {
      const { model, streamText } = await load();
      const result = streamText({
        model,
        system,
        messages,
        maxOutputTokens: MAX_OUTPUT_TOKENS,
        maxRetries: 1,
        abortSignal: AbortSignal.any([signal, AbortSignal.timeout(TIMEOUT_MS)]),
        // Failures arrive as 'error' parts below (and are logged by the caller, without the conversation).
        onError: () => undefined,
      });
      for await (const part of result.fullStream) {
        if (part.type === 'text-delta') yield part.text;
        else if (part.type === 'error') throw part.error instanceof Error ? part.error : new Error(String(part.error));
        else if (part.type === 'abort') throw new Error('respuesta interrumpida');
      }
    },
  };
}
