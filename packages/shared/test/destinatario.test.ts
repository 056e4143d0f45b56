import { describe, expect, it } from 'vitest';
import { destinatarioDe, ordinalEnLetra } from '../src/destinatario';

describe('a quién se dirige un escrito', () => {
  it('says the court as it is addressed, its number in words and «de lo» before its materia', () => {
    expect(destinatarioDe('1o. Civil')).toBe('C. JUEZ PRIMERO DE LO CIVIL DE LA CIUDAD DE MÉXICO');
    expect(destinatarioDe('Juzgado Quinto de lo Civil de Proceso Escrito')).toBe('C. JUEZ QUINTO DE LO CIVIL DE PROCESO ESCRITO DE LA CIUDAD DE MÉXICO');
    expect(destinatarioDe('Juzgado 13° Familiar')).toBe('C. JUEZ DÉCIMO TERCERO DE LO FAMILIAR DE LA CIUDAD DE MÉXICO');
    expect(destinatarioDe('Juzgado 40 Civil')).toBe('C. JUEZ CUADRAGÉSIMO DE LO CIVIL DE LA CIUDAD DE MÉXICO');
  });

  it('keeps the place a court names, and never puts a federal court in Mexico City’s local courts', () => {
    expect(destinatarioDe('Juzgado Quinto Civil de Tijuana')).toBe('C. JUEZ QUINTO DE LO CIVIL DE TIJUANA');
    expect(destinatarioDe('Juzgado 2o. Mercantil de Zapopan, Jalisco')).toBe('C. JUEZ SEGUNDO DE LO MERCANTIL DE ZAPOPAN, JALISCO');
    expect(destinatarioDe('Juzgado Tercero de Distrito en Materia Administrativa')).toBe('C. JUEZ TERCERO DE DISTRITO EN MATERIA ADMINISTRATIVA');
  });

  it('addresses a Sala or a Tribunal to its magistrates, and keeps what the lawyer already addressed', () => {
    expect(destinatarioDe('3a. Sala Familiar')).toBe('CC. MAGISTRADOS INTEGRANTES DE LA TERCERA SALA FAMILIAR');
    expect(destinatarioDe('Primer Tribunal Colegiado en Materia Civil del Primer Circuito')).toBe(
      'CC. MAGISTRADOS INTEGRANTES DEL PRIMER TRIBUNAL COLEGIADO EN MATERIA CIVIL DEL PRIMER CIRCUITO',
    );
    expect(destinatarioDe('C. Juez Primero Civil')).toBe('C. JUEZ PRIMERO CIVIL');
    expect(destinatarioDe('Junta Especial 7 de la Federal de Conciliación y Arbitraje')).toBe('C. PRESIDENTE DE LA JUNTA ESPECIAL 7 DE LA FEDERAL DE CONCILIACIÓN Y ARBITRAJE');
    expect(destinatarioDe('')).toBe('');
  });

  it('spells 1 to 99 as ordinals, in either gender', () => {
    expect(ordinalEnLetra(1)).toBe('PRIMERO');
    expect(ordinalEnLetra(3, true)).toBe('TERCERA');
    expect(ordinalEnLetra(21)).toBe('VIGÉSIMO PRIMERO');
    expect(ordinalEnLetra(100)).toBeNull();
  });
});
