import { TAG_COLORS, DEFAULT_TAG_COLOR, type RichTextMark, type RichTextNode, RICH_TEXT_MAX_DEPTH, RICH_TEXT_MAX_NODES, RICH_TEXT_MAX_JSON, EMPTY_DOC } from './values/notas';
import { casoRefSchema, clienteNombreSchema, instant } from './common';
import { filterId, pageCursor, pageLimit, patchId, recordId, searchTerm } from './fields';
import { MSG } from './messages';
import { z } from './zod';

const safeHref = z
  .string()
  .trim()
  .max(2000)
  .refine((href) => /^(https?:\/\/|mailto:)/i.test(href), { message: MSG.notes.enlaceNoPermitido });

const markSchema: z.ZodType<RichTextMark> = z.union([
  z.object({ type: z.literal('bold') }).transform(() => ({ type: 'bold' as const })),
  z.object({ type: z.literal('italic') }).transform(() => ({ type: 'italic' as const })),
  z.object({ type: z.literal('link'), attrs: z.object({ href: safeHref }).loose() }).transform((mark) => ({ type: 'link' as const, attrs: { href: mark.attrs.href } })),
]) as unknown as z.ZodType<RichTextMark>;

const nodeSchema: z.ZodType<RichTextNode> = z.lazy(() =>
  z
    .object({
      type: z.enum(['doc', 'paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'text', 'hardBreak']),
      attrs: z
        .object({ level: z.number().int().min(1).max(3).optional(), start: z.number().int().min(0).max(100_000).optional() })
        .loose()
        .optional()
        .transform((attrs) => (attrs && (attrs.level !== undefined || attrs.start !== undefined) ? { level: attrs.level, start: attrs.start } : undefined)),
      content: z.array(nodeSchema).max(5000).optional(),
      text: z.string().max(100_000).optional(),
      marks: z.array(markSchema).max(10).optional(),
    })
    .transform((node) => Object.fromEntries(Object.entries(node).filter(([, value]) => value !== undefined)) as unknown as RichTextNode),
) as unknown as z.ZodType<RichTextNode>;

/**
 * Checked before the recursive schema runs: a document nested thousands of
 * levels deep would otherwise overflow the stack of the validator itself.
 * Walks with an explicit stack, so it never recurses.
 */
function withinTreeBounds(value: unknown): boolean {
  const pending: { node: unknown; depth: number }[] = [{ node: value, depth: 1 }];
  let count = 0;
  while (pending.length > 0) {
    const { node, depth } = pending.pop()!;
    count += 1;
    if (depth > RICH_TEXT_MAX_DEPTH || count > RICH_TEXT_MAX_NODES) return false;
    if (node && typeof node === 'object' && 'content' in node) {
      const content = (node as { content?: unknown }).content;
      if (Array.isArray(content)) for (const child of content) pending.push({ node: child, depth: depth + 1 });
    }
  }
  return true;
}

export const richTextSchema = z
  .unknown()
  .refine(withinTreeBounds, { message: MSG.notes.contenidoComplejo, abort: true })
  .pipe(nodeSchema)
  .refine((node) => node.type === 'doc', { message: MSG.notes.contenidoInvalido })
  .refine((doc) => JSON.stringify(doc).length <= RICH_TEXT_MAX_JSON, { message: MSG.notes.contenidoComplejo }) as unknown as z.ZodType<RichTextNode, RichTextNode>;

const v = MSG.validation;

export const noteCreateSchema = z.object({
  titulo: z.string({ error: MSG.notes.tituloObligatorio }).trim().min(1, { error: MSG.notes.tituloObligatorio }).max(200, { error: v.tooLong }),
  contenido: richTextSchema.optional().transform((doc) => doc ?? EMPTY_DOC),
  caso_id: patchId.transform((value) => value ?? null),
  cliente_id: patchId.transform((value) => value ?? null),
  etiqueta_ids: z.array(recordId).max(50, { error: v.tooLong }).default([]),
  /** Only its author reads it (issue 46). */
  privada: z.boolean({ error: v.badRequest }).optional().default(false),
});
export type NoteCreateInput = z.input<typeof noteCreateSchema>;

export const noteUpdateSchema = z
  .object({
    titulo: z.string({ error: MSG.notes.tituloObligatorio }).trim().min(1, { error: MSG.notes.tituloObligatorio }).max(200, { error: v.tooLong }),
    contenido: richTextSchema,
    caso_id: patchId,
    cliente_id: patchId,
    etiqueta_ids: z.array(recordId).max(50, { error: v.tooLong }),
    is_favorita: z.boolean(),
    privada: z.boolean({ error: v.badRequest }),
  })
  .partial()
  .strict();
export type NoteUpdateInput = z.input<typeof noteUpdateSchema>;

export const etiquetaCreateSchema = z.object({
  nombre: z.string({ error: MSG.notes.etiquetaObligatoria }).trim().min(1, { error: MSG.notes.etiquetaObligatoria }).max(40, { error: v.tooLong }),
  color: z.enum(TAG_COLORS, { error: MSG.notes.colorInvalido }).default(DEFAULT_TAG_COLOR),
});
export type EtiquetaCreateInput = z.input<typeof etiquetaCreateSchema>;

export const etiquetaSchema = z.strictObject({ id: z.string(), nombre: z.string(), color: z.string() });
export type Etiqueta = z.infer<typeof etiquetaSchema>;

/** A stored note on the wire: its document as stored (already checked when it was saved). */
export const notaSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  contenido: z.custom<RichTextNode>((value) => !!value && typeof value === 'object'),
  contenido_texto: z.string(),
  caso_id: z.string().nullable(),
  cliente_id: z.string().nullable(),
  is_favorita: z.boolean(),
  /** Only its author reads it. */
  privada: z.boolean(),
  created_at: instant,
  updated_at: instant,
  caso: casoRefSchema.nullable(),
  cliente: clienteNombreSchema.nullable(),
  etiquetas: z.array(etiquetaSchema),
});
export type Nota = z.infer<typeof notaSchema>;

export const notaListQuerySchema = z.object({ q: searchTerm, caso_id: filterId, cliente_id: filterId, etiqueta_id: filterId, cursor: pageCursor, limit: pageLimit });

export const notaReply = z.strictObject({ nota: notaSchema });
