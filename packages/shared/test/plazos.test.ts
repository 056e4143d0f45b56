import { describe, expect, it } from 'vitest';
import {
  CALENDARIOS_ESTATALES,
  estadoDeJuzgado,
  CALENDARIOS_PRESET,
  type CalendarioPreset,
  calcularPlazo,
  type DiaInhabil,
  diasInhabilesPreset,
  domingoDePascua,
  habilesAntes,
  nthMonday,
  type PlazoTipo,
  presetParaMateria,
} from '../src/plazos';

const inhabiles = (clave: CalendarioPreset, ...extra: DiaInhabil[]) => [...diasInhabilesPreset(clave, 2026), ...diasInhabilesPreset(clave, 2027), ...extra];
const plazo = (clave: CalendarioPreset, notificacion: string, dias: number, tipo: PlazoTipo = 'habiles', ...extra: DiaInhabil[]) =>
  calcularPlazo({
    notificacion,
    dias,
    tipo,
    inhabiles: inhabiles(clave, ...extra),
    finesDeSemana: CALENDARIOS_PRESET[clave].finesDeSemana,
    fundamentoInicio: CALENDARIOS_PRESET[clave].inicio,
  });
/** The days that did not count, and why. */
const skipped = (result: ReturnType<typeof calcularPlazo>) => result.dias.filter((day) => day.numero === null && day.motivo !== null).map((day) => `${day.fecha} ${day.motivo}`);

