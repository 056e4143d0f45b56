import type { Block, SourceLayout } from './blocks';
import { CIUDAD_DE_MEXICO, type Court, type CourtContext, parseCourt, secretariaOf, sectionContext } from './courts';
import { type CaseNumber, type FoundNumber, numbersInFolded } from './numbers';
import { COLUMN_HEADER, LIST_LABEL, NUMBER_CELL, SECRETARIA } from './patterns';
import { type BulletinFormat, judge, type ReadingReport } from './report';

export type { BulletinFormat } from './report';
import { capitalsShare, fold, foldAligned, spanishDate, tidy } from './text';

/** One entry of a bulletin: what it says, under which court and secretaría, of which day's acuerdos, and the numbers it is of. */
export interface BulletinEntry {
  /** Its place in the bulletin, from 0. */
  index: number;
  /** An acuerdo of a court's list, or an edicto (published text that names a court and an expediente without being its list). */
  kind: 'acuerdo' | 'edicto';
  text: string;
  court: Court | null;
  /** The court's heading as printed ('JUZGADO QUINTO DE LO CIVIL'). */
  courtLabel: string | null;
  /** The section it was printed in ('JUZGADOS DE LO CIVIL DE PROCESO ORAL'). */
  section: string | null;
  /** 'ACUERDOS DEL 26 DE NOVIEMBRE DE 2026', as a day. */
  fechaAcuerdos: string | null;
  /** The numbers the entry is of: the expediente that closes it, its row's number, the toca it is printed under. */
  own: CaseNumber[];
  /** Numbers it only mentions: an amparo, an acumulado, an exhorto, another court's expediente. Never confirm a match. */
  mentioned: CaseNumber[];
  page: number | null;
}

export interface ReadBulletin {
  /** The bulletin's own date, from its masthead (never from a list's 'ACUERDOS DEL …', never from today). */
  fecha: string | null;
  formato: BulletinFormat;
  entries: BulletinEntry[];
  report: ReadingReport;
}

export interface ReadOptions {
  /** The format, when the source is known (a watched site); otherwise told from the text. */
  formato?: BulletinFormat;
}

/** Mastheads and headings by which each format is told apart (folded text of the first lines). */
function detectFormat(lines: string[]): BulletinFormat {
  const head = lines.slice(0, 400).join('\n');
  if (/boletin judicial del estado de baja california|\b(tijuana|mexicali|ensenada|tecate|playas de rosarito)\b[^\n]{0,40}b\.?\s?c\.?\b/.test(head)) return 'bc';
  if (
    /tribunal superior de justicia de la ciudad de mexico|tribunal superior de justicia del distrito federal|\bboletin judicial\s+no\.?\s*\d+|^\d{1,4}\s+boletin judicial\b/m.test(
      head,
    )
  )
    return 'cdmx';
  if (/poder judicial del estado de mexico|boletin judicial[^\n]*estado de mexico|\btoluca\b[^\n]*\bmex\b/.test(head)) return 'edomex';
  if (/consejo de la judicatura del estado de jalisco|supremo tribunal de justicia del estado de jalisco|\bboletin judicial electronico\b[^\n]*jalisco/.test(head))
    return 'jalisco';
  return 'generico';
}

/** A section of the bulletin naming the kind of courts under it, with no number: 'JUZGADOS DE LO CIVIL', 'SALAS FAMILIARES', 'EDICTOS'. */
function sectionOf(text: string, folded: string): { label: string; context: CourtContext; edictos: boolean } | null {
  if (folded.length > 90 || /\d/.test(folded)) return null;
  if (/^(edictos|e d i c t o s|avisos judiciales|avisos|remates|convocatorias|publicaciones)\b/.test(folded)) return { label: text, context: {}, edictos: true };
  if (!/^(juzgados|salas|tribunales|seccion)\b/.test(folded)) return null;
  return { label: text, context: sectionContext(folded), edictos: false };
}

/** Words that never stand in a court's heading: a line with them is an entry or an edicto that names a court ('…de la Ciudad de México ordenó'). */
const PROSE =
  /\b(vs|contra|promovido|promueve|demandad[oa]s?|actor(?:a|es)?|ordeno|ordena|dicto|admite|admitio|notifica|notifiquese|hace|hago|saber|emplaza|emplazar|convoca|senala|cita|manda|publica|publiquese|que|se|quien|cual|para|mediante|proveido|edicto|expediente|exp|radicado|relativo|deducido)\b/;

