import { type Court, type CourtContext, parseCourt, sectionContext } from './courts';
import type { BulletinFormat } from './report';
import { capitalsShare, spanishDate } from './text';

/* What a line of a bulletin is: the masthead's format and date, a section, a court's heading (reader.ts reads them in order). */

/** Mastheads and headings by which each format is told apart (folded text of the first lines). */
export function detectFormat(lines: string[]): BulletinFormat {
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
export function sectionOf(text: string, folded: string): { label: string; context: CourtContext; edictos: boolean } | null {
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
export function headingCourt(text: string, folded: string, context: CourtContext): Court | null {
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
export function datelineOf(folded: string): string | null {
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
