import { readFile } from 'node:fs/promises';
import { decodeText } from '../../../extraction/extract';
import { pdfPositions } from '../../../extraction/pdf-positions';
import { textBlocks } from './blocks';
import { htmlBlocks } from './html';
import { pdfBlocks, type PositionedPage } from './pdf-layout';
import { type BulletinFormat, type ReadBulletin, readBlocks } from './reader';

export type { BulletinEntry, BulletinFormat, ReadBulletin } from './reader';
export type { ReadingReport } from './report';

/**
 * A bulletin to read in an extraction thread: a file (PDF, web page, text),
 * text already in memory, or a PDF's pages already read with their
 * positions (several threads read a long PDF's pages, one reads the layout).
 */
export interface BulletinReadRequest {
  op: 'bulletin';
  source: { kind: 'pdf' | 'html' | 'text'; path: string } | { kind: 'html' | 'text'; text: string } | { kind: 'pages'; pages: PositionedPage[] };
  formato?: BulletinFormat;
  limits: { pdfPages: number; maxChars: number };
}

/** One part of a PDF's pages, with where each run of text stands: part `part` of `parts` (a 250-page day is read by two threads at once). */
export interface BulletinPagesRequest {
  op: 'bulletin-pages';
  path: string;
  part: number;
  parts: number;
  limits: { pdfPages: number; maxChars: number };
}

export type BulletinReadReply =
  | { ok: true; read: ReadBulletin }
  /** 'sin-texto': a PDF with no text (a scan); 'fallo': the file could not be read (the detail is for the log, not the lawyer). */
  | { ok: false; motivo: 'sin-texto' | 'fallo'; detalle: string };

export type BulletinPagesReply = { ok: true; pages: PositionedPage[]; totalPages: number } | { ok: false; motivo: 'fallo'; detalle: string };

/** Pasted text, or a .txt: read as it is laid out. */
export function readBulletinText(text: string, formato?: BulletinFormat): ReadBulletin {
  const { blocks, layout } = textBlocks(text);
  return readBlocks(blocks, layout, { formato });
}

/** A web page (a court's list): read row by row, as a person sees it. */
export function readBulletinHtml(html: string, formato?: BulletinFormat): ReadBulletin {
  const { blocks, layout } = htmlBlocks(html);
  return readBlocks(blocks, layout, { formato });
}

/**
 * Reads a bulletin where the server's event loop is not: a PDF by where its
 * text stands on each page (pdf-layout.ts), a web page by its rows, text by
 * its lines. Never throws: a file that cannot be read says why.
 */
export async function runBulletinRead(request: BulletinReadRequest): Promise<BulletinReadReply> {
  try {
    const { source } = request;
    if (source.kind === 'pages' || source.kind === 'pdf') {
      const pages = source.kind === 'pages' ? source.pages : (await pdfPositions(source.path, { pageLimit: request.limits.pdfPages, maxChars: request.limits.maxChars })).pages;
      if (pages.every((page) => page.items.length === 0)) return { ok: false, motivo: 'sin-texto', detalle: 'el PDF no trae texto' };
      const { blocks, layout } = pdfBlocks(pages);
      return { ok: true, read: readBlocks(blocks, layout, { formato: request.formato }) };
    }
    if ('text' in source) return { ok: true, read: source.kind === 'html' ? readBulletinHtml(source.text, request.formato) : readBulletinText(source.text, request.formato) };
    const text = decodeText(await readFile(source.path));
    return { ok: true, read: source.kind === 'html' ? readBulletinHtml(text, request.formato) : readBulletinText(text, request.formato) };
  } catch (error) {
    return { ok: false, motivo: 'fallo', detalle: error instanceof Error ? error.message : String(error) };
  }
}

/** One part of a PDF's pages with their positions (see BulletinPagesRequest). Never throws. */
export async function runBulletinPages(request: BulletinPagesRequest): Promise<BulletinPagesReply> {
  try {
    const { pages, totalPages } = await pdfPositions(request.path, {
      pageLimit: request.limits.pdfPages,
      maxChars: Math.ceil(request.limits.maxChars / request.parts),
      part: { index: request.part, of: request.parts },
    });
    return { ok: true, pages, totalPages };
  } catch (error) {
    return { ok: false, motivo: 'fallo', detalle: error instanceof Error ? error.message : String(error) };
  }
}
