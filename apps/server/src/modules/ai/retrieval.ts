import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { anyTermsQuery } from '../../db/search';

/** Something of the lawyer's the assistant may read: a document, a chat attachment, a note or the case itself. */
export interface Source {
  kind: 'documento' | 'archivo' | 'nota' | 'caso';
  /** The document's id (documents only: what 'Contexto utilizado' links to). */
  documentoId: string | null;
  nombre: string;
  tipo: string;
  text: string;
}

export interface Passage {
  /** The id the model cites it by: P1, P2... */
  id: string;
  source: Source;
  /** The PDF page (pages are separated by form feeds in extracted text), when known. */
  pagina: number | null;
  text: string;
}

/** Passages are about a paragraph or three: small enough to rank well, big enough to make sense alone. */
const PASSAGE_CHARS = 1200;
/** Passages ranked per question at most (the rest of a long document is simply not considered). */
const MAX_PASSAGES = 4000;
/** Text of the candidate sources read at most per question. */
const MAX_SOURCE_CHARS = 4_000_000;
/** Passages ranked per statement, and the best kept. */
const RANK_BATCH = 200;
const RANKED_MAX = 60;

/** Splits a source into passages: by page (form feed), then by paragraph, packed up to ~1,200 characters. */
export function splitPassages(source: Source): Omit<Passage, 'id'>[] {
  const pages = source.text.split('\f');
  const paged = pages.length > 1;
  const passages: Omit<Passage, 'id'>[] = [];
  pages.forEach((page, index) => {
    const paragraphs = page
      .split(/\n\s*\n/)
      .map((paragraph) => paragraph.replace(/[ \t]+/g, ' ').trim())
      .filter(Boolean);
    let current = '';
    const flush = () => {
      if (current.trim()) passages.push({ source, pagina: paged ? index + 1 : null, text: current.trim() });
      current = '';
    };
    for (const paragraph of paragraphs) {
      if (paragraph.length > PASSAGE_CHARS) {
        flush();
        // A very long paragraph is cut at sentence ends near the limit.
        let rest = paragraph;
        while (rest.length > PASSAGE_CHARS) {
          const window = rest.slice(0, PASSAGE_CHARS);
          const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('; '), PASSAGE_CHARS / 2);
          passages.push({ source, pagina: paged ? index + 1 : null, text: rest.slice(0, cut + 1).trim() });
          rest = rest.slice(cut + 1);
        }
        current = rest;
        continue;
      }
      if (current.length + paragraph.length + 2 > PASSAGE_CHARS) flush();
      current = current ? `${current}\n\n${paragraph}` : paragraph;
    }
    flush();
  });
  return passages;
}

/**
 * The passages that best answer a question, most relevant first, within a
 * budget of characters: ranked by PostgreSQL's Spanish full-text search
 * (stemming, stop words). When nothing matches (a question like "resume el
 * documento"), the opening passages of each source, in turn.
 */
export async function relevantPassages(db: Database, sources: Source[], question: string, budgetChars: number): Promise<Passage[]> {
  let total = 0;
  const bounded = sources.filter((source) => {
    total += source.text.length;
    return total <= MAX_SOURCE_CHARS || source === sources[0];
  });
  const all = bounded.flatMap(splitPassages).slice(0, MAX_PASSAGES);
  if (all.length === 0) return [];

  let order: number[] = [];
  if (question.trim()) {
    // Ranked a batch at a time: the embedded database runs in this process, and one statement
    // over thousands of passages (a 2 MB document) would hold every other request for most of
    // a second. Each passage's rank is its own, so the batches' best merge exactly.
    const ranked: { index: number; rank: number }[] = [];
    for (let start = 0; start < all.length; start += RANK_BATCH) {
      const batch = all.slice(start, start + RANK_BATCH);
      const rows = rowsOf<{ ord: number; rank: number }>(
        await db.execute(sql`
          select t.ord::int as ord, ts_rank_cd(to_tsvector('bufete_es', t.p), q)::float8 as rank
            from jsonb_array_elements_text(${JSON.stringify(batch.map((passage) => passage.text))}::jsonb) with ordinality as t(p, ord),
                 ${anyTermsQuery(question)} as q
           where to_tsvector('bufete_es', t.p) @@ q
           order by rank desc, t.ord
           limit ${RANKED_MAX}`),
      );
      for (const row of rows) ranked.push({ index: start + Number(row.ord) - 1, rank: Number(row.rank) });
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    order = ranked
      .sort((a, b) => b.rank - a.rank || a.index - b.index)
      .slice(0, RANKED_MAX)
      .map((row) => row.index);
  }
  if (order.length === 0) {
    // Round-robin over the sources' opening passages.
    const bySource = new Map<Source, number[]>();
    all.forEach((passage, index) => bySource.set(passage.source, [...(bySource.get(passage.source) ?? []), index]));
    const queues = [...bySource.values()];
    for (let round = 0; queues.some((queue) => queue.length > round); round += 1) {
      for (const queue of queues) if (queue[round] !== undefined) order.push(queue[round]!);
    }
  }

  const chosen: Passage[] = [];
  let used = 0;
  for (const index of order) {
    const passage = all[index]!;
    if (used + passage.text.length > budgetChars && chosen.length > 0) break;
    chosen.push({ ...passage, id: `P${chosen.length + 1}` });
    used += passage.text.length;
  }
  return chosen;
}
