import { z } from 'zod';
import { MSG } from './messages';

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
  .refine((href) => /^(https?:\/\/|mailto:)/i.test(href), { message: 'Enlace no permitido' });

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

export const richTextSchema = nodeSchema.refine((node) => node.type === 'doc', { message: 'Contenido inválido' }).refine((doc) => JSON.stringify(doc).length <= 500_000, {
  message: MSG.validation.tooLong,
});

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
const optionalId = z
  .union([z.uuid({ error: MSG.http.notFound }), z.literal(''), z.null()])
  .optional()
  .transform((value) => (value === undefined ? undefined : value || null));

export const noteCreateSchema = z.object({
  titulo: z.string({ error: MSG.notes.tituloObligatorio }).trim().min(1, { error: MSG.notes.tituloObligatorio }).max(200, { error: v.tooLong }),
  contenido: richTextSchema.optional().transform((doc) => doc ?? EMPTY_DOC),
  caso_id: optionalId.transform((value) => value ?? null),
  cliente_id: optionalId.transform((value) => value ?? null),
  tag_ids: z.array(z.uuid({ error: MSG.http.notFound })).max(50).default([]),
});
export type NoteCreateInput = z.input<typeof noteCreateSchema>;

export const noteUpdateSchema = z
  .object({
    titulo: z.string({ error: MSG.notes.tituloObligatorio }).trim().min(1, { error: MSG.notes.tituloObligatorio }).max(200, { error: v.tooLong }),
    contenido: richTextSchema,
    caso_id: optionalId,
    cliente_id: optionalId,
    tag_ids: z.array(z.uuid({ error: MSG.http.notFound })).max(50),
    is_favorita: z.boolean(),
  })
  .partial()
  .strict();
export type NoteUpdateInput = z.input<typeof noteUpdateSchema>;

export const tagCreateSchema = z.object({
  nombre: z.string({ error: MSG.notes.etiquetaObligatoria }).trim().min(1, { error: MSG.notes.etiquetaObligatoria }).max(40, { error: v.tooLong }),
  color: z.enum(TAG_COLORS, { error: MSG.notes.colorInvalido }).default(DEFAULT_TAG_COLOR),
});
export type TagCreateInput = z.input<typeof tagCreateSchema>;

export interface Tag {
  id: string;
  nombre: string;
  color: string;
}

export interface Nota {
  id: string;
  titulo: string;
  contenido: RichTextNode;
  contenido_texto: string;
  caso_id: string | null;
  cliente_id: string | null;
  is_favorita: boolean;
  created_at: string;
  updated_at: string;
  caso: { id: string; titulo: string } | null;
  cliente: { id: string; nombre: string } | null;
  tags: Tag[];
}