/**
 * A court's heading: a short line in capitals that names a court and no
 * expediente ('JUZGADO 5o. DE LO CIVIL', 'QUINTO DE LO FAMILIAR', 'TERCERA
 * SALA CIVIL', 'JUZGADO SEGUNDO CIVIL DE TIJUANA, B.C. 10 DE MARZO DE 2026').
 * An entry or an edicto that mentions a court is longer, carries its
 * expediente, is not in capitals, or reads as a sentence.
 */
function headingCourt(text: string, folded: string, context: CourtContext): Court | null {
  if (folded.length > 170 || /\d{1,6}\s*\/\s*\d{2,4}/.test(folded) || PROSE.test(folded)) return null;
  if (
    !/^(juzgado|juez|sala|tribunal|\d{1,3}\s*(o|a|\/o|\/a|er|ero|era|do|da|to|ta|vo|va|no|na|mo|ma)?\.?\s|[a-z]+(esim|ecim|imer|egund|ercer|uart|uint|ext|eptim|ctav|oven|ndecim|uodecim)[oa]s?\b)/.test(
      folded,
    )
  )
    return null;
  // Headings are printed in capitals; 'Juzgado 5° de lo Civil' typed or pasted by hand still starts with the court's word.
  if (capitalsShare(text) < 0.6 && !/^(juzgado|sala|tribunal)\b/.test(folded)) return null;
  return parseCourt(text, context);
}

/** A dateline: the bulletin's own date as its masthead prints it ('Ciudad de México, martes 17 de marzo de 2026'; '…B.C. 10 DE MARZO DE 2026'). */
function datelineOf(folded: string): string | null {
  if (folded.length > 200) return null;
  const day = spanishDate(folded);
  if (!day) return null;
  if (
    /\bboletin judicial\b|\b(lunes|martes|miercoles|jueves|viernes|sabado|domingo)\b|^(ciudad de mexico|mexico|tijuana|mexicali|ensenada|tecate|toluca|guadalajara|monterrey)\b|\bb\.?\s?c\.?\b/.test(
      folded,
    )
  )
    return day;
  return null;
}

/** A line that opens an entry where entries start with their number: its place in the list ('12.-', '3)'), or the expediente first. */
const ENTRY_START =
  /^(?:\d{1,4}\s*(?:\.-|\.|\)|-)\s*\S|\d{1,4}\s+(?:[a-z-]{1,8}\.?\s*)?\d{1,6}\s*\/\s*\d{2,4}\b|(?:exp(?:ediente)?\.?|num\.?|no\.?|nu?m\.? exp\.?|t\.\s*[a-z]{1,4}\.?|toca)\s*(?:num(?:ero)?\.?\s*)?\d|\d{1,6}\s*\/\s*\d{2,4}\b)/;

/** What may follow an expediente at the end of an entry, as the Mexico City bulletin prints it ('Tomo II', 'Segundo Tomo', 'Expedientillo', 'Sent. Def.'). */
const SUFFIX_ITEMS = [
  /-\s*[ivx]{1,4}\b/y,
  /-\s*[a-z]\b/y,
  /tomo\s+[ivxl\d]+\b/y,
  /(?:primer|primero|segundo|tercer|tercero|cuarto|quinto|sexto|septimo|octavo)\s+tomo\b/y,
  /expedientillo\b/y,
  /cuadernillo(?:\s+de\s+[a-z]+)?\b/y,
  /cuaderno(?:\s+de\s+[a-z]+)?\b/y,
  /legajo\s+[a-z\d]+\b/y,
  /bis\b/y,
  /sent(?:encia)?\b\.?(?:\s*(?:def|int)[a-z]*\b\.?)?/y,
  /incidente(?:\s+de\s+[a-z]+)?\b/y,
  /acumulados?\b/y,
  /amparo\b/y,
  /principal\b/y,
  /duplicado\b/y,
  /\d{1,3}\s+acdos?\b\.?/y,
  /acdos?\b\.?/y,
  /secc?(?:ion)?\.?\s+[a-z\d]{1,3}\b/y,
];

/** The same suffixes, after optional spaces, at the start of a text: whether one more follows. */
const SUFFIX_NEXT = SUFFIX_ITEMS.map((item) => new RegExp(`^\\s*${item.source}`));

