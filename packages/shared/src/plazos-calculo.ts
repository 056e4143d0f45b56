import { addDays } from './dates';

/**
 * Procedural deadlines (plazos) in Mexican working days: the preset calendars,
 * the rules that generate their días inhábiles year by year, and the count
 * itself. Everything here works on dates ('YYYY-MM-DD'), never on instants:
 * a plazo has no time zone. Each legal fact carries its source; what could
 * not be verified against the current text says so (`verificado: false`).
 */

export const PLAZO_TIPOS = ['habiles', 'naturales'] as const;
export type PlazoTipo = (typeof PLAZO_TIPOS)[number];
export const DIA_INHABIL_TIPOS = ['feriado', 'receso', 'suspension'] as const;
export type DiaInhabilTipo = (typeof DIA_INHABIL_TIPOS)[number];

export interface DiaInhabil {
  fecha: string;
  motivo: string;
  fundamento: string | null;
  tipo: DiaInhabilTipo;
  /** False where the date comes from a yearly agreement or text not verified for that year. */
  verificado: boolean;
}

/** The preset calendars every lawyer has; their own calendars start from one of these. */
export const CALENDARIOS_PRESET = {
  amparo: {
    nombre: 'Amparo y tribunales federales',
    descripcion: 'Ley de Amparo, art. 19, y los recesos del Poder Judicial de la Federación.',
    finesDeSemana: 'Ley de Amparo, art. 19 (sábados y domingos)',
    inicio: 'Ley de Amparo, art. 18',
    fijaLosRecesos: 'el Órgano de Administración Judicial del Poder Judicial de la Federación',
  },
  laboral: {
    nombre: 'Materia laboral',
    descripcion: 'Ley Federal del Trabajo, arts. 74 y 715: descansos obligatorios, con los lunes que los conmemoran.',
    finesDeSemana: 'Ley Federal del Trabajo, art. 715 (sábados y domingos)',
    inicio: 'Ley Federal del Trabajo, art. 733',
    fijaLosRecesos: null,
  },
  cdmx: {
    nombre: 'Tribunales de la Ciudad de México (civil, familiar, mercantil)',
    descripcion:
      'Código de Procedimientos Civiles para el Distrito Federal, arts. 64 (días hábiles), 129 (inicio del cómputo) y 131 (días que no cuentan), en lo civil y familiar; en lo mercantil, el Código de Comercio, arts. 1064, 1075 y 1076. Festivos y vacaciones según el calendario que el Poder Judicial de la Ciudad de México fija cada año.',
    finesDeSemana: 'Código de Procedimientos Civiles para el Distrito Federal, art. 64 (sábados y domingos)',
    inicio:
      'Código de Procedimientos Civiles para el Distrito Federal, art. 129 (notificación personal: desde el día siguiente a aquel en que se hizo; por Boletín Judicial: desde el día siguiente a aquel en que surtió efectos)',
    fijaLosRecesos: 'el Poder Judicial de la Ciudad de México',
  },
  jalisco: {
    nombre: 'Tribunales de Jalisco (civil, familiar, mercantil)',
    descripcion:
      'Código de Procedimientos Civiles del Estado de Jalisco; festivos y vacaciones según el calendario anual del Consejo de la Judicatura del Estado de Jalisco. Artículos por confirmar en el texto vigente.',
    finesDeSemana: 'Código de Procedimientos Civiles del Estado de Jalisco (sábados y domingos; artículo por confirmar)',
    inicio: 'Código de Procedimientos Civiles del Estado de Jalisco (desde el día siguiente a aquel en que surtió efectos la notificación; artículo por confirmar)',
    fijaLosRecesos: 'el Poder Judicial del Estado de Jalisco',
  },
  nuevo_leon: {
    nombre: 'Tribunales de Nuevo León (civil, familiar, mercantil)',
    descripcion:
      'Código de Procedimientos Civiles del Estado de Nuevo León; festivos y vacaciones según el calendario anual del Consejo de la Judicatura del Estado de Nuevo León. Artículos por confirmar en el texto vigente.',
    finesDeSemana: 'Código de Procedimientos Civiles del Estado de Nuevo León (sábados y domingos; artículo por confirmar)',
    inicio: 'Código de Procedimientos Civiles del Estado de Nuevo León (desde el día siguiente a aquel en que surtió efectos la notificación; artículo por confirmar)',
    fijaLosRecesos: 'el Poder Judicial del Estado de Nuevo León',
  },
  edomex: {
    nombre: 'Tribunales del Estado de México (civil, familiar, mercantil)',
    descripcion:
      'Código de Procedimientos Civiles del Estado de México, libro primero (actuaciones y plazos); festivos y vacaciones según el calendario anual del Consejo de la Judicatura del Estado de México. Artículos por confirmar en el texto vigente.',
    finesDeSemana: 'Código de Procedimientos Civiles del Estado de México (sábados y domingos; artículo por confirmar)',
    inicio: 'Código de Procedimientos Civiles del Estado de México (desde el día siguiente a aquel en que surtió efectos la notificación; artículo por confirmar)',
    fijaLosRecesos: 'el Poder Judicial del Estado de México',
  },
  baja_california: {
    nombre: 'Tribunales de Baja California (civil, familiar, mercantil)',
    descripcion:
      'Código de Procedimientos Civiles para el Estado de Baja California (texto vigente no leído); festivos y vacaciones según el calendario anual del Poder Judicial del Estado de Baja California. Artículos por confirmar.',
    finesDeSemana: 'Código de Procedimientos Civiles para el Estado de Baja California (sábados y domingos; artículo por confirmar)',
    inicio: 'Código de Procedimientos Civiles para el Estado de Baja California (desde el día siguiente a aquel en que surtió efectos la notificación; artículo por confirmar)',
    fijaLosRecesos: 'el Poder Judicial del Estado de Baja California',
  },
} as const;
export type CalendarioPreset = keyof typeof CALENDARIOS_PRESET;