describe('plazos en días hábiles', () => {
  it('generates the preset calendars from their rules, with the Mondays and the sixth-year 1 October', () => {
    expect(nthMonday(2026, 2, 1)).toBe('2026-02-02');
    expect(nthMonday(2026, 3, 3)).toBe('2026-03-16');
    expect(nthMonday(2026, 11, 3)).toBe('2026-11-16');
    const laboral = diasInhabilesPreset('laboral', 2026).map((day) => day.fecha);
    expect(laboral).toEqual(['2026-01-01', '2026-02-02', '2026-03-16', '2026-05-01', '2026-09-16', '2026-11-16', '2026-12-25']);
    expect(diasInhabilesPreset('laboral', 2030).map((day) => day.fecha)).toContain('2030-10-01');
    const amparo = diasInhabilesPreset('amparo', 2026);
    // Art. 19 names the dates themselves, not the Mondays.
    expect(amparo.map((day) => day.fecha)).toEqual(expect.arrayContaining(['2026-02-05', '2026-03-21', '2026-09-14', '2026-11-20', '2026-12-25']));
    expect(amparo.map((day) => day.fecha)).not.toContain('2026-03-16');
    // Every fact carries its source; the recesses (set each year by the CJF) say they need checking.
    expect(amparo.every((day) => day.fundamento)).toBe(true);
    expect(amparo.find((day) => day.fecha === '2026-07-20')).toMatchObject({ tipo: 'receso', verificado: false });
    expect(amparo.find((day) => day.fecha === '2026-12-25')).toMatchObject({ motivo: 'Navidad', verificado: true });
  });

  it.each([
    // [what, calendar, notification took effect, days, kind, due, days skipped]
    ['across a weekend', 'amparo', '2026-06-11', 3, 'habiles', '2026-06-16', ['2026-06-13 Sábado', '2026-06-14 Domingo']],
    [
      'across 14 and 16 September',
      'amparo',
      '2026-09-04',
      15,
      'habiles',
      '2026-09-29',
      [
        '2026-09-05 Sábado',
        '2026-09-06 Domingo',
        '2026-09-12 Sábado',
        '2026-09-13 Domingo',
        '2026-09-14 Día de la Charrería (14 de septiembre)',
        '2026-09-16 Día de la Independencia',
        '2026-09-19 Sábado',
        '2026-09-20 Domingo',
        '2026-09-26 Sábado',
        '2026-09-27 Domingo',
      ],
    ],
    [
      'across the third Monday of March, labour',
      'laboral',
      '2026-03-12',
      5,
      'habiles',
      '2026-03-20',
      ['2026-03-14 Sábado', '2026-03-15 Domingo', '2026-03-16 Tercer lunes de marzo, en conmemoración del 21 de marzo'],
    ],
    ['the same days in amparo, where that Monday counts', 'amparo', '2026-03-12', 5, 'habiles', '2026-03-19', ['2026-03-14 Sábado', '2026-03-15 Domingo']],
    [
      'across the third Monday of November, labour',
      'laboral',
      '2026-11-12',
      3,
      'habiles',
      '2026-11-18',
      ['2026-11-14 Sábado', '2026-11-15 Domingo', '2026-11-16 Tercer lunes de noviembre, en conmemoración del 20 de noviembre'],
    ],
    ['across 20 November in amparo', 'amparo', '2026-11-18', 2, 'habiles', '2026-11-23', ['2026-11-20 Aniversario de la Revolución', '2026-11-21 Sábado', '2026-11-22 Domingo']],
    ['naturales ending on a Saturday run to Monday', 'amparo', '2026-06-10', 10, 'naturales', '2026-06-22', ['2026-06-21 Domingo']],
    ['the same ten days as hábiles', 'amparo', '2026-06-10', 10, 'habiles', '2026-06-24', ['2026-06-13 Sábado', '2026-06-14 Domingo', '2026-06-20 Sábado', '2026-06-21 Domingo']],
  ] as const)('%s', (_what, clave, notificacion, dias, tipo, vence, omitidos) => {
    const result = plazo(clave, notificacion, dias, tipo);
    expect(result.vence).toBe(vence);
    expect(skipped(result)).toEqual(omitidos);
    expect(result.dias.filter((day) => day.numero !== null)).toHaveLength(dias);
  });

  it('naturales: the tenth day is a Saturday, so the plazo runs to the next working day', () => {
    const result = plazo('amparo', '2026-06-10', 10, 'naturales');
    expect(result.dias.slice(-3)).toEqual([
      { fecha: '2026-06-20', numero: 10, motivo: 'Sábado', fundamento: CALENDARIOS_PRESET.amparo.finesDeSemana },
      { fecha: '2026-06-21', numero: null, motivo: 'Domingo', fundamento: CALENDARIOS_PRESET.amparo.finesDeSemana },
      { fecha: '2026-06-22', numero: null, motivo: null, fundamento: null },
    ]);
  });

  it('skips the July recess, and the December recess into the next year', () => {
    const july = plazo('amparo', '2026-07-14', 3);
    expect(july.vence).toBe('2026-08-04');
    expect(july.dias.filter((day) => day.numero !== null).map((day) => day.fecha)).toEqual(['2026-07-15', '2026-08-03', '2026-08-04']);
    expect(skipped(july)).toContain('2026-07-20 Receso de verano del Poder Judicial de la Federación');
    const december = plazo('amparo', '2026-12-14', 3);
    expect(december.vence).toBe('2027-01-05');
    expect(skipped(december)).toEqual(expect.arrayContaining(['2026-12-25 Navidad', '2027-01-01 Año Nuevo', '2027-01-02 Sábado']));
  });

  it("counts a court's own día inhábil, and states the rules it applied", () => {
    const suspension: DiaInhabil = { fecha: '2026-06-15', motivo: 'Suspensión de labores del juzgado', fundamento: 'Acuerdo del juzgado', tipo: 'suspension', verificado: true };
    const result = plazo('amparo', '2026-06-11', 3, 'habiles', suspension);
    expect(result.vence).toBe('2026-06-17');
    expect(result.dias.find((day) => day.fecha === '2026-06-15')).toEqual({
      fecha: '2026-06-15',
      numero: null,
      motivo: 'Suspensión de labores del juzgado',
      fundamento: 'Acuerdo del juzgado',
    });
    expect(result.inicia).toBe('2026-06-12');
    expect(result.reglas[0]).toContain('a partir del día siguiente');
    expect(result.reglas[0]).toContain('Ley de Amparo, art. 18');
    expect(plazo('laboral', '2026-06-11', 3).reglas[0]).toContain('Ley Federal del Trabajo, art. 733');
  });

  it('finds the working day three working days before a due date, and refuses a count out of range', () => {
    expect(habilesAntes('2026-09-17', 3, inhabiles('amparo'))).toBe('2026-09-10');
    expect(() => plazo('amparo', '2026-06-11', 0)).toThrow(RangeError);
    expect(() => plazo('amparo', '2026-06-11', 366)).toThrow(RangeError);
  });
});

