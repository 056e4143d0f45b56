import { createReadStream } from 'node:fs';
import { open, readFile } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { DocumentKind } from './file-types';
import { ArchiveLimitError, assertArchiveWithinLimits } from './zip-guard';

export const PDF_PAGE_LIMIT = 50;
export const CSV_ROW_LIMIT = 10;
/** Stored text is capped: enough for search and the assistant, bounded for the database. */
export const MAX_TEXT_CHARS = 2_000_000;

/**
 * The text of a document. Never throws: an unsupported format or a broken
 * file gives a descriptive text instead (spec part 2, section 8).
 */
export async function extractText(path: string, kind: DocumentKind, limits: ExtractionLimits = {}): Promise<string | null> {
  try {
    switch (kind) {
      case 'pdf':
        return cap(await extractPdf(path, limits.pdfPages ?? PDF_PAGE_LIMIT), limits.maxChars);
      case 'docx':
        return cap(await extractDocx(path));
      case 'txt':
        return cap(decodeText(await readStart(path, MAX_TEXT_BYTES)));
      case 'csv':
        return await extractCsvFile(path);
      case 'doc':
        return '[Formato .doc (Word 97-2003): no se puede extraer su texto. Guarda el documento como .docx para poder buscar en su contenido.]';
      default:
        return null;
    }
  } catch (error) {
    const label = kind === 'pdf' ? 'del PDF' : kind === 'docx' ? 'del documento Word' : 'del archivo';
    if (error instanceof ArchiveLimitError) {
      return `[No se extrajo el texto ${label}: ${error.message}. El archivo se guardó, pero no se puede buscar por su contenido.]`;
    }
    const detail = error instanceof Error ? error.message : String(error);
    return `[No se pudo extraer el texto ${label}: ${detail}]`;
  }
}

/**
 * What one extraction may read: a document's first 50 pages and 2,000,000
 * characters (what the search and the assistant use), unless a caller that
 * reads a whole file (a court's bulletin, hundreds of pages) asks for more.
 */
export interface ExtractionLimits {
  pdfPages?: number;
  maxChars?: number;
}

function cap(text: string, maxChars = MAX_TEXT_CHARS): string {
  return text.length > maxChars ? `${text.slice(0, maxChars)}\n[Texto truncado]` : text;
}

/** UTF-8 (with or without BOM); old Windows exports fall back to Latin-1. */
export function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** Text files are read only as far as the stored text can go. */
const MAX_TEXT_BYTES = MAX_TEXT_CHARS * 2;

async function readStart(path: string, bytes: number): Promise<Uint8Array> {
  const handle = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** A CSV of any size, streamed: the header and 10 rows are kept, the rest only counted. */
async function extractCsvFile(path: string): Promise<string> {
  // Old Windows exports are Latin-1: decided from the first bytes.
  let encoding: BufferEncoding = 'utf8';
  try {
    const head = await readStart(path, 64 * 1024);
    new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 4)));
  } catch {
    encoding = 'latin1';
  }
  const lines = createInterface({ input: createReadStream(path, { encoding }), crlfDelay: Infinity });
  const kept: string[] = [];
  let rest = 0;
  let first = true;
  for await (const raw of lines) {
    const line = first ? raw.replace(/^\uFEFF/, '') : raw;
    first = false;
    if (line.trim() === '') continue;
    if (kept.length <= CSV_ROW_LIMIT) kept.push(line);
    else rest += 1;
  }
  return kept.join('\n') + (rest > 0 ? `\n[… ${rest} filas más no incluidas]` : '');
}

async function extractDocx(path: string): Promise<string> {
  // mammoth inflates the whole archive in memory: only after it is proven small.
  await assertArchiveWithinLimits(path);
  const mammoth = await import('mammoth');
  const result = await mammoth.extractRawText({ path });
  return result.value.trim();
}

async function extractPdf(path: string, pageLimit: number): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(path));
  const document = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const pages = Math.min(document.numPages, pageLimit);
    const parts: string[] = [];
    for (let number = 1; number <= pages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      parts.push(
        content.items
          .map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : ''))
          .join('')
          .trim(),
      );
      page.cleanup();
    }
    // Pages are separated by a form feed: the assistant cites the page a passage comes from.
    let text = parts.some(Boolean) ? parts.join('\n\f\n') : '';
    if (document.numPages > pageLimit) {
      text += `\n\n[Nota: el documento tiene ${document.numPages} páginas; se extrajo el texto de las primeras ${pageLimit}.]`;
    }
    return text;
  } finally {
    await document.destroy();
  }
}
