// The SQL a search is made of: its words, how each kind of record matches
// and ranks, and what is read of the few kept (queries.ts runs it).
import type { BusquedaTipo } from '@bufete/shared';
import { BUSQUEDA_POR_PAGINA, BUSQUEDA_POR_TIPO, MARCA_FIN, MARCA_INICIO } from '@bufete/shared';
import { type SQL, sql } from 'drizzle-orm';
import { normalized, SEARCH_CONFIG } from '../../db/search';
import { calendarEvents } from '../calendar/schema';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { documentos } from '../documents/schema';
import { facturas } from '../invoices/schema';
import { notas } from '../notes/schema';
import { actuaciones } from '../proceedings/schema';
import { tareas } from '../tasks/schema';

/** What one kind's query returns before it becomes a Resultado. */
export interface Hit {
  id: string;
  titulo: string;
  contexto: string | null;
  fragmento: string | null;
  fecha: string;
  dia: string | null;
  monto: string | null;
  /** Actuaciones and tasks: the case they open in. */
  caso_id?: string | null;
}

/** Words and "quoted phrases" of a search, as typed (at most 8). */
export function termsOf(q: string): string[] {
  const terms: string[] = [];
  for (const match of q.matchAll(/"([^"]*)"|([^\s"]+)/g)) {
    const term = (match[1] ?? match[2] ?? '').trim();
    if (term) terms.push(term);
  }
  return terms.slice(0, 8);
}

export const likeEscaped = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * One word of a search as the prepared statement takes it: placeholders for
 * the word (`word<i>`: typos forgiven) and for it escaped for LIKE
 * (`like<i>`); whether it forgives typos is part of the statement's shape.
 */
export interface Term {
  word: SQL;
  like: SQL;
  fuzzy: boolean;
}

/** Every term is a substring of `text` (normalized, trigram-indexed), accents and case aside. */
function containsEvery(text: SQL, terms: Term[]): SQL {
  return sql.join(
    terms.map((term) => sql`${text} like '%' || ${normalized(term.like)} || '%'`),
    sql` and `,
  );
}

/** How one kind is searched: its table and owner, its texts, and how its rows are ordered. */
export interface KindSpec {
  table: SQL;
  owner: SQL;
  id: SQL;
  /** Its names, normalized (trigram index with the owner): the first tier, and where typos are forgiven. */
  names: SQL;
  /** Every short text of the record, normalized (trigram index with the owner), when more than its names. */
  text?: SQL;
  /** Other ways a row matches (its content's full text, its client's name): the last tier. */
  content?: SQL[];
  /** Within a tier: an order an index of the table gives (newest first), and the same order as one number. */
  orderBy: SQL;
  key: SQL;
  filter?: SQL;
}

/** The tiers of a match, best first: its names, its other short texts, its content or client. */
const TIER = { names: 3, text: 2, content: 1, near: 0 } as const;

/** Which rows of a kind a search page takes: `limit` from `offset`; `reach` (their sum) is what each branch must keep. */
export interface Window {
  limit: number;
  offset: SQL;
  reach: SQL;
}

/**
 * The ranked matches of one kind as typed (id, tier, key), `limit` of them
 * from `offset`. Ranking is by tier, then newest first, so each tier is one
 * branch that reads only the rows it keeps: `order by <indexed date> limit n`
 * stops after n matches when a word is common, and the trigram or full-text
 * index answers when it is rare; no branch scores every matching row (with
 * 1,300 matches that scoring was most of a search). A row in several tiers
 * counts in its best.
 */
