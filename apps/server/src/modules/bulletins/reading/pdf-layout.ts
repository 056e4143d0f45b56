import { type Block, emptyLayout, isRunningHeader, type SourceLayout } from './blocks';
import { fold, tidy } from './text';

/** A run of text on a PDF page where the PDF put it: its left edge and baseline (points from the page's bottom left), its width and font size. */
export interface PositionedItem {
  s: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PositionedPage {
  page: number;
  width: number;
  height: number;
  items: PositionedItem[];
}

interface Row {
  y: number;
  size: number;
  items: PositionedItem[];
  text: string;
  /** Crosses a gutter: the masthead, a banner over both columns, a running header. */
  spanning: boolean;
  column: number;
}

interface PageLayout {
  page: number;
  rows: Row[];
  columns: number;
  oneColumnOfTwo: boolean;
  spacing: number;
}

/** Items on one baseline: within a third of the font's size (a superscript ordinal stays on its line). */
function byBaseline(items: PositionedItem[]): PositionedItem[][] {
  const sorted = [...items].sort((a, b) => b.y - a.y || a.x - b.x);
  const rows: PositionedItem[][] = [];
  for (const item of sorted) {
    const last = rows[rows.length - 1];
    const anchor = last?.[0];
    if (anchor && Math.abs(anchor.y - item.y) <= Math.max(1.5, 0.35 * Math.max(anchor.h, item.h))) last.push(item);
    else rows.push([item]);
  }
  return rows;
}

/** A line's text from its runs left to right, a space where the PDF left one (a justified line is often drawn a word at a time). */
function joinRuns(items: PositionedItem[]): string {
  const sorted = [...items].sort((a, b) => a.x - b.x);
  let text = '';
  let end = -Infinity;
  for (const item of sorted) {
    const gap = item.x - end;
    if (text && gap > 0.15 * (item.h || 8) && !/\s$/.test(text) && !/^\s/.test(item.s)) text += ' ';
    text += item.s;
    end = item.x + item.w;
  }
  return tidy(text);
}

/**
 * The gutters of a page: vertical bands no line of the body crosses,
 * between two stretches of text. A masthead or a banner printed across the columns crosses a
 * gutter on a row or two; that does not close it.
 */
function guttersOf(items: PositionedItem[], rowCount: number): { start: number; end: number }[] {
  if (items.length < 8) return [];
  const minX = Math.floor(Math.min(...items.map((item) => item.x)));
  const maxX = Math.ceil(Math.max(...items.map((item) => item.x + item.w)));
  const width = maxX - minX;
  if (width < 100) return [];
  const cover = new Int32Array(width + 2);
  const chars = new Float64Array(width + 2);
  for (const item of items) {
    const from = Math.max(0, Math.floor(item.x - minX));
    const to = Math.min(width, Math.ceil(item.x + item.w - minX));
    cover[from]! += 1;
    cover[to + 1]! -= 1;
    chars[Math.min(width, Math.max(0, Math.round(item.x + item.w / 2 - minX)))]! += item.s.length;
  }
  const totalChars = chars.reduce((sum, value) => sum + value, 0);
  // A masthead or a banner across the columns: a few rows in ten at most, not a column's text.
  const allowed = Math.max(2, Math.floor(rowCount * 0.1));
  // Coverage at each x, and its least in the page's middle: a gutter is where it stays near that least. (A column of a few
  // lines, where the day's text ends, is still text: the gutter ends where the coverage rises, not where it passes a share.)
  const coverage = new Int32Array(width + 1);
  let running = 0;
  let least = Infinity;
  for (let x = 0; x <= width; x += 1) {
    running += cover[x]!;
    coverage[x] = running;
    if (x > width * 0.15 && x < width * 0.85) least = Math.min(least, running);
  }
  if (least > allowed) return [];
  const threshold = Math.min(least + 2, allowed);
  const enough = Math.max(40, totalChars * 0.02);
  const gutters: { start: number; end: number }[] = [];
  let gapStart = -1;
  for (let x = 0; x <= width; x += 1) {
    const open = coverage[x]! <= threshold;
    if (open && gapStart < 0) gapStart = x;
    if ((!open || x === width) && gapStart >= 0) {
      const gapEnd = open ? x : x - 1;
      if (gapEnd - gapStart >= 3 && gapStart > width * 0.15 && gapEnd < width * 0.85) {
        let left = 0;
        for (let at = 0; at < gapStart; at += 1) left += chars[at]!;
        // (A page the text ends on may hold a few lines in its last column: a share of 2 %, 40 characters, is enough.)
        if (left > enough && totalChars - left > enough) gutters.push({ start: minX + gapStart, end: minX + gapEnd });
      }
      gapStart = -1;
    }
  }
  return gutters;
}

function layoutPage(page: PositionedPage): PageLayout {
  const items = page.items.filter((item) => item.s.trim() !== '' && Number.isFinite(item.x) && Number.isFinite(item.y));
  const baselines = byBaseline(items);
  const gutters = guttersOf(items, baselines.length);
  const columnOf = (item: PositionedItem) => {
    let column = 0;
    for (const gutter of gutters) if (item.x + item.w / 2 > gutter.end) column += 1;
    return column;
  };
  const crosses = (item: PositionedItem) => gutters.some((gutter) => item.x < gutter.start - 1 && item.x + item.w > gutter.end + 1);
  const rows: Row[] = [];
  for (const baseline of baselines) {
    const size = Math.max(...baseline.map((item) => item.h || 8));
    if (baseline.some(crosses)) {
      rows.push({ y: baseline[0]!.y, size, items: baseline, text: joinRuns(baseline), spanning: true, column: 0 });
      continue;
    }
    // One baseline across the columns is one line per column: each column's runs apart.
    const perColumn = new Map<number, PositionedItem[]>();
    for (const item of baseline) perColumn.set(columnOf(item), [...(perColumn.get(columnOf(item)) ?? []), item]);
    for (const [column, columnItems] of perColumn) rows.push({ y: columnItems[0]!.y, size, items: columnItems, text: joinRuns(columnItems), spanning: false, column });
  }
  rows.sort((a, b) => b.y - a.y || a.column - b.column);
  // The page's line spacing: the usual distance between two lines of one column.
  const deltas: number[] = [];
  for (let column = 0; column <= gutters.length; column += 1) {
    const own = rows.filter((row) => !row.spanning && row.column === column);
    for (let i = 1; i < own.length; i += 1) deltas.push(own[i - 1]!.y - own[i]!.y);
  }
  deltas.sort((a, b) => a - b);
  const spacing = deltas.length ? deltas[Math.floor(deltas.length / 2)]! : 10;
  // The body's width, without the page's margins (a running header spans the page whatever its columns hold).
  const body = items.filter((item) => item.y > page.height * 0.1 && item.y < page.height * 0.9);
  const minX = body.length ? Math.min(...body.map((item) => item.x)) : 0;
  const maxX = body.length ? Math.max(...body.map((item) => item.x + item.w)) : 0;
  return {
    page: page.page,
    rows,
    columns: gutters.length + 1,
    // Text in half the page's width and no gutter: the other column was not read (drawn as a picture, or lost).
    // (A page the day's text ends on may hold half a column: only a column run down to the page's foot counts.)
    oneColumnOfTwo: gutters.length === 0 && body.length > 20 && maxX - minX < page.width * 0.55 && Math.min(...body.map((item) => item.y)) < page.height * 0.15,
    spacing,
  };
}

/** The rows at a page's top (or foot) set apart from its body by a wider gap: where running headers and footers sit. */
function marginRows(layout: PageLayout, height: number): Set<Row> {
  const found = new Set<Row>();
  const rows = layout.rows;
  const gapAfter = (index: number, rowsInOrder: Row[]) => {
    const next = rowsInOrder[index + 1];
    return next ? Math.abs(rowsInOrder[index]!.y - next.y) : Infinity;
  };
  for (const [inOrder, edge] of [
    [rows, (row: Row) => row.y >= height * 0.88],
    [[...rows].reverse(), (row: Row) => row.y <= height * 0.12],
  ] as const) {
    // Rows on one baseline are one row here (a header's page number, title and section side by side).
    const distinct = inOrder.filter((row, index) => index === 0 || Math.abs(inOrder[index - 1]!.y - row.y) > 0.5);
    let last = -1;
    for (let index = 0; index < distinct.length && index < 3; index += 1) {
      if (!edge(distinct[index]!)) break;
      if (gapAfter(index, distinct) >= 1.4 * layout.spacing) last = index;
    }
    for (let index = 0; index <= last; index += 1) for (const row of inOrder) if (Math.abs(row.y - distinct[index]!.y) <= 0.5) found.add(row);
  }
  return found;
}

/**
 * A PDF's pages read the way a person reads them: each page's columns found
 * from where its text stands (not from the order the PDF wrote it in), a
 * banner across the columns dividing the page in bands read one after the
 * other, running headers and footers told apart (at the page's edge, set off
 * from the body, and repeated page after page or shaped as the masthead
 * with a page number). An entry that runs into the next column or page
 * continues in the next line given; a court heading at a column's foot is
 * followed by its entries at the next column's head.
 */
export function pdfBlocks(pages: PositionedPage[]): { blocks: Block[]; layout: SourceLayout } {
  const layouts = pages.map(layoutPage);
  const layout = emptyLayout(pages.length);
  // Running headers and footers: a margin row whose shape (digits aside) comes back page after page, or that reads as the masthead.
  const margins = layouts.map((page, index) => marginRows(page, pages[index]!.height));
  const shapeOf = (row: Row) => fold(row.text).replace(/\d+/g, '#');
  const seen = new Map<string, number>();
  for (const rows of margins) for (const shape of new Set([...rows].map(shapeOf))) seen.set(shape, (seen.get(shape) ?? 0) + 1);
  const repeated = Math.max(2, Math.ceil(pages.length * 0.3));
  const blocks: Block[] = [];
  layouts.forEach((page, index) => {
    blocks.push({ type: 'page', page: page.page });
    if (page.columns > 1) layout.pagesColumns += 1;
    // The last page may end in its first column; another page that does had a column that could not be read.
    if (page.oneColumnOfTwo && index < layouts.length - 1) layout.pagesOneColumn += 1;
    const margin = margins[index]!;
    const furnitureYs = new Set<number>();
    for (const row of margin) if (isRunningHeader(fold(row.text)) || (pages.length > 2 && (seen.get(shapeOf(row)) ?? 0) >= repeated)) furnitureYs.add(row.y);
    const isFurniture = (row: Row) => [...furnitureYs].some((y) => Math.abs(y - row.y) <= 0.5);
    const body = page.rows.filter((row) => !isFurniture(row));
    for (const row of page.rows) if (isFurniture(row) && row.y >= pages[index]!.height / 2) blocks.push({ type: 'furniture', text: row.text });
    // Bands between banners; in each, the columns left to right, each top to bottom.
    const spans = body.filter((row) => row.spanning);
    const bandOf = (row: Row) => spans.filter((span) => span.y > row.y + 0.5).length;
    for (let band = 0; band <= spans.length; band += 1) {
      for (let column = 0; column < page.columns; column += 1) {
        const lines = body.filter((row) => !row.spanning && row.column === column && bandOf(row) === band);
        lines.forEach((row, at) => {
          if (at > 0 && lines[at - 1]!.y - row.y > 1.7 * page.spacing) blocks.push({ type: 'gap' });
          if (row.text) blocks.push({ type: 'line', text: row.text });
        });
      }
      const span = spans[band];
      if (span?.text) blocks.push({ type: 'line', text: span.text });
    }
    for (const row of page.rows) if (isFurniture(row) && row.y < pages[index]!.height / 2) blocks.push({ type: 'furniture', text: row.text });
  });
  return { blocks, layout };
}
