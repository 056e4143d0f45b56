import { describe, expect, it } from 'vitest';
import { calcularPlazo, type CalendarioPreset, diasInhabilesPreset, REGLAS_PLAZO, reglasPara, surteEfectos, surteEfectosSegun } from '../src';

/**
 * Published → takes effect → due, counted by hand on the calendar of each
 * court (weekends, the holidays of its law, its recesses: 16–31 July and
 * 16–31 December for the federal and Mexico City courts). The engine must give
 * the same days. Each row names the rule it follows (its days and kind come
 * from the catalogue), or a lawyer's own rule of días naturales.
 */
const CASOS: { caso: string; calendario: CalendarioPreset; regla: string | { dias: number; tipo: 'naturales' }; publicado: string; efectos: string; vence: string }[] = [
  // Amparo, on the federal calendar (Ley de Amparo, art. 19).
  { caso: 'demanda, across the December recess and 1 January', calendario: 'amparo', regla: 'amparo-demanda', publicado: '2026-11-26', efectos: '2026-11-27', vence: '2027-01-06' },
  { caso: 'revisión, over 20 November', calendario: 'amparo', regla: 'amparo-revision', publicado: '2026-11-17', efectos: '2026-11-18', vence: '2026-12-03' },
  {
    caso: 'queja: published the day before 20 November, takes effect on the Monday',
    calendario: 'amparo',
    regla: 'amparo-queja',
    publicado: '2026-11-19',
    efectos: '2026-11-23',
    vence: '2026-11-30',
  },
  {
    caso: 'queja against the suspensión: its second day after the recess',
    calendario: 'amparo',
    regla: 'amparo-queja-suspension',
    publicado: '2026-12-11',
    efectos: '2026-12-14',
    vence: '2027-01-04',
  },
  { caso: 'revisión across the July recess', calendario: 'amparo', regla: 'amparo-revision', publicado: '2026-07-10', efectos: '2026-07-13', vence: '2026-08-12' },
  { caso: 'demanda over 14 and 16 September', calendario: 'amparo', regla: 'amparo-demanda', publicado: '2026-09-09', efectos: '2026-09-10', vence: '2026-10-05' },
  { caso: 'queja: takes effect after 12 October', calendario: 'amparo', regla: 'amparo-queja', publicado: '2026-10-09', efectos: '2026-10-13', vence: '2026-10-20' },
  { caso: 'demanda over 5 February', calendario: 'amparo', regla: 'amparo-demanda', publicado: '2027-01-25', efectos: '2027-01-26', vence: '2027-02-17' },
  { caso: 'revisión over 1 and 5 May', calendario: 'amparo', regla: 'amparo-revision', publicado: '2026-04-29', efectos: '2026-04-30', vence: '2026-05-18' },
  { caso: 'queja against the suspensión: two days', calendario: 'amparo', regla: 'amparo-queja-suspension', publicado: '2026-12-03', efectos: '2026-12-04', vence: '2026-12-08' },
  {
    caso: 'demanda: 16 March is not a federal holiday (21 March is)',
    calendario: 'amparo',
    regla: 'amparo-demanda',
    publicado: '2026-03-13',
    efectos: '2026-03-16',
    vence: '2026-04-06',
  },
  { caso: 'reclamación', calendario: 'amparo', regla: 'amparo-reclamacion', publicado: '2026-11-30', efectos: '2026-12-01', vence: '2026-12-04' },
  { caso: 'revisión typed with a Saturday as publication', calendario: 'amparo', regla: 'amparo-revision', publicado: '2026-11-28', efectos: '2026-11-30', vence: '2026-12-14' },
  { caso: 'demanda across the recess into the next year', calendario: 'amparo', regla: 'amparo-demanda', publicado: '2027-12-14', efectos: '2027-12-15', vence: '2028-01-21' },
  {
    caso: 'demanda published during the recess: takes effect the first working day',
    calendario: 'amparo',
    regla: 'amparo-demanda',
    publicado: '2026-12-17',
    efectos: '2027-01-04',
    vence: '2027-01-25',
  },
  { caso: 'queja, 20 November 2027 a Saturday', calendario: 'amparo', regla: 'amparo-queja', publicado: '2027-11-18', efectos: '2027-11-19', vence: '2027-11-26' },
  // Civil and family, Mexico City's courts.
  {
    caso: 'contestación over the third Monday of November',
    calendario: 'cdmx',
    regla: 'civil-cdmx-contestacion',
    publicado: '2026-11-12',
    efectos: '2026-11-13',
    vence: '2026-12-07',
  },
  {
    caso: 'apelación of a sentencia across the December recess',
    calendario: 'cdmx',
    regla: 'civil-cdmx-apelacion-sentencia',
    publicado: '2026-11-30',
    efectos: '2026-12-01',
    vence: '2027-01-05',
  },
  { caso: 'genérico: Holy Thursday and Friday closed', calendario: 'cdmx', regla: 'civil-cdmx-generico', publicado: '2026-04-01', efectos: '2026-04-06', vence: '2026-04-09' },
  { caso: 'apelación of an auto: 2 November closed', calendario: 'cdmx', regla: 'civil-cdmx-apelacion-auto', publicado: '2026-10-30', efectos: '2026-11-03', vence: '2026-11-13' },
  {
    caso: 'contestación: the first Monday of February 2027 closed',
    calendario: 'cdmx',
    regla: 'civil-cdmx-contestacion',
    publicado: '2027-01-29',
    efectos: '2027-02-02',
    vence: '2027-02-23',
  },
  { caso: 'genérico across the July recess', calendario: 'cdmx', regla: 'civil-cdmx-generico', publicado: '2026-07-14', efectos: '2026-07-15', vence: '2026-08-05' },
  {
    caso: 'contestación over 15 March and Holy Week 2027',
    calendario: 'cdmx',
    regla: 'civil-cdmx-contestacion',
    publicado: '2027-03-08',
    efectos: '2027-03-09',
    vence: '2027-04-02',
  },
  {
    caso: 'apelación of a sentencia over 16 September (14 September counts)',
    calendario: 'cdmx',
    regla: 'civil-cdmx-apelacion-sentencia',
    publicado: '2026-09-10',
    efectos: '2026-09-11',
    vence: '2026-09-30',
  },
  {
    caso: 'apelación of an auto published on the recess’s last day',
    calendario: 'cdmx',
    regla: 'civil-cdmx-apelacion-auto',
    publicado: '2026-07-31',
    efectos: '2026-08-03',
    vence: '2026-08-13',
  },
  {
    caso: 'genérico: published the day before Holy Thursday 2027',
    calendario: 'cdmx',
    regla: 'civil-cdmx-generico',
    publicado: '2027-03-24',
    efectos: '2027-03-29',
    vence: '2027-04-01',
  },
  // Commercial trials heard by Mexico City's courts (Código de Comercio).
  { caso: 'ejecutivo: contestación', calendario: 'cdmx', regla: 'mercantil-ejecutivo-contestacion', publicado: '2026-11-23', efectos: '2026-11-24', vence: '2026-12-04' },
  {
    caso: 'ordinario: contestación across the recess',
    calendario: 'cdmx',
    regla: 'mercantil-ordinario-contestacion',
    publicado: '2026-12-04',
    efectos: '2026-12-07',
    vence: '2027-01-14',
  },
  {
    caso: 'apelación of a sentencia over 16 March',
    calendario: 'cdmx',
    regla: 'mercantil-apelacion-sentencia',
    publicado: '2026-03-10',
    efectos: '2026-03-11',
    vence: '2026-03-25',
  },
  {
    caso: 'apelación of an auto: published on a Friday',
    calendario: 'cdmx',
    regla: 'mercantil-apelacion-auto',
    publicado: '2026-05-29',
    efectos: '2026-06-01',
    vence: '2026-06-09',
  },
  {
    caso: 'ejecutivo: its last five days after the recess',
    calendario: 'cdmx',
    regla: 'mercantil-ejecutivo-contestacion',
    publicado: '2026-12-09',
    efectos: '2026-12-10',
    vence: '2027-01-08',
  },
  // Labour (Ley Federal del Trabajo: its holidays, no recess in the preset).
  {
    caso: 'contestación over the third Monday of November (20 November counts)',
    calendario: 'laboral',
    regla: 'laboral-contestacion',
    publicado: '2026-11-11',
    efectos: '2026-11-12',
    vence: '2026-12-04',
  },
  { caso: 'genérico: published on Christmas Eve', calendario: 'laboral', regla: 'laboral-generico', publicado: '2026-12-24', efectos: '2026-12-28', vence: '2026-12-31' },
  {
    caso: 'contestación: published the day before 16 September',
    calendario: 'laboral',
    regla: 'laboral-contestacion',
    publicado: '2026-09-15',
    efectos: '2026-09-17',
    vence: '2026-10-08',
  },
  { caso: 'genérico: the third Monday of March 2027', calendario: 'laboral', regla: 'laboral-generico', publicado: '2027-03-12', efectos: '2027-03-16', vence: '2027-03-19' },
  { caso: 'contestación: 1 May closed, 5 May counts', calendario: 'laboral', regla: 'laboral-contestacion', publicado: '2026-04-30', efectos: '2026-05-04', vence: '2026-05-25' },
  {
    caso: 'contestación over the third Monday of November 2027',
    calendario: 'laboral',
    regla: 'laboral-contestacion',
    publicado: '2027-11-11',
    efectos: '2027-11-12',
    vence: '2027-12-06',
  },
  // Rules read in the law's text (shared/law/plazos.md), each counted by hand.
  {
    caso: 'mercantil: apelación preventiva, 3 days',
    calendario: 'cdmx',
    regla: 'mercantil-apelacion-preventiva',
    publicado: '2026-05-29',
    efectos: '2026-06-01',
    vence: '2026-06-04',
  },
  {
    caso: 'mercantil: revocación, over the third Monday of November',
    calendario: 'cdmx',
    regla: 'mercantil-revocacion',
    publicado: '2026-11-13',
    efectos: '2026-11-17',
    vence: '2026-11-20',
  },
  {
    caso: 'mercantil: contestación in the oral trial, across the recess',
    calendario: 'cdmx',
    regla: 'mercantil-oral-contestacion',
    publicado: '2026-12-03',
    efectos: '2026-12-04',
    vence: '2027-01-05',
  },
  {
    caso: 'mercantil: agravios against a sentencia, over 15 March 2027',
    calendario: 'cdmx',
    regla: 'mercantil-agravios-sentencia',
    publicado: '2027-03-10',
    efectos: '2027-03-11',
    vence: '2027-03-22',
  },
  {
    caso: 'Código Nacional: apelación of a sentencia over 2 November',
    calendario: 'cdmx',
    regla: 'cnpcf-apelacion-sentencia',
    publicado: '2026-10-29',
    efectos: '2026-10-30',
    vence: '2026-11-13',
  },
  { caso: 'Código Nacional: apelación of an auto, 5 days', calendario: 'cdmx', regla: 'cnpcf-apelacion-auto', publicado: '2026-11-11', efectos: '2026-11-12', vence: '2026-11-20' },
  {
    caso: 'Código Nacional: contestación across the July recess',
    calendario: 'cdmx',
    regla: 'cnpcf-contestacion',
    publicado: '2026-07-08',
    efectos: '2026-07-09',
    vence: '2026-08-17',
  },
  { caso: 'amparo adhesivo over 14 and 16 September', calendario: 'amparo', regla: 'amparo-adhesivo', publicado: '2026-09-08', efectos: '2026-09-09', vence: '2026-10-02' },
  { caso: 'revisión adhesiva over 20 November', calendario: 'amparo', regla: 'amparo-revision-adhesiva', publicado: '2026-11-18', efectos: '2026-11-19', vence: '2026-11-27' },
  { caso: 'inconformidad over 5 May 2027', calendario: 'amparo', regla: 'amparo-inconformidad', publicado: '2027-04-26', efectos: '2027-04-27', vence: '2027-05-19' },
  { caso: 'laboral: réplica over 16 September', calendario: 'laboral', regla: 'laboral-replica', publicado: '2026-09-10', efectos: '2026-09-11', vence: '2026-09-24' },
  {
    caso: 'laboral: special procedure, over Christmas and New Year',
    calendario: 'laboral',
    regla: 'laboral-especial-contestacion',
    publicado: '2026-12-21',
    efectos: '2026-12-22',
    vence: '2027-01-07',
  },
  {
    caso: 'laboral: contrarréplica over the third Monday of November 2027',
    calendario: 'laboral',
    regla: 'laboral-contrarreplica',
    publicado: '2027-11-10',
    efectos: '2027-11-11',
    vence: '2027-11-19',
  },
  // A lawyer's own rules in días naturales: every day counts; a last day the court is closed moves to the next it works.
  { caso: '10 naturales ending on a Friday', calendario: 'cdmx', regla: { dias: 10, tipo: 'naturales' }, publicado: '2026-11-23', efectos: '2026-11-24', vence: '2026-12-04' },
  {
    caso: '10 naturales over a weekend, ending on a Monday',
    calendario: 'cdmx',
    regla: { dias: 10, tipo: 'naturales' },
    publicado: '2026-12-03',
    efectos: '2026-12-04',
    vence: '2026-12-14',
  },
  { caso: '5 naturales ending on a Sunday', calendario: 'cdmx', regla: { dias: 5, tipo: 'naturales' }, publicado: '2026-12-07', efectos: '2026-12-08', vence: '2026-12-14' },
  { caso: '7 naturales ending in the recess', calendario: 'cdmx', regla: { dias: 7, tipo: 'naturales' }, publicado: '2026-12-08', efectos: '2026-12-09', vence: '2027-01-04' },
  {
    caso: '30 naturales in labour (2 November counts there)',
    calendario: 'laboral',
    regla: { dias: 30, tipo: 'naturales' },
    publicado: '2026-10-30',
    efectos: '2026-11-02',
    vence: '2026-12-02',
  },
];