export function exactMatchOf(kind: KindSpec, userId: SQL, terms: Term[], window: Window): SQL {
  const where = sql`${kind.owner} = ${userId}${kind.filter ? sql` and ${kind.filter}` : sql``}`;
  const branch = (tier: number, condition: SQL) =>
    sql`(select ${kind.id} as id, ${tier} as tier, ${kind.key} as key from ${kind.table} where ${where} and ${condition} order by ${kind.orderBy} limit ${window.reach})`;
  const branches = [
    branch(TIER.names, containsEvery(kind.names, terms)),
    ...(kind.text ? [branch(TIER.text, containsEvery(kind.text, terms))] : []),
    ...(kind.content ?? []).map((condition) => branch(TIER.content, condition)),
  ];
  return sql`select id, max(tier) as tier, max(key) as key from (${sql.join(branches, sql` union all `)}) found
    group by id order by tier desc, key desc, id desc limit ${window.limit} offset ${window.offset}`;
}

/**
 * The matches of one kind that forgive typos, closest first: every word of
 * four letters or more near a word of the names ('Hernandes' ~ 'Hernández',
 * pg_trgm's word similarity), the other words as typed. Asked only when
 * nothing matched as typed (see search).
 */
export function nearMatchOf(kind: KindSpec, userId: SQL, terms: Term[], window: Window): SQL {
  const where = sql`${kind.owner} = ${userId}${kind.filter ? sql` and ${kind.filter}` : sql``}`;
  const closeness = sql.join(
    terms.filter((term) => term.fuzzy).map((term) => sql`word_similarity(${normalized(term.word)}, ${kind.names})`),
    sql` + `,
  );
  const conditions = terms.map((term) => (term.fuzzy ? sql`${normalized(term.word)} <% ${kind.names}` : containsEvery(kind.text ?? kind.names, [term])));
  return sql`select ${kind.id} as id, ${TIER.near} as tier, ${closeness} as key from ${kind.table}
    where ${where} and ${sql.join(conditions, sql` and `)}
    order by key desc, id desc limit ${window.limit} offset ${window.offset}`;
}

export const isFuzzy = (term: string) => term.length >= 4 && !/\s/.test(term);

/** How many of a kind are shown: a few of each, or a page of the one asked for. */
export const sizeOf = (tipo: BusquedaTipo | string | undefined) => (tipo ? BUSQUEDA_POR_PAGINA : BUSQUEDA_POR_TIPO);

/** The values of a search statement, as placeholders (kindOf, matchOf), and the lawyer's time zone as the statement reads it. */
export interface Placeholders {
  userId: SQL;
  /** Who asks: a private note is its author's alone. */
  personaId: SQL;
  q: SQL;
  timeZone: SQL;
  terms: Term[];
}

/** One run of a search's statement: each kind's hits, and the lawyer's time zone it read along (for the appointments' times). */
export interface Found {
  timeZone: string;
  kinds: { tipo: BusquedaTipo; hits: Hit[] }[];
}

/** A date as one number that sorts like it (newest first = largest). */
const epochOf = (column: SQL) => sql`extract(epoch from ${column})::float8`;

/** A stored text's matching passage, words marked with U+E000 / U+E001 (removed from the text first). */
const HEADLINE_OPTIONS = `StartSel=${MARCA_INICIO}, StopSel=${MARCA_FIN}, MaxWords=24, MinWords=8, MaxFragments=1`;
const passage = (text: SQL, query: SQL) =>
  sql`ts_headline(${sql.raw(`'${SEARCH_CONFIG}'`)}, translate(left(${text}, 20000), ${MARCA_INICIO + MARCA_FIN}, ''), ${query}, ${HEADLINE_OPTIONS})`;

/**
 * One kind: `spec` says how its rows match and rank (see matchOf); `details`
 * reads what is shown for the few kept, the passage too, joined back to the
 * kind's table by id; `fecha` is the date the result shows. (Long: one case
 * per kind of record, each read on its own.)
 */
