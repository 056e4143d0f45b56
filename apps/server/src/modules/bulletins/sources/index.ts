import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BoletinFuente, LIMITS } from '@bufete/shared';
import { decodeText } from '../../../extraction/extract';
import type { ExtractionPool } from '../../../extraction/pool';
import { htmlToText } from '../html';
import { readBulletin } from '../layout';
import { fold } from '../text';
import type { PoliteFetcher } from './fetcher';

/**
 * One court site's daily bulletin (issue 35): where it is for a day and how
 * to turn it into text. An adapter answers what it found, and never mistakes
 * a page it could not read for a day without acuerdos.
 */
export type DayBulletin =
  /** The day's bulletin, as text for the reader (layout.ts), and how many entries the reader found in it. */
  | { kind: 'leido'; text: string; entries: number }
  /** The site has no bulletin for that day (a holiday, a day the courts rest). */
  | { kind: 'sin_boletin' }
  /** The site answered with something Bufete could not read as a bulletin: its layout changed. */
  | { kind: 'ilegible'; reason: string };

export interface BulletinSource {
  clave: BoletinFuente;
  fetchDay(day: string, fetcher: PoliteFetcher): Promise<DayBulletin>;
}

const BULLETIN_TEXT_MAX_CHARS = 30_000_000;

/** What a text gives the reader: entries under courts, or nothing it recognises (then the page is not a bulletin Bufete knows). */
function asBulletin(text: string, what: string): DayBulletin {
  const entries = readBulletin(text).entries.length;
  return entries > 0 ? { kind: 'leido', text, entries } : { kind: 'ilegible', reason: `${what}: no se encontró ningún juzgado ni ninguna entrada` };
}

/**
 * Mexico City's Boletín Judicial: one PDF a day at
 * /wp-content/PHPs/boletin/boletin_repositorio/{DDMMYYYY}1.pdf (the address
 * public code that reads it uses); a day without bulletin answers 404.
 */
export function cdmxSource(baseUrl: string, extraction: ExtractionPool): BulletinSource {
  return {
    clave: 'cdmx',
    async fetchDay(day, fetcher) {
      const [year, month, date] = day.split('-');
      const fetched = await fetcher.get(`${baseUrl}/wp-content/PHPs/boletin/boletin_repositorio/${date}${month}${year}1.pdf`);
      if (fetched.status === 404) return { kind: 'sin_boletin' };
      if (fetched.status !== 200) return { kind: 'ilegible', reason: `el sitio respondió ${fetched.status}` };
      if (!fetched.body.subarray(0, 5).equals(Buffer.from('%PDF-'))) return { kind: 'ilegible', reason: 'la dirección del boletín ya no entrega un PDF' };
      const dir = await mkdtemp(path.join(tmpdir(), 'bufete-boletin-'));
      try {
        const file = path.join(dir, 'boletin.pdf');
        await writeFile(file, fetched.body);
        const text = (await extraction.extract(file, 'pdf', { limits: { pdfPages: LIMITS.bulletinPdfPages, maxChars: BULLETIN_TEXT_MAX_CHARS } })) ?? '';
        if (!text.trim() || text.startsWith('[No se pudo extraer')) return { kind: 'ilegible', reason: 'el PDF no trae texto' };
        return asBulletin(text, 'el PDF del día');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The same-day pages an index links to, in its folder: the lists of each court (at most a dozen: a bounded morning). */
const LINKED_PAGES_MAX = 12;

/**
 * Baja California's Boletín Judicial: a web page a day at
 * /boletinj/{YYYY}/my_html/in{YYMMDD}.htm headed 'BOLETIN JUDICIAL DEL ESTADO
 * DE BAJA CALIFORNIA' with the day's date (its public pages show it), which
 * links that day's lists in the same folder; a day without bulletin answers
 * 404. Each court's heading carries its city ('JUZGADO SEGUNDO CIVIL DE
 * TIJUANA'), which the matching compares.
 */
export function bcSource(baseUrl: string): BulletinSource {
  return {
    clave: 'bc',
    async fetchDay(day, fetcher) {
      const [year, month, date] = day.split('-');
      const stamp = `${year!.slice(2)}${month}${date}`;
      const folder = `${baseUrl}/boletinj/${year}/my_html/`;
      const index = await fetcher.get(`${folder}in${stamp}.htm`);
      if (index.status === 404) return { kind: 'sin_boletin' };
      if (index.status !== 200) return { kind: 'ilegible', reason: `el sitio respondió ${index.status}` };
      const html = decodeText(index.body);
      if (!fold(htmlToText(html)).includes('boletin judicial del estado de baja california'))
        return { kind: 'ilegible', reason: 'la página del día ya no tiene el encabezado del boletín' };
      const linked = [...new Set([...html.matchAll(/href\s*=\s*["']?([a-z]{1,4}\d{6}\.html?)/gi)].map((match) => match[1]!))]
        .filter((name) => name.includes(stamp) && name.toLowerCase() !== `in${stamp}.htm`)
        .slice(0, LINKED_PAGES_MAX);
      const texts = [htmlToText(html)];
      for (const name of linked) {
        const page = await fetcher.get(`${folder}${name}`);
        if (page.status === 200) texts.push(htmlToText(decodeText(page.body)));
      }
      return asBulletin(texts.join('\n\n'), 'las páginas del día');
    },
  };
}

export function bulletinSources(config: { urls: { cdmx: string; bc: string } }, extraction: ExtractionPool): Record<BoletinFuente, BulletinSource> {
  return { cdmx: cdmxSource(config.urls.cdmx, extraction), bc: bcSource(config.urls.bc) };
}
