import { estadoDeJuzgado } from './plazos-calculo';

/**
 * Whom an escrito is addressed to, as a litigator writes it: 'C. JUEZ PRIMERO
 * DE LO CIVIL DE LA CIUDAD DE MÉXICO' from a case's court typed '1o. Civil';
 * 'CC. MAGISTRADOS INTEGRANTES DE LA TERCERA SALA CIVIL' for a Sala. The
 * court's name is kept as the lawyer wrote it otherwise (its place, its
 * 'de Proceso Escrito'); only its number is said in words and 'de lo' put
 * before a materia. A local court that names no place sits in Mexico City,
 * as Bufete's calendars assume (plazos-calculo.ts).
 */
const UNITS = ['', 'PRIMER', 'SEGUND', 'TERCER', 'CUART', 'QUINT', 'SEXT', 'SÉPTIM', 'OCTAV', 'NOVEN'];
const TENS = ['', 'DÉCIM', 'VIGÉSIM', 'TRIGÉSIM', 'CUADRAGÉSIM', 'QUINCUAGÉSIM', 'SEXAGÉSIM', 'SEPTUAGÉSIM', 'OCTOGÉSIM', 'NONAGÉSIM'];

/** 1…99 as an ordinal in words, masculine (a juzgado) or feminine (a Sala): 'PRIMERO', 'DÉCIMO TERCERO', 'CUADRAGÉSIMA'. */
export function ordinalEnLetra(n: number, femenino = false): string | null {
  if (!Number.isInteger(n) || n < 1 || n > 99) return null;
  const end = femenino ? 'A' : 'O';
  const word = (stem: string) => `${stem}${end}`;
  const tens = Math.floor(n / 10);
  const units = n % 10;
  return [tens ? word(TENS[tens]!) : '', units ? word(UNITS[units]!) : ''].filter(Boolean).join(' ');
}

/** A court's name that starts with its number, in words or figures, once spelled: 'Primero', 'Décimo Tercero', 'Cuadragésimo'. */
const ORDINAL_START =
  /^(primer|segund|tercer|cuart|quint|sext|s[ée]ptim|octav|noven|d[ée]cim|und[ée]cim|duod[ée]cim|vig[ée]sim|trig[ée]sim|cuadrag[ée]sim|quincuag[ée]sim|sexag[ée]sim|septuag[ée]sim|octog[ée]sim|nonag[ée]sim)/i;
const NUMERAL = /(^|\s)(\d{1,2})\s*(?:o\.|°|º|er\.?|ero\.?|a\.|ª|vo\.?|to\.?|mo\.?|no\.?|ro\.?|do\.?)?(?=\s|,|$)/i;

export function destinatarioDe(juzgado: string | null | undefined): string {
  const text = (juzgado ?? '').replace(/\s+/g, ' ').trim();
  if (!text) return '';
  const upper = (value: string) => value.toLocaleUpperCase('es-MX');
  // Already addressed by the lawyer ('C. Juez…', 'H. Tribunal…'): kept as written.
  if (/^(c{1,2}\.|h\.|ciudadan[oa])\s/i.test(text)) return upper(text);
  const sala = /\bsala\b/i.test(text);
  const tribunal = !sala && /\btribunal\b/i.test(text);
  const spelled = text.replace(NUMERAL, (_, before: string, digits: string) => `${before}${ordinalEnLetra(Number(digits), sala) ?? digits}`);
  if (sala) return `CC. MAGISTRADOS INTEGRANTES DE LA ${upper(spelled.replace(/^la\s+/i, ''))}`;
  if (tribunal) return `CC. MAGISTRADOS INTEGRANTES DEL ${upper(spelled.replace(/^(el|h\.)\s+/i, ''))}`;
  if (/^junta\b/i.test(text)) return `C. PRESIDENTE DE LA ${upper(text)}`;
  let body = spelled.replace(/^(juzgado|juez)\s+/i, '');
  // Only a court named by its number is a judge's ('Quinto de lo Civil'); anything else is kept as the lawyer wrote it.
  if (!ORDINAL_START.test(body)) return upper(text);
  // 'Primero Civil' is 'Primero de lo Civil' as courts name themselves.
  body = body.replace(/^(\S+(?: \S+)?\s)(?!de lo\b)(civil|familiar|mercantil|penal|laboral|concursal)\b/i, (_, ordinal: string, materia: string) =>
    /^(de|en)\s/i.test(ordinal) ? `${ordinal}${materia}` : `${ordinal}de lo ${materia}`,
  );
  const [, tail = ''] = body.split(/\bde lo (?:civil|familiar|mercantil|penal|laboral|concursal)\b/i);
  const local = /\bde lo (civil|familiar|mercantil|penal|laboral|concursal)\b/i.test(body) && !/\bdistrito\b/i.test(body);
  const placed = estadoDeJuzgado(text) !== null || /\b(de|en)\s+\p{Lu}/u.test(tail.replace(/\bde proceso (oral|escrito)\b/gi, ''));
  const place = local && !placed ? ' de la Ciudad de México' : '';
  return `C. JUEZ ${upper(body + place)}`;
}
