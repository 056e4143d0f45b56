import { describe, expect, it } from 'vitest';
import { fechaEnLetra, numeroEnLetra } from '../src/values/escritos';

describe('la fecha de un escrito, en letra', () => {
  it.each([
    ['2026-11-27', 'veintisiete de noviembre de dos mil veintiséis'],
    ['2027-01-01', 'primero de enero de dos mil veintisiete'],
    ['2026-05-21', 'veintiuno de mayo de dos mil veintiséis'],
    ['2030-12-31', 'treinta y uno de diciembre de dos mil treinta'],
    ['2000-02-16', 'dieciséis de febrero de dos mil'],
    ['1999-09-30', 'treinta de septiembre de mil novecientos noventa y nueve'],
  ])('%s se escribe «%s»', (day, words) => {
    expect(fechaEnLetra(day)).toBe(words);
  });

  it('escribe los números como se leen', () => {
    expect([0, 15, 22, 40, 99, 100, 101, 115, 500, 999, 1000, 2026].map(numeroEnLetra)).toEqual([
      'cero',
      'quince',
      'veintidós',
      'cuarenta',
      'noventa y nueve',
      'cien',
      'ciento uno',
      'ciento quince',
      'quinientos',
      'novecientos noventa y nueve',
      'mil',
      'dos mil veintiséis',
    ]);
    expect(() => numeroEnLetra(10_000)).toThrow(RangeError);
  });
});