/** Where the suffixes after a closing number end (folded text, from `at`). */
function suffixEnd(folded: string, at: number): number {
  let end = at;
  for (let items = 0; items < 6; items += 1) {
    const separator = /[\s.,;:]*/y;
    separator.lastIndex = end;
    separator.exec(folded);
    const from = separator.lastIndex;
    let matched = -1;
    for (const item of SUFFIX_ITEMS) {
      item.lastIndex = from;
      if (item.exec(folded)) {
        matched = item.lastIndex;
        break;
      }
    }
    if (matched < 0) break;
    // A suffix stands alone: it ends in a stop, or after it come the end, a stop or another suffix ('AMPARO RUIZ vs. …' opens the next entry).
    const rest = folded.slice(matched);
    const closed = folded[matched - 1] === '.' || /^\s*([.,;)]|$)/.test(rest) || SUFFIX_NEXT.some((item) => item.test(rest));
    if (!closed) break;
    end = matched;
  }
  // The entry's own full stop.
  const stop = /\s*\./y;
  stop.lastIndex = end;
  return stop.exec(folded) ? stop.lastIndex : end;
}

const caseNumber = (number: FoundNumber): CaseNumber => ({ numero: number.numero, anio: number.anio, tipo: number.tipo, clase: number.clase, sufijo: number.sufijo });

/** The numbers of a piece of text in groups (one label's numbers together). */
function groupsOf(numbers: FoundNumber[]): FoundNumber[][] {
  const groups: FoundNumber[][] = [];
  for (const number of numbers) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.group === number.group) last.push(number);
    else groups.push([number]);
  }
  return groups;
}

interface Segment {
  text: string;
  own: CaseNumber[];
  mentioned: CaseNumber[];
}

/**
 * Entries closed by their expediente, as Mexico City prints them ('… Especial
 * Hipotecario. Exp. 123/2024 Tomo II.'): each runs to the labelled number
 * that closes it and the suffixes after it. A labelled number followed by
 * more of the same sentence ('…del Exp. 55/2020, promovido por…') does not
 * close it; an amparo's or an exhorto's number never does. What is left
 * after the last closing number is a fragment: text the reader could not
 * place in an entry.
 */
function numberLast(text: string): { segments: Segment[]; fragment: Segment | null } {
  const folded = foldAligned(text);
  const numbers = numbersInFolded(folded);
  const segments: Segment[] = [];
  let from = 0;
  let pending: FoundNumber[] = [];
  for (const group of groupsOf(numbers)) {
    const first = group[0]!;
    const last = group[group.length - 1]!;
    if (first.tipo !== 'expediente' && first.tipo !== 'toca') {
      pending.push(...group);
      continue;
    }
    const end = suffixEnd(folded, last.end);
    const next = text.slice(end).match(/^\s*(\S)/)?.[1];
    // More of the same sentence after it (a lower-case word, a comma): a mention, not the entry's close.
    if (next !== undefined && (/[,;:]/.test(next) || (next !== next.toUpperCase() && next === next.toLowerCase() && /\p{L}/u.test(next)))) {
      pending.push(...group);
      continue;
    }
    const entryText = tidy(text.slice(from, end));
    const own = group.filter((number) => !number.acumulado);
    const mentioned = [...pending.filter((number) => number.start >= from), ...group.filter((number) => number.acumulado)];
    if (entryText) segments.push({ text: entryText, own: own.map(caseNumber), mentioned: mentioned.map(caseNumber) });
    pending = [];
    from = end;
  }
  const rest = tidy(text.slice(from));
  const fragment = rest ? { text: rest, own: [], mentioned: numbers.filter((number) => number.start >= from).map(caseNumber) } : null;
  return { segments, fragment };
}

/** An entry that starts with its number (a numbered list, a pasted paragraph): its own number is the first labelled one, or the one it opens with. */
function numberFirstSegment(text: string): Segment {
  const folded = foldAligned(text);
  const numbers = numbersInFolded(folded);
  const groups = groupsOf(numbers);
  const owned =
    groups.find((group) => group[0]!.tipo === 'expediente' || group[0]!.tipo === 'toca') ??
    groups.find((group) => group[0]!.tipo === null && group[0]!.labelStart <= Math.max(14, folded.search(/\S/) + 14));
  const own = owned?.filter((number) => !number.acumulado) ?? [];
  return { text, own: own.map(caseNumber), mentioned: numbers.filter((number) => !own.includes(number)).map(caseNumber) };
}

/**
 * Reads a bulletin the way it is laid out: sections and court headings,
 * secretarías, lists ('Acuerdos', 'ACUERDOS DEL …'), then the entries under
 * them; a court's context (its heading, section and secretaría) carries
 * over to the next column and page until another heading comes. A table
 * row is one entry. The masthead gives the bulletin's date.
 */