/**
 * A commercial trial is governed by the Código de Comercio wherever it is
 * heard (the state courts' calendar still says which days they close): its
 * arts. 1064 (días hábiles: every day but Sundays and those the court does
 * not work), 1075 (terms run from the day after the notification took effect,
 * the last day included) and 1076 (no day on which there can be no judicial
 * actuaciones counts), read in the code's text.
 */
export const REGLAS_MERCANTILES = {
  finesDeSemana: 'Código de Comercio, art. 1064 (domingos, y los sábados y demás días en que no laboran los tribunales que conocen del juicio)',
  inicio: 'Código de Comercio, art. 1075 (desde el día siguiente a aquel en que surtió efectos la notificación; se cuenta el día del vencimiento)',
  inhabiles: 'Código de Comercio, art. 1076: no se cuentan los días en que no pueden tener lugar actuaciones judiciales.',
} as const;

/**
 * The legal basis a count cites: its calendar's, except a commercial matter on
 * a state's courts, which the Código de Comercio governs. Amparo and labour
 * calendars are their laws' whatever the case's materia.
 */
export function reglasDelComputo(clave: CalendarioPreset, materia?: string | null): { finesDeSemana: string; inicio: string; inhabiles: string | null } {
  if (materia === 'mercantil' && (CALENDARIOS_ESTATALES as readonly string[]).includes(clave)) return REGLAS_MERCANTILES;
  return { finesDeSemana: CALENDARIOS_PRESET[clave].finesDeSemana, inicio: CALENDARIOS_PRESET[clave].inicio, inhabiles: null };
}
export const CALENDARIO_PRESET_CLAVES = Object.keys(CALENDARIOS_PRESET) as CalendarioPreset[];
/** The presets of a state's own courts (civil, familiar, mercantil). */
export const CALENDARIOS_ESTATALES = ['cdmx', 'jalisco', 'nuevo_leon', 'edomex', 'baja_california'] as const satisfies readonly CalendarioPreset[];
export type CalendarioEstatal = (typeof CALENDARIOS_ESTATALES)[number];

/**
 * The places whose courts each state preset counts for, as a court's name or a
 * lawyer writes them (folded: lower case, no accents). A court that names
 * none is not placed: the lawyer's usual state applies.
 */
