import { readFile } from 'node:fs/promises';

/** A run of text where the PDF put it (points, from the page's bottom left). */
export interface PositionedRun {
  s: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface PositionedPdfPage {
  page: number;
  width: number;
  height: number;
  items: PositionedRun[];
}

/**
 * A PDF's text with where each run stands on its page, read by pdf.js (its
 * text content's transform gives each run's origin; its width and height
 * the run's extent), so a layout can be read from the page rather than from
 * the order the PDF happened to write it in. At most `pageLimit` pages and
 * `maxChars` characters: a bulletin is a few hundred pages. `part` reads
 * one share of the pages, so that several threads read one long PDF at once.
 */
export async function pdfPositions(
  path: string,
  limits: { pageLimit: number; maxChars: number; part?: { index: number; of: number } },
): Promise<{ pages: PositionedPdfPage[]; totalPages: number; truncated: boolean }> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const data = new Uint8Array(await readFile(path));
  const document = await pdfjs.getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const count = Math.min(document.numPages, limits.pageLimit);
    // A part of the pages, for one of several threads reading one PDF at once.
    const part = limits.part ?? { index: 0, of: 1 };
    const first = Math.floor((part.index * count) / part.of) + 1;
    const last = Math.floor(((part.index + 1) * count) / part.of);
    const pages: PositionedPdfPage[] = [];
    let chars = 0;
    let truncated = document.numPages > limits.pageLimit;
    for (let number = first; number <= last; number += 1) {
      const page = await document.getPage(number);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const content = await page.getTextContent();
      const items: PositionedRun[] = [];
      for (const item of content.items) {
        if (!('str' in item) || !item.str) continue;
        const [a, b, c, d, e, f] = item.transform as number[];
        const size = item.height || Math.hypot(c!, d!) || Math.hypot(a!, b!);
        items.push({ s: item.str, x: e! - x0, y: f! - y0, w: item.width, h: size });
        chars += item.str.length;
      }
      page.cleanup();
      pages.push({ page: number, width: x1 - x0, height: y1 - y0, items });
      if (chars > limits.maxChars) {
        truncated = true;
        break;
      }
    }
    return { pages, totalPages: document.numPages, truncated };
  } finally {
    await document.destroy();
  }
}
