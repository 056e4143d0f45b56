/** Which public layout a bulletin is in: each prints its courts, entries and date its own way. */
export type BulletinFormat = 'cdmx' | 'bc' | 'edomex' | 'jalisco' | 'generico';

/** What the reader counted while reading a bulletin. */
export interface ReadingCounts {
  formato: BulletinFormat;
  /** Pages, when the source has them. */
  paginas: number | null;
  /** The date its masthead prints. */
  fecha: string | null;
  /** Acuerdos read (entries of a court's list). */
  entradas: number;
  /** Edictos read (notices, never a court's list). */
  edictos: number;
  /** Each court heading in the order read, with its entries. */
  juzgados: { juzgado: string; entradas: number }[];
  /** Acuerdos read outside any court heading. */
  sinJuzgado: number;
  /** Pieces of a court's text that formed no entry (an entry cut short: a column or a page not read). */
  fragmentos: number;
  /** Table rows with text but without an expediente where the list prints one. */
  filasSinNumero: number;
  /** Rows missing from a list's numbering (1, 2, 5: two rows not read). */
  huecos: number;
  /** Pages read in one column where the page holds two. */
  columnasPerdidas: number;
  /** Pages read in columns. */
  paginasEnColumnas: number;
  /** Running headers, footers and page numbers left out. */
  encabezados: number;
  /** Table rows a browser does not show, not read. */
  filasOcultas: number;
  /** Court headings of a state's bulletin without the city they sit in (Baja California prints it in every heading). */
  juzgadosSinLugar: number;
}

/** What was read, and whether it holds together: `problemas` says, in Spanish, why a reading is not to be trusted. */
export interface ReadingReport extends ReadingCounts {
  problemas: string[];
  /** Whether the reading holds together as such a bulletin should. A watched day that does not is 'no se pudo leer'. */
  legible: boolean;
}

const plural = (n: number, one: string, many: string) => `${n.toLocaleString('es-MX')} ${n === 1 ? one : many}`;

/**
 * Checks a reading against what a bulletin of its format holds: a masthead
 * with its date, court headings, entries under them (none left without a
 * court, no text that formed no entry), every column of every page, every
 * row of a numbered list. Mexico City's pages carry dozens of entries in
 * two columns; Baja California's lists number their rows and name the city
 * in each court's heading. A reading that fails a check is reported, never
 * taken for a day without acuerdos.
 */
export function judge(counts: ReadingCounts): ReadingReport {
  const problemas: string[] = [];
  const total = counts.entradas + counts.edictos;
  const tolerance = (n: number) => Math.max(2, Math.ceil(n * 0.01));
  if (total === 0) problemas.push('No se encontró ninguna entrada bajo un juzgado.');
  if (counts.juzgados.length === 0 && counts.entradas > 0) problemas.push('No se reconoció ningún juzgado: las entradas no se pueden atribuir a un tribunal.');
  if (counts.sinJuzgado > tolerance(counts.entradas)) problemas.push(`${plural(counts.sinJuzgado, 'entrada quedó', 'entradas quedaron')} sin juzgado.`);
  if (counts.fragmentos > tolerance(counts.entradas))
    problemas.push(`${plural(counts.fragmentos, 'trozo de texto', 'trozos de texto')} de un juzgado no formaron una entrada completa.`);
  if (counts.columnasPerdidas > 0 && (counts.paginasEnColumnas > 0 || counts.formato === 'cdmx'))
    problemas.push(`En ${plural(counts.columnasPerdidas, 'página', 'páginas')} solo se pudo leer una columna.`);
  if (counts.filasSinNumero > tolerance(counts.entradas))
    problemas.push(`${plural(counts.filasSinNumero, 'fila', 'filas')} de las listas no traen un número de expediente donde se espera.`);
  if (counts.huecos > 0) problemas.push(`${counts.huecos === 1 ? 'Falta' : 'Faltan'} ${plural(counts.huecos, 'fila', 'filas')} en la numeración de las listas.`);
  if (counts.juzgadosSinLugar > 0) problemas.push(`${plural(counts.juzgadosSinLugar, 'juzgado', 'juzgados')} sin la ciudad en su encabezado.`);
  if (counts.formato !== 'generico' && !counts.fecha) problemas.push('No se encontró la fecha del boletín en su encabezado.');
  if (counts.formato === 'cdmx' && counts.paginas && counts.paginas >= 4) {
    // A day's pages hold dozens of entries; far fewer means its columns were not read.
    const perPage = counts.entradas / counts.paginas;
    if (perPage < 8) problemas.push(`Solo ${perPage.toLocaleString('es-MX', { maximumFractionDigits: 1 })} entradas por página, cuando este boletín imprime decenas.`);
  }
  return { ...counts, problemas, legible: problemas.length === 0 };
}
