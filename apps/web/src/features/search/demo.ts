import type { Resultado } from '@bufete/shared/search';
import { MARCA_FIN, MARCA_INICIO } from '@bufete/shared/values/search';
import { DEMO_CASO, DEMO_CASO_DOCUMENTOS, DEMO_CASO_PARTES, DEMO_CASO_NOTAS, DEMO_CLIENTE, DEMO_DOCUMENTO, DEMO_NOTA } from '@/lib/demo';

const unique = <T extends { id: string }>(items: T[]) => items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
export const DEMO_DOCUMENTOS = unique([DEMO_DOCUMENTO, ...DEMO_CASO_DOCUMENTOS]);
export const DEMO_NOTAS = unique([DEMO_NOTA, ...DEMO_CASO_NOTAS]);

/** Lower case without accents, as the server compares (bufete_norm). */
export const normalize = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

const termsOf = (q: string) => [...q.matchAll(/"([^"]*)"|([^\s"]+)/g)].map((match) => normalize((match[1] ?? match[2] ?? '').trim())).filter(Boolean);

/** The passage around the first term found in `text`, the term marked. */
function passageOf(text: string, terms: string[]): string | null {
  const plain = normalize(text);
  for (const term of terms) {
    const at = plain.indexOf(term);
    if (at < 0) continue;
    const start = Math.max(0, at - 60);
    const end = Math.min(text.length, at + term.length + 80);
    return `${start > 0 ? '… ' : ''}${text.slice(start, at)}${MARCA_INICIO}${text.slice(at, at + term.length)}${MARCA_FIN}${text.slice(at + term.length, end)}${end < text.length ? ' …' : ''}`;
  }
  return null;
}

/** The built-in sample records that every term of `q` is found in (they live only in the web app). */
export function demoMatches(q: string): Resultado[] {
  const terms = termsOf(q);
  if (terms.length === 0) return [];
  const has = (...texts: (string | null | undefined)[]) => {
    const text = normalize(texts.filter(Boolean).join(' '));
    return terms.every((term) => text.includes(term));
  };
  const results: Resultado[] = [];
  const base = { fragmento: null, fecha: DEMO_CASO.updated_at, dia: null, caso_id: null };
  if (has(DEMO_CASO.titulo, DEMO_CASO.expediente, DEMO_CASO.juzgado, ...DEMO_CASO_PARTES.map((parte) => parte.nombre), DEMO_CASO.descripcion))
    results.push({ ...base, tipo: 'casos', id: DEMO_CASO.id, titulo: DEMO_CASO.titulo, contexto: `Exp. ${DEMO_CASO.expediente} · ${DEMO_CLIENTE.nombre} · ${DEMO_CASO.estado}` });
  if (has(DEMO_CLIENTE.nombre, DEMO_CLIENTE.email, DEMO_CLIENTE.empresa))
    results.push({ ...base, tipo: 'clientes', id: DEMO_CLIENTE.id, titulo: DEMO_CLIENTE.nombre, contexto: [DEMO_CLIENTE.empresa, DEMO_CLIENTE.email].join(' · ') });
  for (const documento of DEMO_DOCUMENTOS) {
    if (has(documento.nombre, documento.demoText))
      results.push({ ...base, tipo: 'documentos', id: documento.id, titulo: documento.nombre, contexto: DEMO_CASO.titulo, fragmento: passageOf(documento.demoText, terms) });
  }
  for (const nota of DEMO_NOTAS) {
    if (has(nota.titulo, nota.contenido_texto))
      results.push({ ...base, tipo: 'notas', id: nota.id, titulo: nota.titulo, contexto: DEMO_CASO.titulo, fragmento: passageOf(nota.contenido_texto, terms) });
  }
  return results;
}
