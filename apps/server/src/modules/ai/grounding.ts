import { MSG } from '@bufete/shared';
import type { ContextUsed } from '@bufete/shared';
import type { Passage, Source } from './retrieval';

/** Quotations shorter than this are phrases, not quotations: not checked. */
const MIN_QUOTE_CHARS = 12;
/** Quotations checked per reply at most (a 1,500-token reply holds far fewer); the rest are listed unchecked. */
const MAX_QUOTES = 200;
/** Work done between two yields to the event loop, so other requests are answered meanwhile. */
const SLICE_MS = 10;

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

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Checks a reply against the material it was given: every quotation the reply
 * attributes to a passage (a «…» followed by [Pn]) must appear in that
 * passage's source, and one without an id in any source. A quotation that
 * does not is marked '(cita no verificada)' in the text, and listed.
 *
 * Linear in the material: each source is normalized once (many passages share
 * one document), each quotation looks in each distinct source once, and the
 * work yields to the event loop every few milliseconds: a 2 MB document and
 * hundreds of quotations never hold up other requests.
 */
export async function checkGrounding(reply: string, passages: Passage[]): Promise<GroundingResult> {
  const byId = new Map(passages.map((passage) => [passage.id, passage]));
  const cited: Passage[] = [];
  for (const match of reply.matchAll(CITATION)) {
    const passage = byId.get(match[1]!);
    if (passage && !cited.includes(passage)) cited.push(passage);
  }
  const sources = [...new Set(passages.map((passage) => passage.source))];
  const texts = new Map<Source, string>();
  let sliceStart = performance.now();
  const textOf = async (source: Source) => {
    let text = texts.get(source);
    if (text === undefined) {
      text = normalized(source.text);
      texts.set(source, text);
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    return text;
  };

  const citas: ContextUsed['citas'] = [];
  const marks: { at: number; text: string }[] = [];
  for (const match of reply.matchAll(QUOTE)) {
    const quoted = (match[1] ?? match[2] ?? match[3] ?? '').trim();
    if (quoted.length < MIN_QUOTE_CHARS) continue;
    const end = (match.index ?? 0) + match[0].length;
    // Its citation: an id right after it ("«…» [P2]"), within a few characters.
    const after = reply.slice(end, end + 24);
    const id = /^\s*[,.;:]?\s*\[(P\d{1,3})/.exec(after)?.[1] ?? null;
    if (citas.length >= MAX_QUOTES) {
      citas.push({ texto: quoted.slice(0, 500), pasaje: id, verificada: false });
      continue;
    }
    const candidates = id && byId.has(id) ? [byId.get(id)!.source] : sources;
    const wanted = normalized(quoted);
    let verificada = false;
    for (const source of candidates) {
      if ((await textOf(source)).includes(wanted)) {
        verificada = true;
        break;
      }
      if (performance.now() - sliceStart > SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
    }
    citas.push({ texto: quoted.slice(0, 500), pasaje: id, verificada });
    if (!verificada) {
      const citation = id ? (/^\s*[,.;:]?\s*\[[^\]]*\]/.exec(after)?.[0] ?? '') : '';
      marks.push({ at: end + citation.length, text: ` (${MSG.ai.citaNoVerificada})` });
    }
  }
  let content = reply;
  for (const mark of marks.sort((a, b) => b.at - a.at)) content = content.slice(0, mark.at) + mark.text + content.slice(mark.at);
  return { content, citas, cited };
}
