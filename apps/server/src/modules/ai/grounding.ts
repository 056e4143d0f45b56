import { MSG } from '@bufete/shared';
import type { ContextUsed } from '@bufete/shared';
import type { Passage } from './retrieval';

/** Quotations shorter than this are phrases, not quotations: not checked. */
const MIN_QUOTE_CHARS = 12;

/** Text compared as a reader would: same letters, whatever the quotes, spacing, case or line breaks. */
function normalized(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[“”«»"']/g, '')
    .replace(/[‐‑‒–—―]/g, '-')
    .replace(/\s+/g, ' ')
    .trim();
}

const QUOTE = /«([^»]{1,2000})»|“([^”]{1,2000})”|"([^"\n]{1,2000})"/g;
const CITATION = /\[(P\d{1,3})(?:[^\]]{0,40})\]/g;

export interface GroundingResult {
  /** The reply with each quotation that is not in its source marked as such. */
  content: string;
  citas: ContextUsed['citas'];
  /** The passages the reply cites (in order of first mention). */
  cited: Passage[];
}

/**
 * Checks a reply against the material it was given: every quotation the reply
 * attributes to a passage (a «…» followed by [Pn]) must appear in that
 * passage's source, and one without an id in any source. A quotation that
 * does not is marked '(cita no verificada)' in the text, and listed.
 */
export function checkGrounding(reply: string, passages: Passage[]): GroundingResult {
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const cited: Passage[] = [];
  for (const match of reply.matchAll(CITATION)) {
    const passage = byId.get(match[1]!);
    if (passage && !cited.includes(passage)) cited.push(passage);
  }

  const citas: ContextUsed['citas'] = [];
  const marks: { at: number; text: string }[] = [];
  for (const match of reply.matchAll(QUOTE)) {
    const quoted = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (quoted.length < MIN_QUOTE_CHARS) continue;
    const end = (match.index ?? 0) + match[0].length;
    // Its citation: an id right after it ("«…» [P2]"), within a few characters.
    const after = reply.slice(end, end + 24);
    const id = /^\s*[,.;:]?\s*\[(P\d{1,3})/.exec(after)?.[1] ?? null;
    const candidates = id && byId.has(id) ? [byId.get(id)!] : passages;
    const wanted = normalized(quoted);
    const verificada = candidates.some((passage) => normalized(passage.source.text).includes(wanted));
    citas.push({ texto: quoted.slice(0, 500), pasaje: id, verificada });
    if (!verificada) {
      const citation = id ? /^\s*[,.;:]?\s*\[[^\]]*\]/.exec(after)?.[0] ?? '' : '';
      marks.push({ at: end + citation.length, text: ` (${MSG.ai.citaNoVerificada})` });
    }
  }
  let content = reply;
  for (const mark of marks.sort((a, b) => b.at - a.at)) content = content.slice(0, mark.at) + mark.text + content.slice(mark.at);
  return { content, citas, cited };
}
