import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createExtractionPool, type ExtractionPool } from '../../src/extraction/pool';
import { matchBulletin } from '../../src/modules/bulletins/matching';
import type { ReadBulletin } from '../../src/modules/bulletins/reading';
import { readOnWorker } from '../../src/modules/bulletins/service';
import { copiedFromBrowser } from '../support/browser-copy';
import { bcDay, cdmxDay, cdmxPdf, type Corpus, windows1252 } from '../support/bulletin-corpus';

/**
 * The corpus (issue 44): a Mexico City day of more than 10,000 entries as a
 * two-column PDF, and a Baja California day as its Word-made pages, each also
 * as a person pastes it (the PDF through poppler's pdftotext, the pages
 * copied from Chromium). On each, what was read is measured against what
 * was printed: every acuerdo of the lawyer's cases found (with the text
 * printed), none confirmed under another court, and the entries read within
 * 1 % of those printed.
 */

/** Text compared as printed, whatever the spaces (a viewer may add or drop one where a PDF kerns). */
const same = (a: string, b: string) => a.replace(/\s+/g, '') === b.replace(/\s+/g, '');

interface Measure {
  formato: string;
  impresas: number;
  leidas: number;
  acuerdos: number;
  encontrados: number;
  confirmados: number;
  confirmadosEnOtroJuzgado: number;
  trampasConfirmadas: string[];
  perdidos: string[];
}

function measure(formato: string, read: ReadBulletin, corpus: Corpus): Measure {
  const matches = matchBulletin(read.entries, corpus.cases);
  const perdidos: string[] = [];
  let encontrados = 0;
  let confirmados = 0;
  for (const planted of corpus.planted) {
    const match = matches.find((candidate) => candidate.casoId === planted.casoId && same(candidate.entry.text, planted.text));
    if (!match) perdidos.push(`${planted.casoId}: ${planted.text}`);
    else {
      encontrados += 1;
      if (match.certeza === 'confirmada') confirmados += 1;
    }
  }
  const wrong = matches.filter(
    (match) => match.certeza === 'confirmada' && !corpus.planted.some((planted) => planted.casoId === match.casoId && same(planted.text, match.entry.text)),
  );
  return {
    formato,
    impresas: corpus.printed,
    leidas: read.report.entradas,
    acuerdos: corpus.planted.length,
    encontrados,
    confirmados,
    confirmadosEnOtroJuzgado: wrong.length,
    trampasConfirmadas: corpus.traps
      .filter((trap) => matches.some((match) => match.casoId === trap.casoId && match.certeza === 'confirmada' && same(match.entry.text, trap.text)))
      .map((trap) => `${trap.casoId} (${trap.why})`),
    perdidos,
  };
}

describe('el corpus: cada acuerdo de tus casos encontrado, ninguno confirmado bajo otro juzgado', () => {
  let dir: string;
  let extraction: ExtractionPool;
  const measures: Measure[] = [];
  let cdmx: ReturnType<typeof cdmxDay>;
  let bc: ReturnType<typeof bcDay>;
  let cdmxFile: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bufete-corpus-'));
    extraction = createExtractionPool({ size: 2, timeoutMs: 120_000, maxQueue: 8 });
    cdmx = cdmxDay({ entries: 10_400 });
    const { pdf } = await cdmxPdf(cdmx.flow, { fecha: cdmx.corpus.fecha });
    cdmxFile = path.join(dir, 'boletin.pdf');
    await writeFile(cdmxFile, pdf);
    bc = bcDay({ rowsPerList: 45 });
  }, 180_000);

  afterAll(async () => {
    console.table(measures.map(({ perdidos: _perdidos, trampasConfirmadas, ...row }) => ({ ...row, trampasConfirmadas: trampasConfirmadas.length })));
    await extraction?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const expectGoal = (result: Measure, options: { allConfirmed: boolean }) => {
    measures.push(result);
    expect(result.impresas).toBeGreaterThan(0);
    expect(result.perdidos, 'acuerdos de los casos que no se encontraron').toEqual([]);
    expect(result.confirmadosEnOtroJuzgado, 'confirmados bajo otro juzgado o con otro texto').toBe(0);
    expect(result.trampasConfirmadas, 'trampas confirmadas').toEqual([]);
    expect(Math.abs(result.leidas - result.impresas) / result.impresas).toBeLessThanOrEqual(0.01);
    if (options.allConfirmed) expect(result.confirmados).toBe(result.acuerdos);
  };

  it('tiene más de 10,000 entradas con sus respuestas, y trampas de cada clase', () => {
    expect(cdmx.corpus.printed + bc.corpus.printed).toBeGreaterThanOrEqual(10_000);
    const why = new Set([...cdmx.corpus.traps, ...bc.corpus.traps].map((trap) => trap.why));
    for (const kind of [
      'oral de mismo ordinal',
      'amparo dentro de otra entrada',
      'acumulado',
      'toca con los dígitos del expediente',
      'expediente con los dígitos de la toca',
      'edicto',
      'otra ciudad',
    ])
      expect(why).toContain(kind);
  });

  it('Ciudad de México, el PDF del día (dos columnas, leído por su disposición en dos hilos)', async () => {
    const read = await readOnWorker(extraction, { kind: 'pdf', path: cdmxFile }, { formato: undefined });
    expect(read.fecha).toBe(cdmx.corpus.fecha);
    expect(read.formato).toBe('cdmx');
    expect(read.report.problemas).toEqual([]);
    expect(read.report.edictos).toBe(cdmx.corpus.edictos);
    expectGoal(measure('CDMX · PDF', read, cdmx.corpus), { allConfirmed: true });
  }, 120_000);

  it('Ciudad de México, su texto pegado tal como lo da un visor (pdftotext de poppler)', async () => {
    const text = execFileSync('pdftotext', ['-enc', 'UTF-8', cdmxFile, '-'], { maxBuffer: 64 * 1024 * 1024 }).toString('utf8');
    const read = await readOnWorker(extraction, { kind: 'text', text });
    expect(read.fecha).toBe(cdmx.corpus.fecha);
    // The viewer's order is its own (a block of a column may come before its heading): what it moves may be only possible, never confirmed elsewhere.
    const result = measure('CDMX · texto pegado', read, cdmx.corpus);
    expectGoal(result, { allConfirmed: false });
    expect(result.confirmados / result.acuerdos).toBeGreaterThanOrEqual(0.9);
  }, 120_000);

  it('Baja California, las páginas del día (HTML de Word, windows-1252, filas ocultas)', async () => {
    const html = [bc.index.html, ...Object.values(bc.pages)].join('\n');
    const read = await readOnWorker(extraction, { kind: 'html', text: html }, { formato: 'bc' });
    expect(read.fecha).toBe(bc.corpus.fecha);
    expect(read.report.problemas).toEqual([]);
    expectGoal(measure('BC · HTML', read, bc.corpus), { allConfirmed: true });
  }, 60_000);

  it('Baja California, las páginas copiadas de Chromium y pegadas', async () => {
    const copied = await copiedFromBrowser([bc.index.html, ...Object.values(bc.pages)].map((html) => ({ body: windows1252(html), charset: 'windows-1252' })));
    const read = await readOnWorker(extraction, { kind: 'text', text: copied.join('\n\n') });
    expect(read.fecha).toBe(bc.corpus.fecha);
    expect(read.formato).toBe('bc');
    expect(read.report.problemas).toEqual([]);
    expectGoal(measure('BC · texto pegado', read, bc.corpus), { allConfirmed: true });
  }, 120_000);
});
