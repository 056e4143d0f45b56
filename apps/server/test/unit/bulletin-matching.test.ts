import { describe, expect, it } from 'vitest';
import { type CaseToMatch, matchBulletin } from '../../src/modules/bulletins/matching';
import { readBulletinText as readBulletin } from '../../src/modules/bulletins/reading';
import { parseCourt, sameCourt } from '../../src/modules/bulletins/reading/courts';
import { expedientesIn } from '../../src/modules/bulletins/reading/numbers';
import { nameTokens, sameName } from '@bufete/shared';

describe('expediente numbers as courts print them', () => {
  it.each([
    ['Núm. Exp. 123/2024.', ['123/2024']],
    ['EXP. 123/2024', ['123/2024']],
    ['expediente número 123/24', ['123/2024']],
    ['0123/2024', ['123/2024']],
    ['Exp.123/2024 Tomo II', ['123/2024']],
    ['Exp. 123/2024-Legajo 3', ['123/2024']],
    ['123 / 2024 AMPARO', ['123/2024']],
    ['Exp. 123/\n2024.', ['123/2024']],
    ['expedientes 123/2024 y 456/2023 acumulados', ['123/2024', '456/2023']],
  ])('%j is %j', (text, numbers) => {
    expect(expedientesIn(text).map(({ numero, anio }) => `${numero}/${anio}`)).toEqual(numbers);
  });

  it.each([
    ['1123/2024', '123/2024'],
    ['12/11/2024', '11/2024'],
    ['Exp. 123/20245', '123/2024'],
    ['A.D. 2123/2024', '123/2024'],
  ])('%j is not %j', (text, number) => {
    expect(expedientesIn(text).map(({ numero, anio }) => `${numero}/${anio}`)).not.toContain(number);
  });
});

describe('courts as bulletins and lawyers name them', () => {
  const quintoCivil = parseCourt('Juzgado Quinto de lo Civil')!;
  it.each([
    'QUINTO DE LO CIVIL',
    '5o. Civil',
    'Juzgado 5° de lo Civil de Proceso Escrito',
    'JUZGADO 5º DE LO CIVIL',
    'juzgado quinto civil',
    'Juzgado 5/o. de lo Civil',
    'JUZGADO QUINTO DE LO CIVIL SECRETARÍA "B"',
  ])('%j is the Juzgado Quinto de lo Civil', (name) => {
    const court = parseCourt(name);
    expect(court).not.toBeNull();
    expect(sameCourt(court!, quintoCivil)).toBe(true);
  });

  it.each([
    ['Juzgado Quinto de lo Familiar', 'Juzgado Quinto de lo Civil'],
    ['Juzgado Décimo Quinto de lo Civil', 'Juzgado Quinto de lo Civil'],
    ['Juzgado Quincuagésimo de lo Civil', 'Juzgado Quinto de lo Civil'],
    ['Juzgado Quinto de Distrito en Materia Civil', 'Juzgado Quinto de lo Civil'],
    ['Juzgado Quinto Civil de Tijuana', 'Juzgado Quinto Civil de Mexicali'],
    ['Juzgado 5o. Civil de Proceso Oral', 'Juzgado Quinto de lo Civil de Proceso Escrito'],
    ['QUINTO DE LO CIVIL SECRETARÍA "A"', 'Juzgado 5o Civil Secretaría B'],
  ])('%j is not %j', (a, b) => {
    expect(sameCourt(parseCourt(a)!, parseCourt(b)!)).toBe(false);
  });

  it.each([
    ['Juzgado Vigésimo Quinto de lo Civil', 25],
    ['DECIMOQUINTO DE LO FAMILIAR', 15],
    ['Juzgado Trigésimo Primero Civil de Cuantía Menor', 31],
    ['SEPTUAGÉSIMO TERCERO DE LO CIVIL', 73],
    ['Juzgado 12vo. de lo Familiar', 12],
    ['Primera Sala Civil', 1],
  ])('%j is number %i', (name, numero) => {
    expect(parseCourt(name)?.numero).toBe(numero);
  });
});

