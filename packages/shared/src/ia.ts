import { AI_PICKER_MAX, AI_FILES_PER_MESSAGE, AI_MESSAGE_MAX } from './values/ia';
import { casoRefSchema, instant } from './common';
import { optionalId, recordId } from './fields';
import { MSG } from './messages';
import { z } from './zod';

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
  documentos: z.array(
    z.strictObject({ id: z.string(), nombre: z.string(), tipo: z.string(), caso_id: z.string().nullable(), cliente_id: z.string().nullable(), created_at: instant }),
  ),
  casos: z.array(z.strictObject({ id: z.string(), titulo: z.string(), estado: z.string(), created_at: instant, documento_ids: z.array(z.string()) })),
});
export type AiContextOptions = z.infer<typeof aiContextOptionsSchema>;
