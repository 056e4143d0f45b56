import { casoRefSchema, instant, itemsOf, okSchema } from './common';
import { LIMITS } from './constants';
import { endpoint } from './endpoint';
import { optionalId, recordId } from './fields';
import { MSG } from './messages';
import { z } from './zod';

/** Remaining requests at or below which the usage card turns yellow, and red (spec part 2, section 9). */
export const AI_WARNING_REMAINING = 10;
export const AI_CRITICAL_REMAINING = 5;
/** The context picker's lists, and the chat title's length (the first 50 characters + '...'). */
export const AI_PICKER_MAX = 50;
export const AI_TITLE_CHARS = 50;
/** Files one question may carry, and the characters of one question. */
export const AI_FILES_PER_MESSAGE = 10;
export const AI_MESSAGE_MAX = 10_000;
/** Extensions the chat accepts for attachments. */
export const AI_FILE_ACCEPT = '.pdf,.doc,.docx,.txt,.csv';

/** The session title made from a first message: its first 50 characters and '...' (spec). */
export function sessionTitleOf(message: string): string {
  return `${message.trim().slice(0, AI_TITLE_CHARS)}...`;
}

/** get_ai_usage_stats: today's count on the lawyer's clock. */
export const aiUsageSchema = z.strictObject({
  requests_used: z.number(),
  requests_limit: z.number(),
  requests_remaining: z.number(),
  /** The day the count belongs to (YYYY-MM-DD); it starts again the next day. */
  reset_date: z.string(),
});
export type AiUsage = z.infer<typeof aiUsageSchema>;

export const aiStatusSchema = z.strictObject({
  uso: aiUsageSchema,
  /** The model that answers ('claude-sonnet-4', 'llama3.1 (local)'), or null when none is configured. */
  modelo: z.string().nullable(),
});

export const aiPassageSchema = z.strictObject({
  /** The id the reply cites it by ('P3'). */
  id: z.string(),
  documento_id: z.string().nullable(),
  nombre: z.string(),
  /** The PDF page it comes from, when known. */
  pagina: z.number().nullable(),
});

/** What a reply was built from (spec: context_used), and how its quotations checked out. */
export const contextUsedSchema = z.strictObject({
  documents: z.array(z.strictObject({ id: z.string(), nombre: z.string(), tipo: z.string() })),
  case: casoRefSchema.nullable(),
  pasajes: z.array(aiPassageSchema),
  /** Quotations the reply attributes to the material, each checked against it. */
  citas: z.array(z.strictObject({ texto: z.string(), pasaje: z.string().nullable(), verificada: z.boolean() })),
});
export type ContextUsed = z.infer<typeof contextUsedSchema>;

export const aiMessageSchema = z.strictObject({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  context_used: contextUsedSchema.nullable(),
  /** A question that got no whole answer, or the part of an answer that arrived before it was cut: shown as such, never sent again as history. */
  incompleta: z.boolean(),
  created_at: instant,
});
export type AiMessage = z.infer<typeof aiMessageSchema>;

export const aiSessionSchema = z.strictObject({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  is_favorite: z.boolean(),
  context_documents: z.array(z.strictObject({ id: z.string() })),
  context_case_id: z.string().nullable(),
  updated_at: instant,
});
export type AiSession = z.infer<typeof aiSessionSchema>;

export const aiFileSchema = z.strictObject({ id: z.string(), nombre: z.string(), tipo: z.string(), tamaño: z.number(), caracteres: z.number() });
export type AiFile = z.infer<typeof aiFileSchema>;

