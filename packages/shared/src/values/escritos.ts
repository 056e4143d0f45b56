/** Plain values of escritos merged from the expediente (issue 36): the fields a template may use. No zod here (docs/decisions/0028). */

/** A field a template may use, as `{clave}`, with what a lawyer is asked when the case lacks it. */
export interface CampoEscrito {
  clave: string;
  etiqueta: string;
  /** Where its value comes from, said to the lawyer when it is missing. */
  origen: string;
}

/** The origin of a field that only the escrito itself says (what is asked, to whom): typed when it is generated. */
export const ESCRITO_ORIGEN_PROPIO = 'este escrito';

export const CAMPOS_ESCRITO: readonly CampoEscrito[] = [
  { clave: 'caso.titulo', etiqueta: 'Nombre del caso', origen: 'el caso' },
  { clave: 'caso.expediente', etiqueta: 'Número de expediente', origen: 'el caso' },
  { clave: 'caso.juzgado', etiqueta: 'Juzgado o tribunal', origen: 'el caso' },
  { clave: 'caso.secretaria', etiqueta: 'Secretaría', origen: 'el caso' },
  // Said as a court is addressed, from the case's court: 'C. JUEZ PRIMERO DE LO CIVIL DE LA CIUDAD DE MÉXICO' (destinatario.ts).
  { clave: 'juzgado.destinatario', etiqueta: 'Juzgado o tribunal al que se dirige', origen: 'el juzgado del caso' },
  { clave: 'juzgado.vocativo', etiqueta: 'Cómo se le pide (A USTED C. JUEZ)', origen: 'el juzgado del caso' },
  { clave: 'juzgado.usted', etiqueta: 'Usted o Ustedes', origen: 'el juzgado del caso' },
  { clave: 'caso.materia', etiqueta: 'Materia', origen: 'el caso' },
  { clave: 'caso.actor', etiqueta: 'Parte actora', origen: 'las partes del caso' },
  { clave: 'caso.demandado', etiqueta: 'Parte demandada', origen: 'las partes del caso' },
  { clave: 'caso.terceros', etiqueta: 'Terceros', origen: 'las partes del caso' },
  { clave: 'caso.descripcion', etiqueta: 'Descripción del caso', origen: 'el caso' },
  { clave: 'cliente.nombre', etiqueta: 'Nombre del cliente', origen: 'el cliente del caso' },
  { clave: 'cliente.rfc', etiqueta: 'RFC del cliente', origen: 'el cliente del caso' },
  { clave: 'cliente.direccion', etiqueta: 'Domicilio del cliente', origen: 'el cliente del caso' },
  { clave: 'cliente.email', etiqueta: 'Email del cliente', origen: 'el cliente del caso' },
  { clave: 'cliente.telefono', etiqueta: 'Teléfono del cliente', origen: 'el cliente del caso' },
  // A persona moral appears through its representative, with the blanks a lawyer fills by hand; a person by their own right.
  { clave: 'cliente.comparecencia', etiqueta: 'Cómo comparece el cliente', origen: 'el cliente del caso' },
  { clave: 'cliente.firma', etiqueta: 'Quién firma por el cliente', origen: 'el cliente del caso' },
  { clave: 'abogado.nombre', etiqueta: 'Tu nombre', origen: 'tu perfil' },
  { clave: 'abogado.cedula', etiqueta: 'Tu cédula profesional', origen: 'tu perfil' },
  // In gender as the profile says (Tratamiento): 'abogada patrona', 'apoderado legal' for a company, 'presentada'.
  { clave: 'abogado.tratamiento', etiqueta: 'Abogada o abogado', origen: 'tu perfil' },
  { clave: 'abogado.caracter', etiqueta: 'Tu carácter en el juicio', origen: 'tu perfil y tu cliente' },
  { clave: 'abogado.presentado', etiqueta: 'Presentada o presentado', origen: 'tu perfil' },
  { clave: 'abogado.email', etiqueta: 'Tu email', origen: 'tu cuenta' },
  { clave: 'abogado.telefono', etiqueta: 'Tu teléfono', origen: 'tu perfil' },
  { clave: 'abogado.domicilio', etiqueta: 'Tu domicilio', origen: 'tu perfil (domicilio fiscal)' },
  { clave: 'hoy', etiqueta: 'Fecha de hoy, en letra', origen: 'el día en que se genera' },
  { clave: 'hoy.numero', etiqueta: 'Fecha de hoy (dd/mm/aaaa)', origen: 'el día en que se genera' },
  // What only the escrito says: asked every time it is generated.
  { clave: 'lugar', etiqueta: 'Lugar donde se firma (ciudad)', origen: ESCRITO_ORIGEN_PROPIO },
  { clave: 'peticion', etiqueta: 'Lo que se solicita al juzgado', origen: ESCRITO_ORIGEN_PROPIO },
  { clave: 'constancias', etiqueta: 'Constancias de las que se piden copias', origen: ESCRITO_ORIGEN_PROPIO },
  { clave: 'autorizados', etiqueta: 'Personas que se autorizan', origen: ESCRITO_ORIGEN_PROPIO },
  { clave: 'honorarios', etiqueta: 'Honorarios pactados', origen: ESCRITO_ORIGEN_PROPIO },
];

export const CAMPO_ESCRITO_CLAVES: ReadonlySet<string> = new Set(CAMPOS_ESCRITO.map((campo) => campo.clave));

/** A template's size (a Word file with a logo in its header weighs far less) and what its parts may inflate to. */
export const ESCRITO_PLANTILLA_MAX_BYTES = 5 * 1024 * 1024;
export const ESCRITOS_PROPIOS_MAX = 100;
export const ESCRITO_VALOR_MAX = 2_000;

const UNIDADES = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const DECENAS = ['', '', 'veinte', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'];
const CENTENAS = ['', 'ciento', 'doscientos', 'trescientos', 'cuatrocientos', 'quinientos', 'seiscientos', 'setecientos', 'ochocientos', 'novecientos'];
const MESES = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** A whole number from 0 to 9,999 in Spanish words, as a date is written ('dos mil veintiséis'); 'uno' stays 'uno' (the first day is 'primero', see fechaEnLetra). */
export function numeroEnLetra(n: number): string {
  if (!Number.isInteger(n) || n < 0 || n > 9_999) throw new RangeError(`${n}`);
  if (n < 30) return UNIDADES[n]!;
  if (n < 100) return `${DECENAS[Math.floor(n / 10)]}${n % 10 ? ` y ${UNIDADES[n % 10]}` : ''}`;
  if (n === 100) return 'cien';
  if (n < 1_000) return `${CENTENAS[Math.floor(n / 100)]}${n % 100 ? ` ${numeroEnLetra(n % 100)}` : ''}`;
  const miles = Math.floor(n / 1_000);
  return `${miles === 1 ? 'mil' : `${numeroEnLetra(miles)} mil`}${n % 1_000 ? ` ${numeroEnLetra(n % 1_000)}` : ''}`;
}

/** '2026-11-27' → 'veintisiete de noviembre de dos mil veintiséis'; the first of a month is 'primero', as escritos date themselves. */
export function fechaEnLetra(isoDay: string): string {
  const [year, month, day] = isoDay.split('-').map(Number) as [number, number, number];
  return `${day === 1 ? 'primero' : numeroEnLetra(day)} de ${MESES[month - 1]} de ${numeroEnLetra(year)}`;
}
