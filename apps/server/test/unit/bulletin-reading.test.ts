import { describe, expect, it } from 'vitest';
import { type CaseToMatch, matchBulletin } from '../../src/modules/bulletins/matching';
import { readBulletinText } from '../../src/modules/bulletins/reading';
import { textBlocks } from '../../src/modules/bulletins/reading/blocks';
import { parseCourt, sameCourt } from '../../src/modules/bulletins/reading/courts';
import { caseNumberOf, expedientesIn } from '../../src/modules/bulletins/reading/numbers';

/** What the review would show for `lines` against `cases`: each match's case, certainty and reason. */
function review(lines: string[], cases: CaseToMatch[]) {
  return matchBulletin(readBulletinText(lines.join('\n')).entries, cases).map((match) => [match.casoId, match.certeza, match.motivo]);
}

describe('numbers as the Salas and the courts print them', () => {
  it('reads a toca with its class and consecutive, and tells a date from it', () => {
    expect(expedientesIn('T. Ap 412/2025/001')).toEqual([{ numero: 412, anio: 2025, tipo: 'toca', clase: 'ap', sufijo: '001' }]);
    expect(expedientesIn('T. Qu 88/2026/001')).toEqual([{ numero: 88, anio: 2026, tipo: 'toca', clase: 'qu', sufijo: '001' }]);
    expect(expedientesIn('audiencia el 12/11/2024')).toEqual([]);
    expect(expedientesIn('//Amparo Indirecto N°. 955/2025- III')).toEqual([{ numero: 955, anio: 2025, tipo: 'amparo', clase: null, sufijo: null }]);
  });

  it('reads a lawyer’s number with its kind', () => {
    expect(caseNumberOf('Toca 412/2025')).toMatchObject({ numero: 412, anio: 2025, tipo: 'toca' });
    expect(caseNumberOf('Exp. 1045/2023')).toMatchObject({ numero: 1045, anio: 2023, tipo: 'expediente' });
    expect(caseNumberOf('0456/2025')).toMatchObject({ numero: 456, anio: 2025, tipo: null });
  });
});

describe('courts as the court system names them', () => {
  it.each([
    ['Juzgado 3° Civil de Proceso Oral', 'TERCERO DE LO CIVIL'],
    ['Oral Civil 20', 'VIGÉSIMO DE LO CIVIL'],
    ['Familiar Oral 1', 'PRIMERO DE LO FAMILIAR'],
    ['Juzgado 12 Civil de Cuantía Menor', 'DUODÉCIMO DE LO CIVIL'],
    ['Juzgado Primero de Tutela de Derechos Humanos', 'PRIMERO DE LO CIVIL'],
    ['Primera Sala Civil', 'JUZGADO PRIMERO DE LO CIVIL'],
    ['Juzgado Quinto Civil de Tijuana', 'QUINTO DE LO CIVIL'],
  ])('%j is not %j', (caso, bulletin) => {
    expect(sameCourt(parseCourt(caso)!, parseCourt(bulletin, { lugar: 'ciudad de mexico' })!)).toBe(false);
  });

  it.each([
    ['Septimo Civil', 'SÉPTIMO DE LO CIVIL'],
    ['5o. Familiar', 'QUINTO DE LO FAMILIAR'],
    ['Juzgado 7o. Civil Tijuana', 'JUZGADO SÉPTIMO CIVIL DE TIJUANA, B.C. LISTA (BOLETIN) DEL 10 DE MARZO DE 2026'],
  ])('%j is %j', (caso, bulletin) => {
    expect(sameCourt(parseCourt(caso)!, parseCourt(bulletin, { lugar: /tijuana/i.test(bulletin) ? null : 'ciudad de mexico' })!)).toBe(true);
  });
});

const CASES: CaseToMatch[] = [
  { id: 'oral-3', expediente: '351/2025', juzgado: 'Juzgado 3° Civil de Proceso Oral', partes: [] },
  { id: 'escrito-3', expediente: '350/2025', juzgado: 'Juzgado Tercero de lo Civil', partes: [] },
  { id: 'civil-23', expediente: '1200/2025', juzgado: 'Juzgado Vigésimo Tercero de lo Civil', partes: [] },
  { id: 'toca', expediente: 'Toca 412/2025', juzgado: 'Primera Sala Civil', partes: [] },
  { id: 'civil-5', expediente: '0456/2025', juzgado: 'Juzgado 5o. de lo Civil', partes: [] },
];

