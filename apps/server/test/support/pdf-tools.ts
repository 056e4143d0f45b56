import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';

/**
 * Renders a PDF's page with poppler's pdftoppm (a real PDF renderer) and reads
 * the QR codes on it with jsQR (a real QR reader), as a phone pointed at the
 * printed pages would: what the first QR says, or null when there is none.
 */
export function qrInPdf(pdf: Uint8Array): string | null {
  const dir = mkdtempSync(path.join(tmpdir(), 'pdf-qr-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    // PPM: a header and raw RGB bytes, simple to read without an image library.
    execFileSync('pdftoppm', ['-r', '150', file, path.join(dir, 'page')], { stdio: 'pipe' });
    const pages = readdirSync(dir)
      .filter((name) => name.endsWith('.ppm'))
      .sort();
    for (const page of pages) {
      const found = qrInPpm(readFileSync(path.join(dir, page)));
      if (found !== null) return found;
    }
    return null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The first QR code in a P6 PPM image (what pdftoppm writes by default). */
function qrInPpm(ppm: Buffer): string | null {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(ppm.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm no escribió un PPM');
  const [whole, width, height] = [header[0], Number(header[1]), Number(header[2])];
  const rgb = ppm.subarray(Buffer.byteLength(whole, 'latin1'));
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, j = 0; i < width * height; i++, j += 3) {
    rgba[i * 4] = rgb[j]!;
    rgba[i * 4 + 1] = rgb[j + 1]!;
    rgba[i * 4 + 2] = rgb[j + 2]!;
    rgba[i * 4 + 3] = 255;
  }
  return jsQR(rgba, width, height)?.data ?? null;
}