const inhabiles = (calendario: CalendarioPreset) => [2026, 2027, 2028].flatMap((year) => diasInhabilesPreset(calendario, year));

describe('el término que inicia una actuación, contado a mano', () => {
  it('has at least forty cases', () => expect(CASOS.length).toBeGreaterThanOrEqual(40));

  for (const { caso, calendario, regla, publicado, efectos, vence } of CASOS) {
    it(`${calendario}: ${typeof regla === 'string' ? regla : `${regla.dias} ${regla.tipo}`}, ${caso}`, () => {
      const rule = typeof regla === 'string' ? REGLAS_PLAZO.find((entry) => entry.clave === regla)! : regla;
      expect(rule, String(regla)).toBeDefined();
      const days = inhabiles(calendario);
      expect(surteEfectos(publicado, days)).toBe(efectos);
      const plazo = calcularPlazo({ notificacion: efectos, dias: rule.dias, tipo: rule.tipo, inhabiles: days, finesDeSemana: 'x', fundamentoInicio: 'x' });
      expect(plazo.vence).toBe(vence);
    });
  }
});

describe('las reglas que propone «Calcular término»', () => {
  it('offers the rules of the case’s materia first, then those of any materia, and only those its actuación starts', () => {
    expect(reglasPara(REGLAS_PLAZO, 'amparo', 'sentencia').map((regla) => regla.clave)).toEqual(['amparo-revision', 'amparo-inconformidad', 'amparo-demanda']);
    // An auto admisorio in amparo starts a queja, never a revisión (Ley de Amparo, art. 97, fr. I, a).
    expect(reglasPara(REGLAS_PLAZO, 'amparo', 'auto_admisorio').map((regla) => regla.clave)).not.toContain('amparo-revision');
    expect(reglasPara(REGLAS_PLAZO, 'mercantil', 'emplazamiento').map((regla) => regla.clave)).toEqual([
      'mercantil-ejecutivo-contestacion',
      'mercantil-ordinario-contestacion',
      'mercantil-oral-contestacion',
      'mercantil-ejecutivo-oral-contestacion',
      'amparo-demanda',
    ]);
    // An appealable auto in a commercial trial: the preventive appeal's 3 days first, the 6 days of tramitación inmediata for the cases of art. 1345.
    expect(
      reglasPara(REGLAS_PLAZO, 'mercantil', 'acuerdo')
        .map((regla) => regla.clave)
        .slice(0, 2),
    ).toEqual(['mercantil-apelacion-preventiva', 'mercantil-apelacion-auto']);
    // Mexico City's local code first; the Código Nacional offered after it, since it governs only new cases where it was declared in force.
    // Mexico City's code is never proposed for a case before another state's courts.
    const tijuana = reglasPara(REGLAS_PLAZO, 'civil', 'sentencia', 'baja_california');
    expect(tijuana.length).toBeGreaterThan(0);
    expect(tijuana.every((regla) => !regla.ley.includes('Distrito Federal'))).toBe(true);
    expect(reglasPara(REGLAS_PLAZO, 'civil', 'sentencia').some((regla) => regla.ley.includes('Distrito Federal'))).toBe(true);
    const civil = reglasPara(REGLAS_PLAZO, 'civil', 'sentencia').map((regla) => regla.clave);
    expect(civil.indexOf('civil-cdmx-apelacion-sentencia')).toBeLessThan(civil.indexOf('cnpcf-apelacion-sentencia'));
    expect(reglasPara(REGLAS_PLAZO, 'laboral', 'audiencia')).toEqual([]);
    // A case without a materia gets the rules of any materia only.
    expect(reglasPara(REGLAS_PLAZO, null, 'sentencia').map((regla) => regla.clave)).toEqual(['amparo-demanda']);
  });

  it('cites each rule’s article as the law file read it, and says which are still to confirm', () => {
    for (const regla of REGLAS_PLAZO) {
      expect(regla.articulo, regla.clave).toMatch(/^arts?\. \d+/);
      if (!regla.verificada) expect(regla.nota, regla.clave).toContain('Por confirmar');
    }
    // Only Mexico City's local code, whose current official text was not read, is still to confirm.
    expect(REGLAS_PLAZO.filter((regla) => !regla.verificada).map((regla) => regla.clave)).toEqual([
      'civil-cdmx-contestacion',
      'civil-cdmx-apelacion-sentencia',
      'civil-cdmx-apelacion-auto',
      'civil-cdmx-generico',
    ]);
    const regla = (clave: string) => REGLAS_PLAZO.find((entry) => entry.clave === clave)!;
    expect(regla('laboral-contestacion')).toMatchObject({ articulo: 'art. 873-A', dias: 15, verificada: true });
    expect(regla('mercantil-apelacion-auto')).toMatchObject({ articulo: 'art. 1079, fr. II (y 1345 bis 1)', dias: 6 });
    expect(regla('mercantil-apelacion-preventiva')).toMatchObject({ articulo: 'arts. 1339 y 1344', dias: 3 });
    expect(regla('mercantil-apelacion-sentencia').nota).toContain('art. 1339');
    for (const clave of ['cnpcf-contestacion', 'cnpcf-apelacion-sentencia', 'cnpcf-apelacion-auto']) expect(regla(clave).nota).toContain('declaratoria');
    expect(surteEfectosSegun('mercantil')).toMatchObject({ verificada: true, fundamento: expect.stringContaining('art. 1075') });
    expect(surteEfectosSegun('laboral')).toMatchObject({ verificada: true, fundamento: expect.stringContaining('buzón electrónico') });
    expect(surteEfectosSegun('amparo').fundamento).toContain('Firma Electrónica');
    expect(surteEfectosSegun('penal')).toMatchObject({ verificada: false, fundamento: expect.stringContaining('P./J. 11/2017') });
  });
});