export const LUGARES_POR_ESTADO: Record<Exclude<CalendarioEstatal, 'cdmx'>, readonly string[]> = {
  baja_california: [
    'baja california',
    'b.c.',
    'tijuana',
    'mexicali',
    'ensenada',
    'tecate',
    'playas de rosarito',
    'rosarito',
    'san quintin',
    'san felipe',
    'guadalupe victoria',
    'ciudad morelos',
  ],
  edomex: [
    'estado de mexico',
    'edomex',
    'edo. mex',
    'edo. de mex',
    'toluca',
    'ecatepec',
    'nezahualcoyotl',
    'tlalnepantla',
    'naucalpan',
    'texcoco',
    'chalco',
    'cuautitlan izcalli',
    'cuautitlan',
    'lerma',
    'tenancingo',
    'tenango',
    'el oro',
    'ixtlahuaca',
    'jilotepec',
    'otumba',
    'sultepec',
    'temascaltepec',
    'valle de bravo',
    'zumpango',
  ],
  jalisco: [
    'jalisco',
    'guadalajara',
    'zapopan',
    'tlaquepaque',
    'tonala',
    'puerto vallarta',
    'lagos de moreno',
    'ciudad guzman',
    'ameca',
    'chapala',
    'autlan',
    'ocotlan',
    'tepatitlan',
  ],
  nuevo_leon: ['nuevo leon', 'n.l.', 'monterrey', 'san pedro garza garcia', 'san nicolas de los garza', 'apodaca', 'santa catarina', 'escobedo', 'cadereyta'],
};
const MEXICO_CITY_NAMES = ['ciudad de mexico', 'cdmx', 'distrito federal', 'd.f.'];
const foldPlace = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ');
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const PLACE_PATTERNS = ([['cdmx', MEXICO_CITY_NAMES], ...Object.entries(LUGARES_POR_ESTADO)] as [CalendarioEstatal, readonly string[]][]).map(
  ([estado, names]) => [estado, new RegExp(`(^|[^a-z])(${names.map(escapeRegExp).join('|')})(?=$|[^a-z])`)] as const,
);

/**
 * The state whose courts a case's court sits in, by the place its name gives
 * ('Juzgado Quinto Civil de Tijuana': Baja California), or null when it gives
 * none ('1o. Civil'). The first place named decides ('Juzgado de Distrito en
 * Tijuana, Baja California' names one state twice).
 */
export function estadoDeJuzgado(juzgado: string | null | undefined): CalendarioEstatal | null {
  if (!juzgado) return null;
  const folded = foldPlace(juzgado);
  let first: { estado: CalendarioEstatal; at: number } | null = null;
  for (const [estado, pattern] of PLACE_PATTERNS) {
    const found = pattern.exec(folded);
    if (found && (!first || found.index < first.at)) first = { estado, at: found.index };
  }
  return first?.estado ?? null;
}

/**
 * The preset that fits a case's materia: labour matters count on the LFT's
 * calendar, amparo on the federal judiciary's, and civil, family and
 * commercial matters on the state courts' (the lawyer's usual state). Other
 * materias (penal, administrativa, fiscal) have their own rules: no guess.
 */
export function presetParaMateria(materia: string | null | undefined, estado: CalendarioEstatal = 'cdmx'): CalendarioPreset | null {
  if (materia === 'laboral') return 'laboral';
  if (materia === 'amparo') return 'amparo';
  if (materia === 'civil' || materia === 'familiar' || materia === 'mercantil') return estado;
  return null;
}

