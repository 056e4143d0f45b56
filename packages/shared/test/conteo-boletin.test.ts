import { describe, expect, it } from 'vitest';
import { conteoDeBoletin } from '../src/values/boletines';

// The review's heading, the bell, the email, Configuración and the dashboard say a bulletin's count in these words.
describe('conteoDeBoletin', () => {
  it('counts confirmed acuerdos and possible ones apart, in singular and plural', () => {
    expect(conteoDeBoletin({ confirmadas: 1, posibles: 0 })).toBe('1 acuerdo en tus casos');
    expect(conteoDeBoletin({ confirmadas: 0, posibles: 0 })).toBe('0 acuerdos en tus casos');
    expect(conteoDeBoletin({ confirmadas: 3, posibles: 1 })).toBe('3 acuerdos en tus casos y 1 posible por revisar');
    expect(conteoDeBoletin({ confirmadas: 1, posibles: 2 })).toBe('1 acuerdo en tus casos y 2 posibles por revisar');
  });

  it('never says a lawyer has 0 acuerdos when there are possible ones to review', () => {
    expect(conteoDeBoletin({ confirmadas: 0, posibles: 1 })).toBe('1 posible acuerdo por revisar');
    expect(conteoDeBoletin({ confirmadas: 0, posibles: 4 })).toBe('4 posibles acuerdos por revisar');
  });

  it('writes large numbers as Mexico writes them', () => {
    expect(conteoDeBoletin({ confirmadas: 1250, posibles: 0 })).toBe('1,250 acuerdos en tus casos');
  });
});
