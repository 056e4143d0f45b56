import { Parser } from 'htmlparser2';
import { type Block, emptyLayout, type SourceLayout } from './blocks';
import { tidy } from './text';

/** Elements whose content a browser never shows. */
const NEVER_SHOWN = new Set(['head', 'script', 'style', 'noscript', 'template', 'title', 'xml', 'object', 'iframe', 'svg', 'select', 'option']);
/** Elements that start and end a line of text. */
const BLOCK = new Set([
  'p',
  'div',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'dt',
  'dd',
  'blockquote',
  'pre',
  'section',
  'article',
  'header',
  'footer',
  'address',
  'center',
  'caption',
  'table',
  'ul',
  'ol',
  'dl',
  'hr',
  'body',
  'form',
  'fieldset',
  'legend',
  'main',
  'nav',
  'aside',
]);

/** Whether an element is hidden from the person reading the page: `hidden`, `display:none`, `visibility:hidden`, Word's `mso-hide:all`. */
function hidden(attributes: Record<string, string>): boolean {
  if ('hidden' in attributes) return true;
  const style = (attributes.style ?? '').toLowerCase().replace(/\s+/g, '');
  return /(^|;)display:none/.test(style) || /(^|;)visibility:hidden/.test(style) || /(^|;)mso-hide:all/.test(style);
}

interface RowContext {
  cells: string[];
  cell: string | null;
}

/**
 * A web page as a person sees it (a court's list of acuerdos, often saved
 * from Word): its lines in order, and each table row a person sees as one
 * row with its cells, so an acuerdo is its own row and its cell is its text.
 * What the browser does not show — scripts, styles, hidden elements, Word's
 * empty spacer rows — is not read, and the rows left out are counted.
 */
export function htmlBlocks(html: string): { blocks: Block[]; layout: SourceLayout } {
  const blocks: Block[] = [];
  const layout = emptyLayout(null);
  const stack: { name: string; hides: boolean }[] = [];
  let hiddenDepth = 0;
  let line = '';
  const rows: RowContext[] = [];

  const flushLine = (gap: boolean) => {
    const text = tidy(line);
    line = '';
    if (text) blocks.push({ type: 'line', text });
    if (gap && blocks.length && blocks[blocks.length - 1]!.type !== 'gap') blocks.push({ type: 'gap' });
  };
  const inCell = () => {
    const row = rows[rows.length - 1];
    return row && row.cell !== null ? row : null;
  };

  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const hides = NEVER_SHOWN.has(name) || hidden(attributes);
        stack.push({ name, hides });
        if (hides) {
          if (hiddenDepth === 0 && name === 'tr') layout.hiddenRows += 1;
          hiddenDepth += 1;
          return;
        }
        if (hiddenDepth > 0) return;
        const cellRow = inCell();
        if (name === 'table') {
          // A table inside a cell: what the cell said so far is a line of its own; the inner rows are the rows.
          if (cellRow && tidy(cellRow.cell!)) {
            blocks.push({ type: 'line', text: tidy(cellRow.cell!) });
            cellRow.cell = '';
          }
          if (!cellRow) flushLine(true);
          return;
        }
        if (name === 'tr') {
          if (!cellRow) flushLine(false);
          rows.push({ cells: [], cell: null });
          return;
        }
        if (name === 'td' || name === 'th') {
          const row = rows[rows.length - 1];
          if (row) row.cell = '';
          return;
        }
        if (cellRow) {
          if (name === 'br' || BLOCK.has(name)) cellRow.cell += ' ';
          return;
        }
        if (name === 'br') flushLine(false);
        else if (BLOCK.has(name)) flushLine(true);
      },
      ontext(text) {
        if (hiddenDepth > 0) return;
        const cellRow = inCell();
        if (cellRow) cellRow.cell += text;
        else line += text;
      },
      onclosetag(name) {
        // Close up to the matching element (htmlparser2 closes implied ones in order).
        const top = stack.pop();
        if (!top) return;
        if (top.hides) {
          hiddenDepth -= 1;
          return;
        }
        if (hiddenDepth > 0) return;
        if (name === 'td' || name === 'th') {
          const row = rows[rows.length - 1];
          if (row && row.cell !== null) {
            row.cells.push(tidy(row.cell));
            row.cell = null;
          }
          return;
        }
        if (name === 'tr') {
          const row = rows.pop();
          if (!row) return;
          if (row.cell !== null) row.cells.push(tidy(row.cell));
          const cells = row.cells.filter(Boolean);
          if (cells.length === 0) layout.hiddenRows += 1;
          else if (cells.length === 1) blocks.push({ type: 'line', text: cells[0]! });
          else blocks.push({ type: 'row', cells: row.cells });
          return;
        }
        if (inCell()) {
          if (BLOCK.has(name)) inCell()!.cell += ' ';
          return;
        }
        if (name === 'table') flushLine(true);
        else if (BLOCK.has(name)) flushLine(true);
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  flushLine(true);
  return { blocks, layout };
}

/** Whether a file's first bytes look like a web page. */
export function looksLikeHtml(head: string, fileName: string): boolean {
  return /\.(html?|xhtml)$/i.test(fileName) || /^\s*(<!doctype html|<html[\s>]|<\?xml[^>]*>\s*<html)/i.test(head);
}

/** A page's text a person reads, one line per line (for checks that look for the masthead). */
export function htmlText(html: string): string {
  return htmlBlocks(html)
    .blocks.map((block) => (block.type === 'line' || block.type === 'furniture' ? block.text : block.type === 'row' ? block.cells.join(' ') : ''))
    .filter(Boolean)
    .join('\n');
}
