/** Plain values of the notas area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

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

/** Limits of a stored note: deep enough for any list a person writes, small enough to walk safely. */
export const RICH_TEXT_MAX_DEPTH = 24;
export const RICH_TEXT_MAX_NODES = 20_000;
export const RICH_TEXT_MAX_JSON = 500_000;

export const EMPTY_DOC: RichTextNode = { type: 'doc', content: [{ type: 'paragraph' }] };

/** The plain text of a document: what is searched and shown on cards. */
export function richTextToPlain(node: RichTextNode): string {
  if (node.type === 'text') return node.text ?? '';
  if (node.type === 'hardBreak') return '\n';
  const inner = (node.content ?? []).map(richTextToPlain);
  if (node.type === 'doc' || node.type === 'bulletList' || node.type === 'orderedList')
    return inner
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  return inner.join('');
}

/** A document with the given plain text, one paragraph per line. */
export function plainToRichText(text: string): RichTextNode {
  return {
    type: 'doc',
    content: text.split('\n').map((line) => (line ? { type: 'paragraph', content: [{ type: 'text', text: line }] } : { type: 'paragraph' })),
  };
}
