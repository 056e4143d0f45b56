import { casoRefSchema, clienteNombreSchema, instant, itemsOf, okSchema, pageOf } from './common';
import { endpoint } from './endpoint';
import { filterId, pageCursor, pageLimit, patchId, recordId, searchTerm } from './fields';
import { MSG } from './messages';
import { z } from './zod';

/** The 10 preset pastel colours of tags; the first is the default (#89b4fa). */
export const TAG_COLORS = ['#89b4fa', '#a6e3a1', '#f9e2af', '#fab387', '#f38ba8', '#cba6f7', '#94e2d5', '#f5c2e7', '#74c7ec', '#b4befe'] as const;
export const DEFAULT_TAG_COLOR = TAG_COLORS[0];
export const NOTE_CARD_TAGS = 3;

/*
 * Rich text is stored as a structured document (the editor's JSON), never as
 * HTML. Only these nodes and marks exist; links are http(s) or mailto.
 */
export type RichTextMark = { type: 'bold' } | { type: 'italic' } | { type: 'link'; attrs: { href: string } };
export interface RichTextNode {
  type: 'doc' | 'paragraph' | 'heading' | 'bulletList' | 'orderedList' | 'listItem' | 'text' | 'hardBreak';
  attrs?: { level?: number; start?: number };
  content?: RichTextNode[];
  text?: string;
  marks?: RichTextMark[];
}

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

/** Limits of a stored note: deep enough for any list a person writes, small enough to walk safely. */
export const RICH_TEXT_MAX_DEPTH = 24;
export const RICH_TEXT_MAX_NODES = 20_000;
export const RICH_TEXT_MAX_JSON = 500_000;

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

export const EMPTY_DOC: RichTextNode = { type: 'doc', content: [{ type: 'paragraph' }] };

/** The plain text of a document: what is searched and shown on cards. */
export function richTextToPlain(node: RichTextNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const inner = (node.content ?? []).map(richTextToPlain);
  if (node.type === 'doc' || node.type === 'bulletList' || node.type === 'orderedList') return inner.join('\n').replace(/\n{3,}/g, '\n\n').trim();
  return inner.join('');
}

/** A document with the given plain text, one paragraph per line. */
export function plainToRichText(text: string): RichTextNode {
  return {
    type: 'doc',
    content: text.split('\n').map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
  };
}

const v = MSG.validation;

export const noteCreateSchema = z.object({
  titulo: z.string({ error: MSG.notes.tituloObligatorio }).trim().min(1, { error: MSG.notes.tituloObligatorio }).max(200, { error: v.tooLong }),
  contenido: richTextSchema.optional().transform((doc) => doc ?? EMPTY_DOC),
  caso_id: patchId.transform((value) => value ?? null),
  cliente_id: patchId.transform((value) => value ?? null),
  etiqueta_ids: z.array(recordId).max(50, { error: v.tooLong }).default([]),
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
  created_at: instant,
  updated_at: instant,
  caso: casoRefSchema.nullable(),
  cliente: clienteNombreSchema.nullable(),
  etiquetas: z.array(etiquetaSchema),
});
export type Nota = z.infer<typeof notaSchema>;

export const notaListQuerySchema = z.object({ q: searchTerm, caso_id: filterId, cliente_id: filterId, etiqueta_id: filterId, cursor: pageCursor, limit: pageLimit });

const notaReply = z.strictObject({ nota: notaSchema });

export const notasApi = {
  /** Most recently updated first; search in title and content (Spanish stemming); by case and by tag. */
  list: endpoint({ method: 'GET', path: '/notas', auth: 'user', query: notaListQuerySchema, response: pageOf(notaSchema) }),
  /** The cases that have notes: the notes screen shows its case filter only when there are some. */
  cases: endpoint({ method: 'GET', path: '/notas/casos', auth: 'user', response: itemsOf(casoRefSchema) }),
  create: endpoint({ method: 'POST', path: '/notas', auth: 'user', body: noteCreateSchema, response: notaReply, status: 201 }),
  get: endpoint({ method: 'GET', path: '/notas/:id', auth: 'user', response: notaReply }),
  update: endpoint({ method: 'PATCH', path: '/notas/:id', auth: 'user', body: noteUpdateSchema, response: notaReply }),
  remove: endpoint({ method: 'DELETE', path: '/notas/:id', auth: 'user', response: okSchema }),
};

export const etiquetasApi = {
  list: endpoint({ method: 'GET', path: '/etiquetas', auth: 'user', response: itemsOf(etiquetaSchema) }),
  /** Creating a name the user already has returns that tag. */
  create: endpoint({ method: 'POST', path: '/etiquetas', auth: 'user', body: etiquetaCreateSchema, response: z.strictObject({ etiqueta: etiquetaSchema }), status: 201 }),
  remove: endpoint({ method: 'DELETE', path: '/etiquetas/:id', auth: 'user', response: okSchema }),
};