describe('never confirmed under another court', () => {
  const HEAD = ['BOLETÍN JUDICIAL No. 48', 'Ciudad de México, martes 17 de marzo de 2026'];

  it('an oral court and a written one of the same ordinal, whatever the heading leaves to its section', () => {
    expect(
      review(
        [
          ...HEAD,
          'JUZGADOS DE LO CIVIL',
          'TERCERO DE LO CIVIL',
          'A vs. B. Ordinario Civil. Exp. 351/2025.',
          'JUZGADOS DE LO CIVIL DE PROCESO ORAL',
          'TERCERO DE LO CIVIL',
          'C vs. D. Oral Mercantil. Exp. 350/2025.',
          'E vs. F. Oral Mercantil. Exp. 351/2025.',
        ],
        CASES,
      ),
    ).toEqual([
      ['oral-3', 'posible', 'oralidad'],
      ['escrito-3', 'posible', 'oralidad'],
      ['oral-3', 'confirmada', null],
    ]);
  });

  it('a Sala against a juzgado, and a toca against an expediente with the same digits', () => {
    expect(
      review(
        [
          ...HEAD,
          'SALAS CIVILES',
          'PRIMERA SALA CIVIL',
          'A vs. B. Apelación. T. Ap 456/2025/001',
          'C vs. D. Queja. T. Qu 412/2025/001 Sent.',
          'JUZGADOS DE LO CIVIL',
          'PRIMERO DE LO CIVIL',
          'E vs. F. Exp. 412/2025.',
        ],
        CASES,
      ),
    ).toEqual([
      ['civil-5', 'posible', 'tipo'],
      ['toca', 'confirmada', null],
      ['toca', 'posible', 'tipo'],
    ]);
  });

  it('an amparo’s number printed inside another entry of the case’s own court', () => {
    expect(
      review(
        [
          ...HEAD,
          'JUZGADOS DE LO CIVIL',
          'VIGÉSIMO TERCERO DE LO CIVIL',
          'GARZA vs. TREVIÑO. Ejecutivo Mercantil. //Amparo Indirecto N°. 1200/2025- III, Interpuesto por GARZA. Núm. Exp. 77/2020.',
        ],
        CASES,
      ),
    ).toEqual([['civil-23', 'posible', 'mencionado']]);
  });
});

describe('the entries as printed', () => {
  it('keeps a suffix with its entry, and a running header and its section out of the entry it splits', () => {
    const read = readBulletinText(
      [
        'BOLETÍN JUDICIAL No. 48',
        'Ciudad de México, martes 17 de marzo de 2026',
        'JUZGADOS DE LO FAMILIAR',
        'QUINTO DE LO FAMILIAR',
        'A vs. B. Alimentos. Exp. 100/2025. Segundo Tomo.',
        'Secreto. Divorcio Incausado. Exp. 101/2025 Expedientillo.',
        'C vs. D. Controversia del Orden',
        '57 BOLETÍN JUDICIAL No. 48 Martes 17 de marzo de 2026',
        'Juzgados de lo Familiar',
        'Familiar. Exp. 102/2025. Sent. Def.',
        'E vs. F. Alimentos. Exp. 103/2025.',
      ].join('\n'),
    );
    expect(read.entries.map((entry) => entry.text)).toEqual([
      'A vs. B. Alimentos. Exp. 100/2025. Segundo Tomo.',
      'Secreto. Divorcio Incausado. Exp. 101/2025 Expedientillo.',
      'C vs. D. Controversia del Orden Familiar. Exp. 102/2025. Sent. Def.',
      'E vs. F. Alimentos. Exp. 103/2025.',
    ]);
    expect(read.entries.every((entry) => entry.courtLabel === 'QUINTO DE LO FAMILIAR')).toBe(true);
    // The masthead's line, the running header and the section's name beside it: none of them an entry.
    expect(read.report.encabezados).toBe(3);
  });

  it('takes the bulletin’s date from its masthead, never from a list’s “ACUERDOS DEL”', () => {
    expect(readBulletinText('QUINTO DE LO CIVIL\nACUERDOS DEL 11 DE MARZO DE 2026\nA vs. B. Exp. 1/2026.').fecha).toBeNull();
    expect(readBulletinText('JUZGADO SEGUNDO CIVIL DE TIJUANA, B.C. 10 DE MARZO DE 2026\n1\t00450/2024\tA VS B').fecha).toBe('2026-03-10');
  });

  it('puts back together a row a browser copied a cell a paragraph', () => {
    const { blocks } = textBlocks(
      'JUZGADO SEGUNDO CIVIL DE TIJUANA, B.C. 10 DE MARZO DE 2026\n\nNo.\n\nEXPEDIENTE\n\n1\n\n00840/2012\n\n-- CI BANCO -- VS\n\nSECRETO. SUMARIO HIPOTECARIO\n\n2\tEXP 00017/2025\tX VS Y',
    );
    expect(blocks.filter((block) => block.type === 'row')).toEqual([
      { type: 'row', cells: ['1', '00840/2012', '-- CI BANCO -- VS SECRETO. SUMARIO HIPOTECARIO'] },
      { type: 'row', cells: ['2', 'EXP 00017/2025', 'X VS Y'] },
    ]);
  });
});