/** Easter Sunday of a year (Gregorian computus: Meeus/Jones/Butcher). */
export function domingoDePascua(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;

/** The n-th Monday of a month (n = 1 first, 3 third). */
export function nthMonday(year: number, month: number, n: number): string {
  const firstWeekday = new Date(Date.UTC(year, month - 1, 1)).getUTCDay(); // 0 Sunday … 6 Saturday
  const firstMonday = 1 + ((8 - firstWeekday) % 7);
  return dateOf(year, month, firstMonday + 7 * (n - 1));
}

/** Every date from `from` to `to`, both included. */
function range(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

const AMPARO_19 = 'Ley de Amparo, art. 19';
/** Since September 2025 the federal judiciary's recesses are set by its Órgano de Administración Judicial (before, the Consejo de la Judicatura Federal). */
export const RECESO_FEDERAL = 'Fechas habituales; las fija cada año por acuerdo el Órgano de Administración Judicial del Poder Judicial de la Federación';
const LFT_74 = 'Ley Federal del Trabajo, art. 74';

/**
 * The días inhábiles a preset calendar has in `year`, besides weekends.
 * Amparo (art. 19) names fixed dates, not the Monday observances; the federal
 * judiciary's recesses (the second halves of July and December) are set each
 * year by the Consejo de la Judicatura Federal, so they are given as the usual
 * windows and marked unverified: the lawyer confirms them against that year's
 * acuerdo. The labour calendar follows LFT art. 74, including the Mondays and
 * 1 October of each sixth year (the transfer of the federal executive: 2024,
 * 2030, …); election days (art. 74, IX) depend on each election and are added
 * by the lawyer.
 */
export function diasInhabilesPreset(clave: CalendarioPreset, year: number): DiaInhabil[] {
  const day = (fecha: string, motivo: string, fundamento: string, tipo: DiaInhabilTipo = 'feriado', verificado = true): DiaInhabil => ({
    fecha,
    motivo,
    fundamento,
    tipo,
    verificado,
  });
  if (clave === 'amparo') {
    const recess = (from: string, to: string, motivo: string) => range(from, to).map((fecha) => day(fecha, motivo, RECESO_FEDERAL, 'receso', false));
    return [
      day(dateOf(year, 1, 1), 'Año Nuevo', AMPARO_19),
      day(dateOf(year, 2, 5), 'Aniversario de la Constitución', AMPARO_19),
      day(dateOf(year, 3, 21), 'Natalicio de Benito Juárez', AMPARO_19),
      day(dateOf(year, 5, 1), 'Día del Trabajo', AMPARO_19),
      day(dateOf(year, 5, 5), 'Batalla de Puebla', AMPARO_19),
      day(dateOf(year, 9, 14), 'Día de la Charrería (14 de septiembre)', AMPARO_19),
      day(dateOf(year, 9, 16), 'Día de la Independencia', AMPARO_19),
      day(dateOf(year, 10, 12), 'Día de la Raza', AMPARO_19),
      day(dateOf(year, 11, 20), 'Aniversario de la Revolución', AMPARO_19),
      ...recess(dateOf(year, 7, 16), dateOf(year, 7, 31), 'Receso de verano del Poder Judicial de la Federación'),
      ...recess(dateOf(year, 12, 16), dateOf(year, 12, 31), 'Receso de invierno del Poder Judicial de la Federación').map((entry) =>
        entry.fecha === dateOf(year, 12, 25) ? day(entry.fecha, 'Navidad', AMPARO_19) : entry,
      ),
    ].sort((a, b) => a.fecha.localeCompare(b.fecha));
  }
  if (clave !== 'laboral') return diasInhabilesEstatales(clave, year);
  const days = [
    day(dateOf(year, 1, 1), 'Año Nuevo', `${LFT_74}, fracc. I`),
    day(nthMonday(year, 2, 1), 'Primer lunes de febrero, en conmemoración del 5 de febrero', `${LFT_74}, fracc. II`),
    day(nthMonday(year, 3, 3), 'Tercer lunes de marzo, en conmemoración del 21 de marzo', `${LFT_74}, fracc. III`),
    day(dateOf(year, 5, 1), 'Día del Trabajo', `${LFT_74}, fracc. IV`),
    day(dateOf(year, 9, 16), 'Día de la Independencia', `${LFT_74}, fracc. V`),
    day(nthMonday(year, 11, 3), 'Tercer lunes de noviembre, en conmemoración del 20 de noviembre', `${LFT_74}, fracc. VI`),
    day(dateOf(year, 12, 25), 'Navidad', `${LFT_74}, fracc. VIII`),
  ];
  if ((year - 2024) % 6 === 0) days.push(day(dateOf(year, 10, 1), 'Transmisión del Poder Ejecutivo Federal', `${LFT_74}, fracc. VII`));
  return days.sort((a, b) => a.fecha.localeCompare(b.fecha));
}

/**
 * A state's courts (civil, familiar, mercantil): the national holidays as the
 * LFT observes them (art. 74, with its Mondays), Holy Thursday and Friday, the
 * Day of the Dead, and the usual recesses (the second halves of July and
 * December). Each state's judiciary fixes them every year by agreement of its
 * Consejo de la Judicatura, so every row is marked unverified: the screen asks
 * the lawyer to confirm it against that year's calendar, and a court's own
 * closures go in the lawyer's calendar for it.
 */
function diasInhabilesEstatales(clave: CalendarioEstatal, year: number): DiaInhabil[] {
  const tribunal = CALENDARIOS_PRESET[clave].nombre.replace(/ \(.*\)$/, '');
  const calendarioAnual = `Calendario oficial de los ${tribunal.charAt(0).toLowerCase()}${tribunal.slice(1)} (acuerdo anual de su Poder Judicial)`;
  const day = (fecha: string, motivo: string, tipo: DiaInhabilTipo = 'feriado'): DiaInhabil => ({ fecha, motivo, fundamento: calendarioAnual, tipo, verificado: false });
  const pascua = domingoDePascua(year);
  const days = [
    day(dateOf(year, 1, 1), 'Año Nuevo'),
    day(nthMonday(year, 2, 1), 'Primer lunes de febrero, en conmemoración del 5 de febrero'),
    day(nthMonday(year, 3, 3), 'Tercer lunes de marzo, en conmemoración del 21 de marzo'),
    day(addDays(pascua, -3), 'Jueves Santo'),
    day(addDays(pascua, -2), 'Viernes Santo'),
    day(dateOf(year, 5, 1), 'Día del Trabajo'),
    day(dateOf(year, 9, 16), 'Día de la Independencia'),
    day(dateOf(year, 11, 2), 'Día de Muertos'),
    day(nthMonday(year, 11, 3), 'Tercer lunes de noviembre, en conmemoración del 20 de noviembre'),
    ...range(dateOf(year, 7, 16), dateOf(year, 7, 31)).map((fecha) => day(fecha, 'Vacaciones de verano del Poder Judicial', 'receso')),
    ...range(dateOf(year, 12, 16), dateOf(year, 12, 31)).map((fecha) =>
      day(fecha, fecha === dateOf(year, 12, 25) ? 'Navidad' : 'Vacaciones de invierno del Poder Judicial', fecha === dateOf(year, 12, 25) ? 'feriado' : 'receso'),
    ),
  ];
  if ((year - 2024) % 6 === 0) days.push(day(dateOf(year, 10, 1), 'Transmisión del Poder Ejecutivo Federal'));
  // One row per day (a holiday inside a recess keeps its own reason).
  const unique = new Map<string, DiaInhabil>();
  for (const entry of days) if (!unique.has(entry.fecha) || entry.tipo === 'feriado') unique.set(entry.fecha, entry);
  return [...unique.values()].sort((a, b) => a.fecha.localeCompare(b.fecha));
}

/** One day of the count, as the lawyer reads it. */
export interface DiaDelPlazo {
  fecha: string;
  /** Its number in the count (1, 2, …), or null when it does not count. */
  numero: number | null;
  /** Why it does not count: 'Sábado', 'Domingo', or the día inhábil's reason. */
  motivo: string | null;
  fundamento: string | null;
}

export interface PlazoCalculado {
  /** The last day to act (the count includes it). */
  vence: string;
  /** The first day counted. */
  inicia: string;
  dias: DiaDelPlazo[];
  /** The rules applied, in words, for the screen. */
  reglas: string[];
}

export const MAX_DIAS_PLAZO = 365;
const WEEKDAY_NAMES = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];
const weekdayOf = (fecha: string) => new Date(`${fecha}T00:00:00Z`).getUTCDay();
/** Saturday or Sunday: never counted, whatever a calendar says of the day. */
export const esFinDeSemana = (fecha: string) => weekdayOf(fecha) === 0 || weekdayOf(fecha) === 6;

/**
 * Counts a plazo: from the day after the notification took effect, `dias`
 * working days (weekends and `inhabiles` skipped) or calendar days (and then,
 * if the last one is not a working day, the next working day). Returns the
 * due date and every day walked, counted or skipped and why.
 */
export function calcularPlazo(input: {
  notificacion: string;
  dias: number;
  tipo: PlazoTipo;
  inhabiles: DiaInhabil[];
  finesDeSemana: string;
  fundamentoInicio: string;
  /** The rule that leaves out the days the court is closed, when the governing law has one of its own. */
  fundamentoInhabiles?: string | null;
}): PlazoCalculado {
  if (!Number.isInteger(input.dias) || input.dias < 1 || input.dias > MAX_DIAS_PLAZO) throw new RangeError(`dias fuera de 1…${MAX_DIAS_PLAZO}`);
  const inhabiles = new Map(input.inhabiles.map((entry) => [entry.fecha, entry]));
  const notWorking = (fecha: string): Pick<DiaDelPlazo, 'motivo' | 'fundamento'> | null => {
    const weekday = weekdayOf(fecha);
    if (weekday === 0 || weekday === 6) return { motivo: WEEKDAY_NAMES[weekday]!, fundamento: input.finesDeSemana };
    const entry = inhabiles.get(fecha);
    return entry ? { motivo: entry.motivo, fundamento: entry.fundamento } : null;
  };
  const reglas = [`El plazo se cuenta a partir del día siguiente a aquel en que surtió efectos la notificación, y el día del vencimiento se incluye (${input.fundamentoInicio}).`];
  const dias: DiaDelPlazo[] = [];
  let fecha = addDays(input.notificacion, 1);
  let counted = 0;
  if (input.tipo === 'habiles') {
    reglas.push('Solo cuentan los días hábiles: no cuentan sábados, domingos ni los días inhábiles del calendario elegido.');
    if (input.fundamentoInhabiles) reglas.push(input.fundamentoInhabiles);
    while (counted < input.dias) {
      const skipped = notWorking(fecha);
      if (skipped) dias.push({ fecha, numero: null, ...skipped });
      else dias.push({ fecha, numero: ++counted, motivo: null, fundamento: null });
      fecha = addDays(fecha, 1);
    }
  } else {
    reglas.push('Cuentan todos los días naturales; si el último es inhábil, el plazo vence el siguiente día hábil.');
    while (counted < input.dias) {
      dias.push({ fecha, numero: ++counted, motivo: null, fundamento: null });
      fecha = addDays(fecha, 1);
    }
    // The last day falls on a day the court is closed: the plazo runs to the next working day.
    let last = dias[dias.length - 1]!;
    let closed = notWorking(last.fecha);
    while (closed) {
      dias[dias.length - 1] = { ...last, ...closed };
      last = { fecha, numero: null, motivo: null, fundamento: null };
      dias.push(last);
      fecha = addDays(fecha, 1);
      closed = notWorking(last.fecha);
    }
  }
  // What no calendar here can know: it names only that.
  reglas.push('Un cierre de un juzgado en particular o una suspensión de labores acordada después no está en el calendario: añádelo en un calendario propio.');
  return { vence: dias[dias.length - 1]!.fecha, inicia: dias[0]!.fecha, dias, reglas };
}

/** The working day `n` working days before `fecha` (for the advance reminder), skipping what `calcularPlazo` skips. */
export function habilesAntes(fecha: string, n: number, inhabiles: DiaInhabil[]): string {
  const closed = new Set(inhabiles.map((entry) => entry.fecha));
  let day = fecha;
  for (let left = n; left > 0;) {
    day = addDays(day, -1);
    const weekday = weekdayOf(day);
    if (weekday !== 0 && weekday !== 6 && !closed.has(day)) left -= 1;
  }
  return day;
}