/** The ai-assistant call: the question, the session it continues and the context chosen. */
export const aiAskSchema = z
  .object({
    message: z.string({ error: MSG.validation.badRequest }).trim().max(AI_MESSAGE_MAX, { error: MSG.validation.tooLong }).default(''),
    session_id: optionalId,
    document_ids: z.array(recordId).max(AI_PICKER_MAX, { error: MSG.validation.badRequest }).default([]),
    caso_id: optionalId,
    file_ids: z.array(recordId).max(AI_FILES_PER_MESSAGE, { error: MSG.ai.demasiadosArchivos }).default([]),
  })
  .refine((value) => value.message.length > 0 || value.file_ids.length > 0, { error: MSG.ai.mensajeVacio, path: ['message'] });
export type AiAskInput = z.input<typeof aiAskSchema>;

/**
 * The reply streams as lines of JSON: first `start` (the session and the
 * usage after taking this question's unit), then `delta` pieces of text,
 * then `done` with the saved message, or `error` (the unit given back).
 */
export const aiStreamEventSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('start'), session_id: z.string(), usage: aiUsageSchema, modelo: z.string().nullable() }),
  z.strictObject({ type: z.literal('delta'), text: z.string() }),
  z.strictObject({ type: z.literal('done'), message: aiMessageSchema, usage: aiUsageSchema }),
  /** The reply failed or was cut: what arrived stays on the screen marked incomplete; the unit is given back (usage). */
  z.strictObject({ type: z.literal('error'), message: z.string(), usage: aiUsageSchema }),
]);
export type AiStreamEvent = z.infer<typeof aiStreamEventSchema>;

export const aiSessionUpdateSchema = z
  .object({
    title: z.string({ error: MSG.ai.tituloObligatorio }).trim().min(1, { error: MSG.ai.tituloObligatorio }).max(200, { error: MSG.validation.tooLong }).optional(),
    is_favorite: z.boolean({ error: MSG.validation.badRequest }).optional(),
  })
  .strict();

export const aiContextOptionsSchema = z.strictObject({
  documentos: z.array(z.strictObject({ id: z.string(), nombre: z.string(), tipo: z.string(), caso_id: z.string().nullable(), cliente_id: z.string().nullable(), created_at: instant })),
  casos: z.array(z.strictObject({ id: z.string(), titulo: z.string(), estado: z.string(), created_at: instant, documento_ids: z.array(z.string()) })),
});
export type AiContextOptions = z.infer<typeof aiContextOptionsSchema>;

export const iaApi = {
  /** Usage (get_ai_usage_stats) and the model that answers. */
  status: endpoint({ method: 'GET', path: '/ia/estado', auth: 'user', response: aiStatusSchema }),
  /** Asks a question: the reply streams (see aiStreamEventSchema). 429 when today's quota is used up. */
  ask: endpoint({ method: 'POST', path: '/ia/consultas', auth: 'user', body: aiAskSchema, response: 'file' }),
  /** An attachment for the next question: its text extracted, kept with the chat. */
  upload: endpoint({
    method: 'POST',
    path: '/ia/archivos',
    auth: 'user',
    upload: { fields: z.object({}), maxBytes: LIMITS.chatFileMaxBytes },
    response: z.strictObject({ archivo: aiFileSchema }),
    status: 201,
  }),
  /** The 50 newest documents and cases for 'Seleccionar contexto para IA' (with each case's documents). */
  contextOptions: endpoint({ method: 'GET', path: '/ia/contexto', auth: 'user', response: aiContextOptionsSchema }),
  sessions: endpoint({ method: 'GET', path: '/ia/sesiones', auth: 'user', response: itemsOf(aiSessionSchema) }),
  session: endpoint({ method: 'GET', path: '/ia/sesiones/:id', auth: 'user', response: z.strictObject({ session: aiSessionSchema, messages: z.array(aiMessageSchema) }) }),
  updateSession: endpoint({ method: 'PATCH', path: '/ia/sesiones/:id', auth: 'user', body: aiSessionUpdateSchema, response: z.strictObject({ session: aiSessionSchema }) }),
  removeSession: endpoint({ method: 'DELETE', path: '/ia/sesiones/:id', auth: 'user', response: okSchema }),
};