export function readBlocks(blocks: Block[], layout: SourceLayout, options: ReadOptions = {}): ReadBulletin {
  const lines = blocks.flatMap((block) => (block.type === 'line' || block.type === 'furniture' ? [fold(block.text)] : block.type === 'row' ? [fold(block.cells.join(' '))] : []));
  const formato = options.formato ?? detectFormat(lines);
  const defaultLugar = formato === 'cdmx' ? CIUDAD_DE_MEXICO : null;

  let fecha: string | null = null;
  let section: { label: string; context: CourtContext; edictos: boolean } | null = null;
  let court: Court | null = null;
  let courtLabel: string | null = null;
  let fechaAcuerdos: string | null = null;
  let page: number | null = null;
  let furniture = 0;
  let fragments = 0;
  let rowsWithoutNumber = 0;
  let numberingGaps = 0;
  let expectedRow: number | null = null;
  let sawCourt = false;
  const entries: BulletinEntry[] = [];
  const headings: { label: string; court: Court | null; entries: number }[] = [];
  // The lines of the current court (or of the text before any court), in paragraphs, with the page each starts on.
  let block: { text: string; page: number | null }[][] = [[]];

  const push = (segment: Segment, kind: BulletinEntry['kind'], entryPage: number | null) => {
    // Text without any number is no entry of a list (a masthead, an index, a line cut from its entry).
    if (segment.own.length + segment.mentioned.length === 0) {
      if (court && kind === 'acuerdo') fragments += 1;
      return;
    }
    entries.push({
      index: entries.length,
      kind,
      text: segment.text,
      court: kind === 'edicto' ? null : court,
      courtLabel: kind === 'edicto' ? 'Edicto' : courtLabel,
      section: section?.label ?? null,
      fechaAcuerdos,
      own: kind === 'edicto' ? [] : segment.own,
      // An edicto's numbers are a court's, named in a notice: at most a possible match.
      mentioned: kind === 'edicto' ? [...segment.own, ...segment.mentioned] : segment.mentioned,
      page: entryPage,
    });
    if (kind === 'acuerdo' && court) headings[headings.length - 1]!.entries += 1;
  };

  const close = () => {
    const paragraphs = block.filter((paragraph) => paragraph.length > 0);
    block = [[]];
    if (paragraphs.length === 0) return;
    if (section?.edictos) {
      for (const paragraph of paragraphs) push(numberFirstSegment(tidy(paragraph.map((line) => line.text).join(' '))), 'edicto', paragraph[0]!.page);
      return;
    }
    const texts = paragraphs.map((paragraph) => tidy(paragraph.map((line) => line.text).join(' ')));
    const firstPage = paragraphs[0]![0]!.page;
    const closedEntries = (text: string, entryPage: number | null) => {
      const { segments, fragment } = numberLast(text);
      for (const segment of segments) push(segment, 'acuerdo', entryPage);
      if (fragment) {
        if (court) fragments += 1;
        // Words after the last number belong to no entry; with a number of their own they are still shown, never confirmed.
        if (fragment.mentioned.length > 0) push({ ...fragment, own: [] }, 'acuerdo', entryPage);
      }
    };
    // Mexico City closes each entry with its number, whatever the paragraphs (an entry runs on over a column's or a page's break).
    if (formato === 'cdmx') {
      closedEntries(texts.join(' '), firstPage);
      return;
    }
    paragraphs.forEach((paragraph, index) => {
      const text = texts[index]!;
      // Elsewhere a paragraph that does not open with a number, and that some labelled number closes, is read the same way.
      if (!ENTRY_START.test(fold(paragraph[0]!.text)) && numberLast(text).segments.length > 0) {
        closedEntries(text, paragraph[0]!.page);
        return;
      }
      let current: string[] = [];
      const flush = () => {
        if (current.length) push(numberFirstSegment(tidy(current.join(' '))), 'acuerdo', paragraph[0]!.page);
        current = [];
      };
      for (const line of paragraph) {
        if (ENTRY_START.test(fold(line.text)) && current.length) flush();
        current.push(line.text);
      }
      flush();
    });
  };

  const enterCourt = (next: Court, label: string) => {
    close();
    court = next;
    courtLabel = label;
    fechaAcuerdos = null;
    expectedRow = null;
    sawCourt = true;
    headings.push({ label, court: next, entries: 0 });
  };

  const row = (cells: string[]) => {
    close();
    const folded = cells.map((cell) => foldAligned(cell));
    const numberCell = folded.findIndex((cell, index) => index < 3 && NUMBER_CELL.test(cell.trim()));
    const indexCell = numberCell > 0 && /^\d{1,4}\.?$/.test(folded[numberCell - 1]!.trim()) ? Number(folded[numberCell - 1]!.replace(/\D/g, '')) : null;
    if (numberCell < 0) {
      // A header row ('No. | Expediente | Partes') or a row without an expediente.
      if (cells.some((cell) => /\d+\s*\/\s*\d{2,4}/.test(cell))) {
        rowsWithoutNumber += 1;
        push(numberFirstSegment(tidy(cells.join(' '))), 'acuerdo', page);
        entries[entries.length - 1]!.mentioned.push(...entries[entries.length - 1]!.own);
        entries[entries.length - 1]!.own = [];
      } else if (!/\b(expediente|exp\.?|partes|no\.)\b/.test(folded.join(' '))) {
        rowsWithoutNumber += cells.filter(Boolean).length > 1 ? 1 : 0;
      }
      return;
    }
    if (indexCell !== null) {
      if (indexCell === 1) expectedRow = 1;
      if (expectedRow !== null && indexCell > expectedRow) numberingGaps += indexCell - expectedRow;
      expectedRow = indexCell + 1;
    }
    const numbers = numbersInFolded(folded[numberCell]!);
    // The row as a person reads it, its place in the list aside: the expediente with the parties and the juicio, in the order printed.
    const others = cells.filter((cell, index) => index !== numberCell && !(indexCell !== null && index === numberCell - 1) && cell);
    const text = tidy(cells.filter((cell, index) => cell && !(indexCell !== null && index === numberCell - 1)).join(' '));
    const inDetails = numbersInFolded(foldAligned(others.join(' ')));
    push({ text, own: numbers.map(caseNumber), mentioned: inDetails.map(caseNumber) }, 'acuerdo', page);
  };

  for (const item of blocks) {
    if (item.type === 'page') {
      page = item.page;
      continue;
    }
    if (item.type === 'gap') {
      if (block[block.length - 1]!.length) block.push([]);
      continue;
    }
    if (item.type === 'furniture') {
      furniture += 1;
      fecha ??= datelineOf(fold(item.text));
      continue;
    }
    if (item.type === 'row') {
      // A row whose first cell is a court's heading (a page laid out in a table) is read as that line.
      row(item.cells);
      continue;
    }
    const text = item.text;
    const folded = fold(text);
    if (COLUMN_HEADER.test(folded)) continue;
    if (!sawCourt && !fecha) {
      const day = datelineOf(folded);
      if (day) {
        fecha = day;
        if (!headingCourt(text, folded, {})) continue;
      }
    }
    const newSection = sectionOf(text, folded);
    if (newSection) {
      // A running header's section name repeats the section: it changes nothing.
      if (fold(section?.label ?? '') === folded) continue;
      close();
      section = newSection;
      court = null;
      courtLabel = null;
      continue;
    }
    if (!section?.edictos) {
      const heading = headingCourt(text, folded, { ...section?.context, lugar: defaultLugar });
      if (heading) {
        enterCourt(heading, text);
        // Baja California prints the list's day in its court's heading.
        if (formato === 'bc') fecha ??= spanishDate(folded);
        continue;
      }
      if (SECRETARIA.test(folded) && folded.length < 50 && court) {
        close();
        court = { ...(court as Court), secretaria: secretariaOf(folded) };
        expectedRow = null;
        continue;
      }
      if (LIST_LABEL.test(folded) && folded.length < 80 && !/\d{1,6}\s*\/\s*\d{2,4}/.test(folded)) {
        close();
        const day = spanishDate(folded);
        if (court) fechaAcuerdos = day;
        expectedRow = null;
        continue;
      }
    } else if (/^(e ?d ?i ?c ?t ?o ?s?|aviso|remate|convocatoria)\b/.test(folded) && block[block.length - 1]!.length) {
      // Each edicto opens with its title.
      block.push([]);
    }
    block[block.length - 1]!.push({ text, page });
  }
  close();

  const acuerdos = entries.filter((entry) => entry.kind === 'acuerdo');
  const report = judge({
    formato,
    paginas: layout.pages,
    fecha,
    entradas: acuerdos.length,
    edictos: entries.length - acuerdos.length,
    juzgados: headings.map((heading) => ({ juzgado: heading.label, entradas: heading.entries })),
    sinJuzgado: acuerdos.filter((entry) => !entry.court).length,
    fragmentos: fragments,
    filasSinNumero: rowsWithoutNumber,
    huecos: numberingGaps,
    columnasPerdidas: layout.pagesOneColumn,
    paginasEnColumnas: layout.pagesColumns,
    encabezados: furniture,
    filasOcultas: layout.hiddenRows,
    juzgadosSinLugar: formato === 'bc' ? headings.filter((heading) => !heading.court?.lugar).length : 0,
  });
  return { fecha, formato, entries, report };
}
