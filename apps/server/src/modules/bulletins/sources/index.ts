import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BoletinFuente } from '@bufete/shared';
import { decodeText } from '../../../extraction/extract';
import type { ExtractionPool } from '../../../extraction/pool';
import { AppError } from '../../../http/errors';
import type { BulletinFormat, ReadBulletin } from '../reading';
import { htmlText } from '../reading/html';
import { fold } from '../reading/text';
import { readOnWorker } from '../service';
import { asDay, type BulletinSource } from './day';
import { jaliscoSource } from './jalisco';

export type { BulletinSource, DayBulletin } from './day';

/** Reads on a worker, in the background line; a file the reader cannot open is an unreadable day, not an error of the morning's pass. */
async function readFor(extraction: ExtractionPool, source: Parameters<typeof readOnWorker>[1], formato: BulletinFormat): Promise<ReadBulletin | { unreadable: string }> {
  try {
    return await readOnWorker(extraction, source, { formato, background: true });
  } catch (error) {
    if (error instanceof AppError) return { unreadable: error.message };
    throw error;
  }
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
        const read = await readFor(extraction, { kind: 'pdf', path: file }, 'cdmx');
        if ('unreadable' in read) return { kind: 'ilegible', reason: read.unreadable };
        return asDay(read, day);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** The same-day pages an index links to, in its folder: the lists of each city and instance (a bounded morning). */
const LINKED_PAGES_MAX = 12;

/**
 * Baja California's Boletín Judicial: a web page a day at
 * /boletinj/{YYYY}/my_html/in{YYMMDD}.htm headed 'BOLETIN JUDICIAL DEL ESTADO
 * DE BAJA CALIFORNIA' with the day's date, which links that day's lists in
 * the same folder (ti… Tijuana, me… Mexicali, en… Ensenada, te… Tecate,
 * j2… the second instance: public code that reads them uses those names); a
 * day without bulletin answers 404. Each court's heading carries its city
 * ('JUZGADO SEGUNDO CIVIL DE TIJUANA, B.C.'), and each list numbers its
 * rows: number of the row, expediente, parties.
 */
export function bcSource(baseUrl: string, extraction: ExtractionPool): BulletinSource {
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
      if (!fold(htmlText(html)).includes('boletin judicial del estado de baja california'))
        return { kind: 'ilegible', reason: 'la página del día ya no tiene el encabezado del boletín' };
      const linked = [...new Set([...html.matchAll(/href\s*=\s*["']?([a-z0-9]{1,4}\d{6}\.html?)/gi)].map((match) => match[1]!))]
        .filter((name) => name.includes(stamp) && name.toLowerCase() !== `in${stamp}.htm`)
        .slice(0, LINKED_PAGES_MAX);
      const pages = [html];
      const missing: string[] = [];
      for (const name of linked) {
        const page = await fetcher.get(`${folder}${name}`);
        if (page.status === 200) pages.push(decodeText(page.body));
        else missing.push(name);
      }
      // A list the index links and the site did not serve is a part of the day not read: the day is not told as read.
      if (missing.length) return { kind: 'ilegible', reason: `el sitio no entregó ${missing.length === 1 ? 'la lista' : 'las listas'} ${missing.join(', ')}` };
      const read = await readFor(extraction, { kind: 'html', text: pages.join('\n') }, 'bc');
      if ('unreadable' in read) return { kind: 'ilegible', reason: read.unreadable };
      return asDay(read, day);
    },
  };
}

export function bulletinSources(config: { urls: { cdmx: string; bc: string; jalisco: string } }, extraction: ExtractionPool): Record<BoletinFuente, BulletinSource> {
  return { cdmx: cdmxSource(config.urls.cdmx, extraction), bc: bcSource(config.urls.bc, extraction), jalisco: jaliscoSource(config.urls.jalisco) };
}