describe('names of the parties', () => {
  it('are the same whatever their order, accents and capitals', () => {
    expect(sameName('PEREZ LOPEZ JOSE', 'José Pérez López')).toBe(true);
    expect(sameName('Inmobiliaria del Valle, S.A. de C.V.', 'INMOBILIARIA DEL VALLE SA DE CV')).toBe(true);
    expect(sameName('José Pérez López', 'José Pérez Gómez')).toBe(false);
    expect(nameTokens('Lic. María de la Luz Ortiz')).toEqual(['maria', 'luz', 'ortiz']);
  });
});

const CASES: CaseToMatch[] = [
  { id: 'hipotecario', expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil', partes: ['Banco del Centro S.A.', 'José Pérez López'] },
  { id: 'familiar', expediente: '88/2025', juzgado: 'Juzgado 12o. de lo Familiar', partes: ['María Ortiz Ruiz', 'Juan Gómez Salas'] },
  { id: 'sin-juzgado', expediente: '999/2023', juzgado: null, partes: ['Constructora Norte SA de CV'] },
  { id: 'tijuana', expediente: '450/2024', juzgado: 'Juzgado Segundo Civil de Tijuana', partes: ['Ana Beltrán Soto'] },
];

function matchesOf(text: string, cases = CASES) {
  return matchBulletin(readBulletin(text).entries, cases).map((match) => ({ caso: match.casoId, certeza: match.certeza, partes: match.partes }));
}

describe('a Mexico City bulletin: court headings, entries closed by their expediente', () => {
  const bulletin = [
    'BOLETÍN JUDICIAL No. 220',
    'Ciudad de México, jueves 26 de noviembre de 2026',
    'JUZGADOS DE LO CIVIL',
    'QUINTO DE LO CIVIL',
    'SECRETARÍA "A"',
    'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.',
    'CONSTRUCTORA NORTE S.A. DE C.V. vs. LUIS MORA. Ejecutivo Mercantil. Exp.',
    '1123/2024.',
    'RAMÍREZ vs. PÉREZ. Ordinario Civil. 3 acdos. Exp. 124/2024.',
    'Página 14',
    'SEXTO DE LO CIVIL',
    'GARZA vs. TREVIÑO. Especial Hipotecario. Exp. 123/2024.',
    'JUZGADOS DE LO FAMILIAR',
    'DUODÉCIMO DE LO FAMILIAR',
    'ORTIZ RUIZ MARÍA vs. GÓMEZ SALAS JUAN. Divorcio incausado. Exp. 88/25 Tomo II.',
  ].join('\n');

  it('reads each entry under its court, with the text a lawyer confirms', () => {
    const read = readBulletin(bulletin);
    expect(read.fecha).toBe('2026-11-26');
    expect(read.entries.map((entry) => entry.text)).toEqual([
      'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.',
      'CONSTRUCTORA NORTE S.A. DE C.V. vs. LUIS MORA. Ejecutivo Mercantil. Exp. 1123/2024.',
      'RAMÍREZ vs. PÉREZ. Ordinario Civil. 3 acdos. Exp. 124/2024.',
      'GARZA vs. TREVIÑO. Especial Hipotecario. Exp. 123/2024.',
      'ORTIZ RUIZ MARÍA vs. GÓMEZ SALAS JUAN. Divorcio incausado. Exp. 88/25 Tomo II.',
    ]);
    expect(read.entries.map((entry) => entry.courtLabel)).toEqual([
      'QUINTO DE LO CIVIL',
      'QUINTO DE LO CIVIL',
      'QUINTO DE LO CIVIL',
      'SEXTO DE LO CIVIL',
      'DUODÉCIMO DE LO FAMILIAR',
    ]);
    expect(read.entries[0]!.court?.secretaria).toBe('A');
  });

  it('confirms the number under the case’s court, offers it under another as posible, never matches a longer number', () => {
    expect(matchesOf(bulletin)).toEqual([
      { caso: 'hipotecario', certeza: 'confirmada', partes: true },
      { caso: 'hipotecario', certeza: 'posible', partes: false },
      { caso: 'familiar', certeza: 'confirmada', partes: true },
    ]);
  });
});

describe('other layouts', () => {
  it.each([
    [
      'numbered entries, the expediente first',
      'JUZGADO QUINTO DE LO CIVIL\n1.- Exp. 123/2024 BANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ\nSe tiene por contestada la demanda.\n2.- Exp. 500/2024 OTRO vs. OTRA',
      'confirmada',
      true,
    ],
    ['the number first, without a label', 'Juzgado 5o. de lo Civil\n123/2024 BANCO DEL CENTRO SA vs PEREZ LOPEZ JOSE auto admisorio', 'confirmada', true],
    [
      'pasted text, entries apart by a blank line',
      'Juzgado Quinto Civil\n\nSe admite la demanda en el expediente número 0123/24 promovido por Banco del Centro\n\nOtro asunto 77/2024',
      'confirmada',
      true,
    ],
    ['an entry broken over lines inside its number', 'QUINTO DE LO CIVIL\nBANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Especial\nHipotecario. Exp. 123/\n2024.', 'confirmada', true],
    ['ordinals with marks and accents', 'JUZGADO 5º DE LO CIVIL DE PROCESO ESCRITO\nEXP. 123/2024 AMPARO. Banco del Centro contra José Pérez López.', 'confirmada', true],
    ['a court of the same number and another materia', 'QUINTO DE LO FAMILIAR\nBANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.', 'posible', true],
    ['a case without a court: a number alone is only posible', 'TERCERO DE LO CIVIL\nCONSTRUCTORA NORTE S.A. DE C.V. vs. X. Exp. 999/2023.', 'posible', true],
  ])('%s', (_label, text, certeza, partes) => {
    const matches = matchesOf(text);
    expect(matches[0]).toEqual({ caso: expect.any(String), certeza, partes });
    expect(matches).toHaveLength(1);
  });

  it.each([
    ['a longer number that contains ours', 'QUINTO DE LO CIVIL\nBANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 1123/2024.'],
    ['the same number of another year', 'QUINTO DE LO CIVIL\nBANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2023.'],
    ['a date that looks like a number', 'QUINTO DE LO CIVIL\nSe cita a audiencia el 12/11/2024 a las 10 horas. Exp. 55/2024.'],
    ['text before the first court', 'AVISO: el expediente 123/2024 del Juzgado Quinto de lo Civil se remitió al archivo.\nJUZGADO PRIMERO DE LO CIVIL\nExp. 1/2024 A vs. B'],
    ['another city’s court of the same number', 'JUZGADO SEGUNDO CIVIL DE MEXICALI\nBELTRÁN SOTO ANA vs. X. Exp. 450/2024.'],
  ])('no confirmed match: %s', (_label, text) => {
    expect(matchesOf(text).filter((match) => match.certeza === 'confirmada')).toEqual([]);
  });

  it('a Baja California heading with its city confirms the case of that city', () => {
    expect(matchesOf('JUZGADO SEGUNDO CIVIL DE TIJUANA, B.C. LISTA\nBELTRÁN SOTO ANA vs. X. Exp. 450/2024.')).toEqual([{ caso: 'tijuana', certeza: 'confirmada', partes: true }]);
  });

  it('never matches a closed case or another lawyer’s (only the cases it is given)', () => {
    expect(matchesOf('QUINTO DE LO CIVIL\nBANCO DEL CENTRO vs. JOSÉ PÉREZ LÓPEZ. Exp. 123/2024.', [])).toEqual([]);
  });
});
