import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CaseToMatch, matchBulletin } from '../../src/modules/bulletins/matching';
import { type ReadBulletin, readBulletinHtml, readBulletinText, runBulletinRead } from '../../src/modules/bulletins/reading';

/** The lawyer's open cases every variant is read against. */
const CASES: CaseToMatch[] = [
  { id: 'hipotecario', expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil', partes: ['Banco del Centro S.A.', 'José Pérez López'] },
  { id: 'familiar', expediente: '88/2025', juzgado: 'Juzgado 12o. de lo Familiar', partes: ['María Ortiz Ruiz', 'Juan Gómez Salas'] },
  { id: 'tijuana', expediente: '450/2024', juzgado: 'Juzgado Segundo Civil de Tijuana', partes: ['Ana Beltrán Soto'] },
  { id: 'amparo', expediente: '733/2026', juzgado: 'Juzgado Tercero de Distrito en Materia Administrativa', partes: ['Comercial del Golfo'] },
  { id: 'secretaria-b', expediente: '640/2025', juzgado: 'Juzgado 20o. de lo Civil Secretaría B', partes: ['Luis Mora Vega'] },
];

type Expected = { caso: string; certeza: 'confirmada' | 'posible'; partes?: boolean }[];

/**
 * Entries as courts print them, each a bulletin of its own (its lines as the
 * page lays them out), and what the lawyer must be shown: positives with how
 * sure, and negatives (nothing, or nothing confirmed).
 */
const VARIANTS: [string, string[], Expected][] = [
  // Numbers as they are printed.
  [
    'Núm. Exp. with the final period',
    ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Núm. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  ['EXP. in capitals', ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. PÉREZ LÓPEZ JOSÉ. EXP. 123/2024'], [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }]],
  [
    'expediente número with a two-digit year',
    ['Juzgado Quinto Civil', 'Se admite la demanda en el expediente número 123/24 promovido por Banco del Centro.'],
    [{ caso: 'hipotecario', certeza: 'confirmada' }],
  ],
  ['a leading zero', ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 0123/2024.'], [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }]],
  [
    'Tomo II after the number',
    ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024 Tomo II.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'Legajo after the number',
    ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024-Legajo 3.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'AMPARO after the number',
    ['QUINTO DE LO CIVIL', 'EXP. 123/2024 AMPARO. Banco del Centro contra José Pérez López.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  ['spaces around the slash', ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123 / 2024.'], [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }]],
  [
    'the number broken over two lines',
    ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/', '2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'an entry spanning three lines',
    ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO S.A.', 'vs. JOSÉ PÉREZ LÓPEZ. Especial', 'Hipotecario. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'two cases accumulated in one entry',
    ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Expedientes 123/2024 y 456/2023 acumulados.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  // Courts as they are printed.
  ['"5o. Civil"', ['JUZGADO 5o. CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.'], [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }]],
  [
    '"Juzgado 5° de lo Civil de Proceso Escrito"',
    ['Juzgado 5° de lo Civil de Proceso Escrito', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  ['"JUZGADO 5º DE LO CIVIL"', ['JUZGADO 5º DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.'], [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }]],
  [
    'the section, then the court',
    ['JUZGADOS DE LO CIVIL', 'QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'an ACUERDOS DEL line between court and entries',
    ['QUINTO DE LO CIVIL', 'ACUERDOS DEL 25 DE NOVIEMBRE DE 2026', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'a numbered entry with the expediente first',
    ['JUZGADO QUINTO DE LO CIVIL', '1.- Exp. 123/2024 BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ', 'Se tiene por contestada la demanda.', '2.- Exp. 500/2024 OTRO vs. OTRA'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'the number first, without a label',
    ['Juzgado 5o. de lo Civil', '123/2024 BANCO DEL CENTRO SA vs PEREZ LOPEZ JOSE auto admisorio'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'a family court written in words and in digits',
    ['DUODÉCIMO DE LO FAMILIAR', 'ORTIZ RUIZ MARÍA vs. GÓMEZ SALAS JUAN. Divorcio incausado. Exp. 88/2025.'],
    [{ caso: 'familiar', certeza: 'confirmada', partes: true }],
  ],
  [
    'Secretaría B inside the court’s section',
    ['VIGÉSIMO DE LO CIVIL', 'SECRETARÍA "B"', 'MORA VEGA LUIS vs. X. Ordinario. Exp. 640/2025.'],
    [{ caso: 'secretaria-b', certeza: 'confirmada', partes: true }],
  ],
  [
    'a Baja California heading with its city',
    ['JUZGADO SEGUNDO CIVIL DE TIJUANA, B.C. LISTA', 'BELTRÁN SOTO ANA vs. MORALES RUIZ JUAN. Exp. 450/2024.'],
    [{ caso: 'tijuana', certeza: 'confirmada', partes: true }],
  ],
  [
    'a federal court',
    ['JUZGADO TERCERO DE DISTRITO EN MATERIA ADMINISTRATIVA', 'COMERCIAL DEL GOLFO, S.A. DE C.V. Amparo indirecto. Exp. 733/2026.'],
    [{ caso: 'amparo', certeza: 'confirmada', partes: true }],
  ],
  [
    'the parties written surname first',
    ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO SA vs PEREZ LOPEZ JOSE. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  [
    'the right court, other parties printed',
    ['QUINTO DE LO CIVIL', 'RAMÍREZ vs. ORTIZ. Ordinario Civil. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: false }],
  ],
  [
    'among other entries of the same court',
    ['QUINTO DE LO CIVIL', 'A vs. B. Exp. 100/2024.', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.', 'C vs. D. Exp. 200/2024.'],
    [{ caso: 'hipotecario', certeza: 'confirmada', partes: true }],
  ],
  // The same number elsewhere: offered as posible, never confirmed.
  [
    'the same number under another civil court',
    ['SEXTO DE LO CIVIL', 'MORA vs. LUNA. Especial Hipotecario. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'posible', partes: false }],
  ],
  [
    'the same number under a court of another materia',
    ['QUINTO DE LO FAMILIAR', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'posible', partes: true }],
  ],
  ['Décimo Quinto is not Quinto', ['DÉCIMO QUINTO DE LO CIVIL', 'X vs. Y. Exp. 123/2024.'], [{ caso: 'hipotecario', certeza: 'posible', partes: false }]],
  [
    'another city’s court of the same number',
    ['JUZGADO SEGUNDO CIVIL DE MEXICALI, B.C. LISTA', 'BELTRÁN SOTO ANA vs. X. Exp. 450/2024.'],
    [{ caso: 'tijuana', certeza: 'posible', partes: true }],
  ],
  [
    'another secretaría of the same court',
    ['VIGÉSIMO DE LO CIVIL', 'SECRETARÍA "A"', 'OTRO vs. OTRA. Exp. 640/2025.'],
    [{ caso: 'secretaria-b', certeza: 'posible', partes: false }],
  ],
  ['a district court of another materia', ['JUZGADO TERCERO DE DISTRITO EN MATERIA CIVIL', 'X. Amparo. Exp. 733/2026.'], [{ caso: 'amparo', certeza: 'posible', partes: false }]],
  // Text before any court: the lawyer still sees it, never confirmed (its court is not known).
  [
    'text before the first court',
    ['AVISO: el expediente 123/2024 del Juzgado Quinto de lo Civil se remitió al archivo.', 'JUZGADO PRIMERO DE LO CIVIL', 'Exp. 1/2024 A vs. B'],
    [{ caso: 'hipotecario', certeza: 'posible', partes: false }],
  ],
  [
    'an amparo number printed inside another entry of the case’s court',
    ['QUINTO DE LO CIVIL', 'GARZA vs. TREVIÑO. Ejecutivo Mercantil. //Amparo Indirecto N°. 123/2024- III, Interpuesto por GARZA. Núm. Exp. 1200/2025.'],
    [{ caso: 'hipotecario', certeza: 'posible', partes: false }],
  ],
  [
    'an acumulado printed after another expediente',
    ['QUINTO DE LO CIVIL', 'MORA vs. LUNA. Ordinario Civil. Exp. 77/2023 y su acumulado 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'posible', partes: false }],
  ],
  [
    'an oral court of the same ordinal and materia',
    ['JUZGADOS DE LO CIVIL DE PROCESO ORAL', 'QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Oral Civil. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'posible', partes: true }],
  ],
  [
    'a Sala’s toca with the digits of the case’s expediente',
    ['SALAS CIVILES', 'QUINTA SALA CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. T. Ap 123/2024/001'],
    [{ caso: 'hipotecario', certeza: 'posible', partes: true }],
  ],
  [
    'a civil court of cuantía menor of the same ordinal',
    ['JUZGADOS CIVILES DE CUANTÍA MENOR', 'QUINTO CIVIL DE CUANTÍA MENOR', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.'],
    [{ caso: 'hipotecario', certeza: 'posible', partes: true }],
  ],
  // Nothing at all.
  ['a longer number that contains ours', ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 1123/2024.'], []],
  ['a number that ends with ours', ['QUINTO DE LO CIVIL', 'X vs. Y. Exp. 2123/2024.'], []],
  ['our number inside a longer year', ['QUINTO DE LO CIVIL', 'X vs. Y. Exp. 123/20245.'], []],
  ['the same number of another year', ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2023.'], []],
  ['a date that looks like a number', ['QUINTO DE LO CIVIL', 'Se cita a audiencia el 12/11/2024 a las 10 horas. Exp. 55/2024.'], []],

  ['our parties under another number', ['QUINTO DE LO CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 124/2024.'], []],
  ['a toca number of the appeal court', ['PRIMERA SALA CIVIL', 'BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Toca 1123/2024.'], []],
  ['an unrelated court and number', ['TRIGÉSIMO PRIMERO DE LO CIVIL DE CUANTÍA MENOR', 'A vs. B. Exp. 77/2023.'], []],
];

const BACKENDS = ['texto', 'HTML', 'PDF'] as const;

describe('el boletín leído como se publica: texto, página web y PDF', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bufete-variantes-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** The bulletin as each channel gives it, read: as typed, from a web page, or from a PDF made by a real writer (read by its layout). */
  async function readOf(channel: (typeof BACKENDS)[number], lines: string[], index: number): Promise<ReadBulletin> {
    if (channel === 'texto') return readBulletinText(lines.join('\n'));
    if (channel === 'HTML') {
      const escape = (line: string) => line.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');
      // A page lays a court's list out as lines broken by <br>.
      return readBulletinHtml(`<!doctype html><html><head><title>Boletín</title></head><body><h1>BOLETÍN JUDICIAL</h1><p>${lines.map(escape).join('<br>\n')}</p></body></html>`);
    }
    const pdf = await PDFDocument.create();
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const page = pdf.addPage([612, 792]);
    ['BOLETÍN JUDICIAL', ...lines].forEach((line, at) => page.drawText(line, { x: 36, y: 750 - at * 16, size: 9, font }));
    const file = path.join(dir, `variante-${index}.pdf`);
    await writeFile(file, await pdf.save());
    const reply = await runBulletinRead({ op: 'bulletin', source: { kind: 'pdf', path: file }, limits: { pdfPages: 10, maxChars: 1_000_000 } });
    if (!reply.ok) throw new Error(reply.detalle);
    return reply.read;
  }

  it('has at least forty variants, positives and negatives', () => {
    expect(VARIANTS.length).toBeGreaterThanOrEqual(40);
    expect(VARIANTS.filter(([, , expected]) => expected.length === 0).length).toBeGreaterThanOrEqual(8);
    expect(VARIANTS.filter(([, , expected]) => expected.some((match) => match.certeza === 'posible')).length).toBeGreaterThanOrEqual(5);
  });

  for (const channel of BACKENDS) {
    describe(channel, () => {
      VARIANTS.forEach(([label, lines, expected], index) => {
        it(label, async () => {
          const read = await readOf(channel, lines, index);
          const found = matchBulletin(read.entries, CASES).map((match) => ({ caso: match.casoId, certeza: match.certeza, partes: match.partes }));
          expect(found, JSON.stringify(read.entries.map((entry) => [entry.courtLabel, entry.text]))).toEqual(
            expected.map((match) => ({ ...match, partes: match.partes ?? expect.any(Boolean) })),
          );
        });
      });
    });
  }
});
