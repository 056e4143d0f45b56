import { HEADING_START, LIST_LABEL, NUMBER_CELL, ROW_INDEX, SECRETARIA } from './patterns';
import { capitalsShare, fold, tidy } from './text';

/**
 * A bulletin as the reader takes it, whatever it came as (a PDF's positions,
 * a web page, pasted text): what a person sees, in the order they read it.
 * Running headers and page numbers are marked as furniture (their dates are
 * still the bulletin's), table rows keep their cells.
 */
export type Block =
  /** A new page starts (PDF and text with form feeds). */
  | { type: 'page'; page: number }
  /** A line of text as printed. */
  | { type: 'line'; text: string }
  /** A running header or footer, a page number: not content, but its date is the bulletin's. */
  | { type: 'furniture'; text: string }
  /** A blank line or a paragraph's end. */
  | { type: 'gap' }
  /** A table row a person sees, its cells in order (a web page's list of acuerdos). */
  | { type: 'row'; cells: string[] };

/** What the source itself told of its layout, for the reading report. */
export interface SourceLayout {
  /** Pages, when the source has them. */
  pages: number | null;
  /** Pages whose text the layout found in one column where the page's width holds two (a column not read: a scan, a picture). */
  pagesOneColumn: number;
  /** Pages whose text stood in two columns or more. */
  pagesColumns: number;
  /** Table rows a browser would not show (hidden, empty spacer rows) and were not read. */
  hiddenRows: number;
}

export const emptyLayout = (pages: number | null = null): SourceLayout => ({ pages, pagesOneColumn: 0, pagesColumns: 0, hiddenRows: 0 });

/** A page number, alone on its line or as 'Página 3 de 250'. */
const PAGE_NUMBER = /^(?:(?:pagina|pag\.?)\s*)?\d{1,4}(?:\s*(?:de|\/)\s*\d{1,4})?$/;

/**
 * A bulletin's running header or footer, as printed on every page: the
 * page's number with the masthead ('57 BOLETÍN JUDICIAL No. 48 Martes 17 de
 * marzo de 2026'), or the masthead with the day.
 */
export function isRunningHeader(folded: string): boolean {
  if (PAGE_NUMBER.test(folded)) return true;
  if (folded.length > 160 || !/\bboletin judicial\b/.test(folded)) return false;
  return /^\d{1,4}\s+boletin judicial\b/.test(folded) || /\bboletin judicial\b.*\bno\.?\s*\d+/.test(folded) || /\d{4}\s+\d{1,4}$/.test(folded);
}

/** A section's name as a running header repeats it beside the masthead ('Juzgados de lo Familiar'): printed small, not in capitals. */
const SECTION_NAME = /^(juzgados|salas|tribunales|edictos|avisos|seccion)\b/;

/**
 * Pasted text, or text a PDF viewer or pdftotext gave: its lines, a form
 * feed for each new page, tab-separated lines as the table rows a browser
 * copies. A browser copies a table whose cells hold paragraphs (Word's pages
 * do) one cell a paragraph: the row's number, then its expediente alone on a
 * line, then its parties; those lines are put back together as the row they
 * were. Running headers are told by their shape (the masthead with the
 * page's number), and the section's name printed beside them, on the line
 * before or after, goes with them.
 */
export function textBlocks(text: string): { blocks: Block[]; layout: SourceLayout } {
  const blocks: Block[] = [];
  let page = 1;
  let sawFormFeed = false;
  const lines: { text: string; folded: string; page: number; formFeed: boolean }[] = [];
  for (const piece of text.replace(/\r\n?/g, '\n').split('\n')) {
    piece.split('\f').forEach((part, index) => {
      if (index > 0) {
        page += 1;
        sawFormFeed = true;
        lines.push({ text: '', folded: '', page, formFeed: true });
      }
      const textOf = part.includes('\t') ? part.split('\t').map(tidy).filter(Boolean).join('\t') : tidy(part);
      lines.push({ text: textOf, folded: fold(textOf), page, formFeed: false });
    });
  }
  const nextFilled = (from: number) => {
    for (let at = from; at < lines.length; at += 1) if (lines[at]!.text || lines[at]!.formFeed) return at;
    return -1;
  };
  // A row copied a cell a paragraph: its number alone, then an expediente alone.
  const opensRow = (at: number) => {
    if (!ROW_INDEX.test(lines[at]!.folded)) return -1;
    const next = nextFilled(at + 1);
    return next >= 0 && !lines[next]!.formFeed && NUMBER_CELL.test(lines[next]!.folded) ? next : -1;
  };
  const furniture = lines.map((line) => !!line.text && isRunningHeader(line.folded.replace(/\t/g, ' ')));
  lines.forEach((line, index) => {
    if (furniture[index] && ROW_INDEX.test(line.folded) && opensRow(index) >= 0) furniture[index] = false;
  });
  // The section's name beside a header ('Juzgados de lo Familiar'), on its own line when the viewer split the header.
  lines.forEach((line, index) => {
    if (furniture[index] || !SECTION_NAME.test(line.folded) || capitalsShare(line.text) > 0.6) return;
    const near = [index - 1, index + 1, index - 2, index + 2].some((other) => furniture[other] && lines[other]!.page === line.page);
    if (near) furniture[index] = true;
  });
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (line.formFeed) {
      blocks.push({ type: 'page', page: line.page });
      continue;
    }
    if (!line.text) {
      if (blocks.length && blocks[blocks.length - 1]!.type !== 'gap') blocks.push({ type: 'gap' });
      continue;
    }
    if (furniture[index]) {
      blocks.push({ type: 'furniture', text: line.text });
      continue;
    }
    const numberAt = opensRow(index);
    if (numberAt >= 0) {
      // The row's other cells: the paragraphs that follow, up to the next row or a heading.
      const details: string[] = [];
      let at = numberAt + 1;
      for (; at < lines.length; at += 1) {
        const next = lines[at]!;
        if (next.formFeed) break;
        if (!next.text) continue;
        if (opensRow(at) >= 0 || next.text.includes('\t') || HEADING_START.test(next.folded) || SECRETARIA.test(next.folded) || LIST_LABEL.test(next.folded)) break;
        details.push(next.text);
      }
      blocks.push({ type: 'row', cells: [line.text, lines[numberAt]!.text, details.join(' ')] });
      index = at - 1;
      continue;
    }
    const cells = line.text.split('\t').filter(Boolean);
    if (cells.length >= 2) blocks.push({ type: 'row', cells });
    else blocks.push({ type: 'line', text: line.text });
  }
  return { blocks: [{ type: 'page', page: 1 }, ...blocks], layout: emptyLayout(sawFormFeed ? page : null) };
}