export function kindOf(tipo: BusquedaTipo, { userId, personaId, q, timeZone, terms }: Placeholders): { table: SQL; spec: KindSpec; details: SQL } {
  const tsQuery = sql`websearch_to_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${q})`;
  const caseTitle = (column: SQL) => sql`(select ${casos.titulo} from ${casos} where ${casos.id} = ${column} and ${casos.userId} = ${userId})`;
  const clientName = (column: SQL) => sql`(select ${clientes.nombre} from ${clientes} where ${clientes.id} = ${column} and ${clientes.userId} = ${userId})`;

  switch (tipo) {
    case 'casos':
      return {
        table: sql`${casos}`,
        spec: {
          table: sql`${casos}`,
          owner: sql`${casos.userId}`,
          id: sql`${casos.id}`,
          names: sql`${casos.nombreBusqueda}`,
          text: sql`${casos.busquedaTexto}`,
          // casos_user_created_idx
          orderBy: sql`${casos.createdAt} desc, ${casos.id} desc`,
          key: epochOf(sql`${casos.createdAt}`),
        },
        details: sql`${casos.titulo} as titulo, nullif(concat_ws(' · ', 'Exp. ' || ${casos.expediente}, ${clientName(sql`${casos.clienteId}`)}, ${casos.estado}), '') as contexto,
          null as fragmento, ${casos.createdAt} as fecha, null as dia, null as monto`,
      };
    case 'clientes':
      return {
        table: sql`${clientes}`,
        spec: {
          table: sql`${clientes}`,
          owner: sql`${clientes.userId}`,
          id: sql`${clientes.id}`,
          names: sql`${clientes.nombreBusqueda}`,
          text: sql`${clientes.busquedaTexto}`,
          orderBy: sql`${clientes.updatedAt} desc, ${clientes.id} desc`,
          key: epochOf(sql`${clientes.updatedAt}`),
          filter: sql`length(trim(${clientes.nombre})) > 0`,
        },
        details: sql`${clientes.nombre} as titulo, nullif(concat_ws(' · ', ${clientes.empresa}, ${clientes.email}, ${clientes.rfc}), '') as contexto,
          null as fragmento, ${clientes.updatedAt} as fecha, null as dia, null as monto`,
      };
    case 'documentos':
      return {
        table: sql`${documentos}`,
        spec: {
          table: sql`${documentos}`,
          owner: sql`${documentos.userId}`,
          id: sql`${documentos.id}`,
          names: sql`${documentos.busquedaTexto}`,
          content: [sql`${documentos.busqueda} @@ ${tsQuery}`],
          // documentos_user_created_idx
          orderBy: sql`${documentos.createdAt} desc, ${documentos.id} desc`,
          key: epochOf(sql`${documentos.createdAt}`),
        },
        details: sql`${documentos.nombre} as titulo, ${caseTitle(sql`${documentos.casoId}`)} as contexto,
          case when ${documentos.busqueda} @@ ${tsQuery} and ${documentos.contenido} is not null then ${passage(sql`${documentos.contenido}`, tsQuery)} end as fragmento,
          ${documentos.createdAt} as fecha, null as dia, null as monto`,
      };
    case 'notas':
      return {
        table: sql`${notas}`,
        spec: {
          table: sql`${notas}`,
          owner: sql`${notas.userId}`,
          id: sql`${notas.id}`,
          names: sql`${notas.busquedaTexto}`,
          content: [sql`${notas.busqueda} @@ ${tsQuery}`],
          // notas_user_updated_idx
          orderBy: sql`${notas.updatedAt} desc, ${notas.id} desc`,
          key: epochOf(sql`${notas.updatedAt}`),
          // Another person's private note is not there for whoever searches (one of nobody in particular is the titular's).
          filter: sql`(not ${notas.privada} or coalesce(${notas.autorId}, ${notas.userId}) = ${personaId}::text)`,
        },
        details: sql`${notas.titulo} as titulo, ${caseTitle(sql`${notas.casoId}`)} as contexto,
          case when ${notas.busqueda} @@ ${tsQuery} then ${passage(sql`${notas.contenidoTexto}`, tsQuery)} end as fragmento,
          ${notas.updatedAt} as fecha, null as dia, null as monto`,
      };
    case 'actuaciones':
      return {
        table: sql`${actuaciones}`,
        spec: {
          table: sql`${actuaciones}`,
          owner: sql`${actuaciones.userId}`,
          id: sql`${actuaciones.id}`,
          // Its text as published (parties, the kind of trial, the expediente) and its source.
          names: sql`${actuaciones.busquedaTexto}`,
          // actuaciones_user_fecha_idx
          orderBy: sql`${actuaciones.fechaPublicacion} desc, ${actuaciones.id} desc`,
          key: epochOf(sql`${actuaciones.fechaPublicacion}::timestamp`),
        },
        details: sql`${caseTitle(sql`${actuaciones.casoId}`)} as titulo, nullif(concat_ws(' · ', ${actuaciones.fuente}), '') as contexto,
          left(${actuaciones.texto}, 200) as fragmento, ${actuaciones.createdAt} as fecha, ${actuaciones.fechaPublicacion}::text as dia, null as monto, ${actuaciones.casoId} as caso_id`,
      };
    case 'tareas':
      return {
        table: sql`${tareas}`,
        spec: {
          table: sql`${tareas}`,
          owner: sql`${tareas.userId}`,
          id: sql`${tareas.id}`,
          // Its title and notes.
          names: sql`${tareas.busquedaTexto}`,
          // tareas_user_created_idx
          orderBy: sql`${tareas.createdAt} desc, ${tareas.id} desc`,
          key: epochOf(sql`${tareas.createdAt}`),
        },
        details: sql`${tareas.titulo} as titulo, ${caseTitle(sql`${tareas.casoId}`)} as contexto,
          left(${tareas.notas}, 200) as fragmento, ${tareas.createdAt} as fecha, ${tareas.vence}::text as dia, null as monto, ${tareas.casoId} as caso_id`,
      };
    case 'citas': {
      // Nearest to now first, coming or past.
      const distance = sql`abs(extract(epoch from (${calendarEvents.fechaInicio} - now())))::float8`;
      return {
        table: sql`${calendarEvents}`,
        spec: {
          table: sql`${calendarEvents}`,
          owner: sql`${calendarEvents.userId}`,
          id: sql`${calendarEvents.id}`,
          names: sql`${calendarEvents.nombreBusqueda}`,
          text: sql`${calendarEvents.busquedaTexto}`,
          orderBy: sql`${distance}, ${calendarEvents.id} desc`,
          key: sql`-${distance}`,
        },
        details: sql`${calendarEvents.titulo} as titulo, nullif(concat_ws(' · ', ${calendarEvents.ubicacion}, ${caseTitle(sql`${calendarEvents.casoId}`)}), '') as contexto,
          null as fragmento, ${calendarEvents.fechaInicio} as fecha, (${calendarEvents.fechaInicio} at time zone ${timeZone})::date::text as dia, null as monto`,
      };
    }
    case 'facturas':
      return {
        table: sql`${facturas}`,
        spec: {
          table: sql`${facturas}`,
          owner: sql`${facturas.userId}`,
          id: sql`${facturas.id}`,
          names: sql`${facturas.busquedaTexto}`,
          // The client's name finds their invoices.
          content: [
            sql`${facturas.clienteId} = any(array(select ${clientes.id} from ${clientes} where ${clientes.userId} = ${userId} and ${containsEvery(sql`${clientes.nombreBusqueda}`, terms)}))`,
          ],
          // facturas_user_fecha_idx
          orderBy: sql`${facturas.fechaEmision} desc, ${facturas.id} desc`,
          key: epochOf(sql`${facturas.fechaEmision}::timestamp`),
        },
        details: sql`${facturas.numeroFactura} || ' · ' || ${facturas.concepto} as titulo, ${clientName(sql`${facturas.clienteId}`)} as contexto,
          null as fragmento, ${facturas.createdAt} as fecha, ${facturas.fechaEmision}::text as dia, ${facturas.montoTotal}::text as monto`,
      };
  }
}
