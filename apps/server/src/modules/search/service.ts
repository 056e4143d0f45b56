import type { BusquedaQuery, BusquedaTipo, GrupoResultados, Resultado } from '@bufete/shared';
import { BUSQUEDA_POR_PAGINA, BUSQUEDA_POR_TIPO, BUSQUEDA_TIPOS, formatMXN, MARCA_FIN, MARCA_INICIO } from '@bufete/shared';
import { type SQL, sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import { normalized, SEARCH_CONFIG } from '../../db/search';
import { calendarEvents } from '../calendar/schema';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { documentos } from '../documents/schema';
import { facturas } from '../invoices/schema';
import { notas } from '../notes/schema';

/** What one kind's query returns before it becomes a Resultado. */
interface Hit {
  id: string;
  titulo: string;
  contexto: string | null;
  fragmento: string | null;
  fecha: string;
  dia: string | null;
  monto: string | null;
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

const likeEscaped = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** Every term is a substring of `text` (normalized, trigram-indexed), accents and case aside. */
function containsEvery(text: SQL, terms: string[]): SQL {
  return sql.join(
    terms.map((term) => sql`${text} like '%' || ${normalized(sql`${likeEscaped(term)}`)} || '%'`),
    sql` and `,
  );
}

/** How one kind is searched: its table and owner, its texts, how a row scores and dates. */
interface KindSpec {
  table: SQL;
  owner: SQL;
  id: SQL;
  /** Every short text of the record, normalized (trigram index with the owner). */
  text: SQL;
  /** Its names, normalized: where typos are forgiven. */
  names: SQL;
  score: SQL;
  fecha: SQL;
  /** Other ways a row matches as typed (full text, its client's name): each its own indexed branch. */
  alsoMatches?: SQL[];
  filter?: SQL;
}

/**
 * The matching rows of one kind (id, score, date), as a UNION of branches
 * that each fit one index (an OR across indexes makes the planner scan every
 * row of the lawyer's). Every term must be a substring of the text, accents
 * and case aside, or the row match another way (`alsoMatches`). When no row
 * matches as typed, one more branch forgives typos: every word of four
 * letters or more near a word of the names ('Hernandes' ~ 'Hernández',
 * pg_trgm's word similarity); its NOT EXISTS checks run once, before any row.
 */
function matchOf(kind: KindSpec, userId: string, terms: string[]): SQL {
  const head = sql`select ${kind.id} as id, ${kind.score} as score, ${kind.fecha} as fecha from ${kind.table} where ${kind.owner} = ${userId}${kind.filter ? sql` and ${kind.filter}` : sql``}`;
  const exact = [containsEvery(kind.text, terms), ...(kind.alsoMatches ?? [])];
  const branches = exact.map((condition) => sql`${head} and ${condition}`);
  if (terms.some(isFuzzy)) {
    const near = sql.join(
      terms.map((term) => (isFuzzy(term) ? sql`${normalized(sql`${term}`)} <% ${kind.names}` : containsEvery(kind.text, [term]))),
      sql` and `,
    );
    const noneExact = sql.join(
      exact.map((condition) => sql`not exists (select 1 from ${kind.table} where ${kind.owner} = ${userId} and ${condition})`),
      sql` and `,
    );
    branches.push(sql`${head} and ${noneExact} and ${near}`);
  }
  return sql`select id, score, fecha from (${sql.join(
    branches.map((branch) => sql`(${branch})`),
    sql` union `,
  )}) matched`;
}

const isFuzzy = (term: string) => term.length >= 4 && !/\s/.test(term);

/** Newer records first among equals: 0.5 for today, fading over a year or two. */
const recency = (column: SQL) => sql`0.5 / (1 + extract(epoch from (now() - ${column})) / 31536000.0)`;

/** A stored text's matching passage, words marked with U+E000 / U+E001 (removed from the text first). */
const HEADLINE_OPTIONS = `StartSel=${MARCA_INICIO}, StopSel=${MARCA_FIN}, MaxWords=24, MinWords=8, MaxFragments=1`;
const passage = (text: SQL, query: SQL) =>
  sql`ts_headline(${sql.raw(`'${SEARCH_CONFIG}'`)}, translate(left(${text}, 20000), ${MARCA_INICIO + MARCA_FIN}, ''), ${query}, ${HEADLINE_OPTIONS})`;

/**
 * The top bar's search (a read model, like the dashboard): each kind of the
 * lawyer's records queried in PostgreSQL — trigram indexes over normalized
 * text (no accents, lower case) for names and numbers, Spanish full text
 * (stemming, phrases) over documents' and notes' contents — ranked title
 * first, then content, then recency; all kinds in one statement.
 */
export function createSearchService(db: Database, deps: { timeZoneOf: (userId: string) => Promise<string> }) {
  /**
   * One kind: `match` ranks the lawyer's matching rows (id, score, date only:
   * cheap over many rows); `details` reads what is shown for the few kept, the
   * passage too, joined back to the kind's table by id.
   */
  function kindOf(tipo: BusquedaTipo, userId: string, q: string, timeZone: string): { table: SQL; match: SQL; details: SQL } {
    const terms = termsOf(q);
    const whole = normalized(sql`${terms.join(' ')}`);
    const tsQuery = sql`websearch_to_tsquery(${sql.raw(`'${SEARCH_CONFIG}'`)}, ${q})`;
    const titleScore = (title: SQL) =>
      sql`(case when ${title} like '%' || ${normalized(sql`${likeEscaped(terms.join(' '))}`)} || '%' then 4 else 0 end + 2 * word_similarity(${whole}, ${title}))`;
    const caseTitle = (column: SQL) => sql`(select ${casos.titulo} from ${casos} where ${casos.id} = ${column} and ${casos.userId} = ${userId})`;
    const clientName = (column: SQL) => sql`(select ${clientes.nombre} from ${clientes} where ${clientes.id} = ${column} and ${clientes.userId} = ${userId})`;

    switch (tipo) {
      case 'casos':
        return {
          table: sql`${casos}`,
          match: matchOf(
            {
              table: sql`${casos}`,
              owner: sql`${casos.userId}`,
              id: sql`${casos.id}`,
              text: sql`${casos.busquedaTexto}`,
              names: sql`${casos.nombreBusqueda}`,
              score: sql`${titleScore(sql`${casos.nombreBusqueda}`)} + ${recency(sql`${casos.updatedAt}`)}`,
              fecha: sql`${casos.updatedAt}`,
            },
            userId,
            terms,
          ),
          details: sql`${casos.titulo} as titulo, nullif(concat_ws(' · ', 'Exp. ' || ${casos.expediente}, ${clientName(sql`${casos.clienteId}`)}, ${casos.estado}), '') as contexto,
            null as fragmento, null as dia, null as monto`,
        };
      case 'clientes':
        return {
          table: sql`${clientes}`,
          match: matchOf(
            {
              table: sql`${clientes}`,
              owner: sql`${clientes.userId}`,
              id: sql`${clientes.id}`,
              text: sql`${clientes.busquedaTexto}`,
              names: sql`${clientes.nombreBusqueda}`,
              score: sql`${titleScore(sql`${clientes.nombreBusqueda}`)} + ${recency(sql`${clientes.updatedAt}`)}`,
              fecha: sql`${clientes.updatedAt}`,
              filter: sql`length(trim(${clientes.nombre})) > 0`,
            },
            userId,
            terms,
          ),
          details: sql`${clientes.nombre} as titulo, nullif(concat_ws(' · ', ${clientes.empresa}, ${clientes.email}, ${clientes.rfc}), '') as contexto,
            null as fragmento, null as dia, null as monto`,
        };
      case 'documentos':
        return {
          table: sql`${documentos}`,
          match: matchOf(
            {
              table: sql`${documentos}`,
              owner: sql`${documentos.userId}`,
              id: sql`${documentos.id}`,
              text: sql`${documentos.busquedaTexto}`,
              names: sql`${documentos.busquedaTexto}`,
              score: sql`${titleScore(sql`${documentos.busquedaTexto}`)} + ts_rank(${documentos.busqueda}, ${tsQuery}) + ${recency(sql`${documentos.createdAt}`)}`,
              fecha: sql`${documentos.createdAt}`,
              alsoMatches: [sql`${documentos.busqueda} @@ ${tsQuery}`],
            },
            userId,
            terms,
          ),
          details: sql`${documentos.nombre} as titulo, ${caseTitle(sql`${documentos.casoId}`)} as contexto,
            case when ${documentos.busqueda} @@ ${tsQuery} and ${documentos.contenido} is not null then ${passage(sql`${documentos.contenido}`, tsQuery)} end as fragmento,
            null as dia, null as monto`,
        };
      case 'notas':
        return {
          table: sql`${notas}`,
          match: matchOf(
            {
              table: sql`${notas}`,
              owner: sql`${notas.userId}`,
              id: sql`${notas.id}`,
              text: sql`${notas.busquedaTexto}`,
              names: sql`${notas.busquedaTexto}`,
              score: sql`${titleScore(sql`${notas.busquedaTexto}`)} + ts_rank(${notas.busqueda}, ${tsQuery}) + ${recency(sql`${notas.updatedAt}`)}`,
              fecha: sql`${notas.updatedAt}`,
              alsoMatches: [sql`${notas.busqueda} @@ ${tsQuery}`],
            },
            userId,
            terms,
          ),
          details: sql`${notas.titulo} as titulo, ${caseTitle(sql`${notas.casoId}`)} as contexto,
            case when ${notas.busqueda} @@ ${tsQuery} then ${passage(sql`${notas.contenidoTexto}`, tsQuery)} end as fragmento,
            null as dia, null as monto`,
        };
      case 'citas':
        return {
          table: sql`${calendarEvents}`,
          match: matchOf(
            {
              table: sql`${calendarEvents}`,
              owner: sql`${calendarEvents.userId}`,
              id: sql`${calendarEvents.id}`,
              text: sql`${calendarEvents.busquedaTexto}`,
              names: sql`${calendarEvents.nombreBusqueda}`,
              // Nearest to now first among equals, past or coming.
              score: sql`${titleScore(sql`${calendarEvents.nombreBusqueda}`)} + ${recency(sql`now() - abs(extract(epoch from (${calendarEvents.fechaInicio} - now()))) * interval '1 second'`)}`,
              fecha: sql`${calendarEvents.fechaInicio}`,
            },
            userId,
            terms,
          ),
          details: sql`${calendarEvents.titulo} as titulo, nullif(concat_ws(' · ', ${calendarEvents.ubicacion}, ${caseTitle(sql`${calendarEvents.casoId}`)}), '') as contexto,
            null as fragmento, (${calendarEvents.fechaInicio} at time zone ${timeZone})::date::text as dia, null as monto`,
        };
      case 'facturas':
        return {
          table: sql`${facturas}`,
          match: matchOf(
            {
              table: sql`${facturas}`,
              owner: sql`${facturas.userId}`,
              id: sql`${facturas.id}`,
              text: sql`${facturas.busquedaTexto}`,
              names: sql`${facturas.busquedaTexto}`,
              score: sql`${titleScore(sql`${facturas.busquedaTexto}`)} + ${recency(sql`${facturas.createdAt}`)}`,
              fecha: sql`${facturas.createdAt}`,
              // The client's name finds their invoices.
              alsoMatches: [
                sql`${facturas.clienteId} in (select ${clientes.id} from ${clientes} where ${clientes.userId} = ${userId} and ${containsEvery(sql`${clientes.nombreBusqueda}`, terms)})`,
              ],
            },
            userId,
            terms,
          ),
          details: sql`${facturas.numeroFactura} || ' · ' || ${facturas.concepto} as titulo, ${clientName(sql`${facturas.clienteId}`)} as contexto,
            null as fragmento, ${facturas.fechaEmision}::text as dia, ${facturas.montoTotal}::text as monto`,
        };
    }
  }

  function toResultado(tipo: BusquedaTipo, hit: Hit, when: Intl.DateTimeFormat): Resultado {
    let contexto = hit.contexto;
    if (tipo === 'facturas') contexto = [hit.contexto ?? 'Sin cliente', hit.monto ? formatMXN(hit.monto) : null].filter(Boolean).join(' · ');
    // An appointment is placed by when it is, on the lawyer's clock.
    if (tipo === 'citas') contexto = [when.format(new Date(hit.fecha)), hit.contexto].filter(Boolean).join(' · ');
    return { tipo, id: hit.id, titulo: hit.titulo, contexto, fragmento: hit.fragmento, fecha: new Date(hit.fecha).toISOString(), dia: hit.dia };
  }

  /** The one statement of a search: each kind ranked and capped, one more than shown (to know there are more). */
  function statementOf(userId: string, query: BusquedaQuery, timeZone: string): { tipos: BusquedaTipo[]; size: number; statement: SQL } {
    const tipos = query.tipo ? [query.tipo] : [...BUSQUEDA_TIPOS];
    const size = query.tipo ? BUSQUEDA_POR_PAGINA : BUSQUEDA_POR_TIPO;
    const offset = query.tipo ? (query.pagina - 1) * size : 0;
    const columns = tipos.map((tipo) => {
      const kind = kindOf(tipo, userId, query.q, timeZone);
      return sql`(select coalesce(json_agg(hit order by hit.score desc, hit.fecha desc, hit.id), '[]'::json) from (
          select ranked.id, ranked.score, ranked.fecha, ${kind.details}
            from (${kind.match} order by score desc, fecha desc, id limit ${size + 1} offset ${offset}) ranked
            join ${kind.table} on ${kind.table}.id = ranked.id) hit) as ${sql.identifier(tipo)}`;
    });
    return { tipos, size, statement: sql`select ${sql.join(columns, sql`, `)}` };
  }

  return {
    statementOf,

    async search(userId: string, query: BusquedaQuery): Promise<{ grupos: GrupoResultados[] }> {
      if (termsOf(query.q).length === 0) return { grupos: [] };
      const timeZone = await deps.timeZoneOf(userId);
      const when = new Intl.DateTimeFormat('es-MX', { dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h23', timeZone });
      const { tipos, size, statement } = statementOf(userId, query, timeZone);
      const [row] = rowsOf<Record<BusquedaTipo, Hit[] | string>>(await db.execute(statement));
      return {
        grupos: tipos.map((tipo) => {
          // PGlite hands json back parsed, postgres-js as text.
          const value = row![tipo];
          const hits: Hit[] = typeof value === 'string' ? JSON.parse(value) : value;
          return { tipo, items: hits.slice(0, size).map((hit) => toResultado(tipo, hit, when)), hay_mas: hits.length > size };
        }),
      };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