describe('calendarios de los tribunales de los estados', () => {
  it('computes Easter (and so Holy Thursday and Friday) for any year', () => {
    expect(domingoDePascua(2024)).toBe('2024-03-31');
    expect(domingoDePascua(2025)).toBe('2025-04-20');
    expect(domingoDePascua(2026)).toBe('2026-04-05');
    expect(domingoDePascua(2027)).toBe('2027-03-28');
  });

  it('gives each state its holidays, Holy Week, Day of the Dead and recesses, all marked to confirm against the year’s calendar', () => {
    for (const clave of CALENDARIOS_ESTATALES) {
      const days = diasInhabilesPreset(clave, 2026);
      const byDate = new Map(days.map((day) => [day.fecha, day]));
      expect(byDate.get('2026-04-02')?.motivo).toBe('Jueves Santo');
      expect(byDate.get('2026-04-03')?.motivo).toBe('Viernes Santo');
      expect(byDate.get('2026-11-02')?.motivo).toBe('Día de Muertos');
      expect(byDate.get('2026-02-02')?.motivo).toMatch(/Primer lunes de febrero/);
      expect(byDate.get('2026-12-25')).toMatchObject({ motivo: 'Navidad', tipo: 'feriado' });
      expect(byDate.get('2026-07-20')?.tipo).toBe('receso');
      expect(days.every((day) => !day.verificado && day.fundamento?.includes('(acuerdo anual de su Poder Judicial)'))).toBe(true);
      expect(new Set(days.map((day) => day.fecha)).size).toBe(days.length);
    }
    // Mexico City's code is cited by article; the others say their article is to be confirmed.
    expect(CALENDARIOS_PRESET.cdmx.inicio).toContain('art. 129');
    expect(CALENDARIOS_PRESET.cdmx.finesDeSemana).toContain('art. 64');
    expect(CALENDARIOS_PRESET.jalisco.inicio).toContain('artículo por confirmar');
  });

  it('counts a civil plazo in Mexico City across Holy Week', () => {
    // Notified Monday 30 March 2026: Thursday 2 and Friday 3 April do not count.
    const result = plazo('cdmx', '2026-03-30', 5);
    expect(result.vence).toBe('2026-04-08');
    expect(result.dias.filter((day) => day.numero === null).map((day) => day.motivo)).toEqual(['Jueves Santo', 'Viernes Santo', 'Sábado', 'Domingo']);
  });

  it('proposes the calendar that fits a case’s materia', () => {
    expect(presetParaMateria('laboral')).toBe('laboral');
    expect(presetParaMateria('amparo')).toBe('amparo');
    expect(presetParaMateria('civil')).toBe('cdmx');
    expect(presetParaMateria('familiar', 'jalisco')).toBe('jalisco');
    expect(presetParaMateria('mercantil', 'nuevo_leon')).toBe('nuevo_leon');
    expect(presetParaMateria('penal')).toBeNull();
    expect(presetParaMateria(null)).toBeNull();
  });

  it('places a case’s court in its state by the place its name gives, and places none it cannot', () => {
    expect(estadoDeJuzgado('Juzgado Quinto Civil de Tijuana')).toBe('baja_california');
    expect(estadoDeJuzgado('JUZGADO PRIMERO DE LO FAMILIAR DE MEXICALI, B.C.')).toBe('baja_california');
    expect(estadoDeJuzgado('Juzgado 3o. Mercantil de Zapopan')).toBe('jalisco');
    expect(estadoDeJuzgado('Juzgado Segundo Civil de Toluca, Estado de México')).toBe('edomex');
    expect(estadoDeJuzgado('Juzgado Segundo Civil de Amecameca')).toBeNull();
    expect(estadoDeJuzgado('Juzgado Cuarto Familiar de Monterrey, N.L.')).toBe('nuevo_leon');
    expect(estadoDeJuzgado('Juzgado 40 Civil de la Ciudad de México')).toBe('cdmx');
    expect(estadoDeJuzgado('1o. Civil')).toBeNull();
    expect(estadoDeJuzgado('Juzgado del Oro')).toBeNull();
    expect(estadoDeJuzgado(null)).toBeNull();
    expect(presetParaMateria('civil', estadoDeJuzgado('Juzgado Quinto Civil de Tijuana') ?? 'cdmx')).toBe('baja_california');
  });
});
