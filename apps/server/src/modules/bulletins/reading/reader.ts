import type { Block, SourceLayout } from './blocks';
import { CIUDAD_DE_MEXICO, type Court, type CourtContext, secretariaOf } from './courts';
import { type CaseNumber, numbersInFolded } from './numbers';
import { datelineOf, detectFormat, headingCourt, sectionOf } from './lines';
import { COLUMN_HEADER, LIST_LABEL, NUMBER_CELL, SECRETARIA } from './patterns';
import { type BulletinFormat, judge, type ReadingReport } from './report';
import { caseNumber, ENTRY_START, numberFirstSegment, numberLast, type Segment } from './segments';
import { fold, foldAligned, spanishDate, tidy } from './text';

export type { BulletinFormat } from './report';

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
