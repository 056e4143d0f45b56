import type { ClienteOutput, ClienteRef } from '@bufete/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { containsPattern, keyset } from '../../db/paging';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import { clientes } from './schema';

export type ClienteRowStored = typeof clientes.$inferSelect;

/** The dialog's fields as the table's columns. */
function columnsOf(input: ClienteOutput) {
  return {
    nombre: input.nombre,
    email: input.email,
    telefono: input.telefono,
    empresa: input.empresa,
    direccion: input.direccion,
    rfc: input.rfc,
    razonSocial: input.razon_social,
    regimenFiscal: input.regimen_fiscal,
    codigoPostal: input.codigo_postal,
    usoCfdi: input.uso_cfdi,
    publicoEnGeneral: input.publico_en_general,
  };
}

/** Alphabetical order ignoring case, as a person reads a client list. */
const sortName = sql<string>`lower(${clientes.nombre})`;
/** Same expression as the trigram index clientes_search_idx, so searches can use it. */
/** A nullable timestamp as the ISO text the API sends, or null. */
const isoInstantOrNull = (column: typeof clientes.datosEliminadosAt) =>
  sql<string | null>`case when ${column} is null then null else to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`;

const searchText = sql`lower(${clientes.nombre} || ' ' || coalesce(${clientes.email}, '') || ' ' || coalesce(${clientes.empresa}, ''))`;
/**
 * The list's columns: those the reply needs (not the owner nor the search
 * columns, long texts the list never shows), with the times as ISO text.
 */
const listed = {
  id: clientes.id,
  nombre: clientes.nombre,
  email: clientes.email,
  telefono: clientes.telefono,
  empresa: clientes.empresa,
  direccion: clientes.direccion,
  rfc: clientes.rfc,
  razonSocial: clientes.razonSocial,
  regimenFiscal: clientes.regimenFiscal,
  codigoPostal: clientes.codigoPostal,
  usoCfdi: clientes.usoCfdi,
  publicoEnGeneral: clientes.publicoEnGeneral,
  datosEliminadosAt: isoInstantOrNull(clientes.datosEliminadosAt),
  createdAt: isoInstant(clientes.createdAt),
  updatedAt: isoInstant(clientes.updatedAt),
};
const paging = keyset({ sort: sortName, id: clientes.id, order: 'asc', kind: 'text' });

/** Clients' SQL, always by their lawyer. */
export function createClientQueries(db: Database) {
  /** The clients screen's query, prepared once per shape (search or not, first page or not: db/prepared.ts). */
  const listStatement = preparedByShape((shape) => {
    const [search, cursor] = shape.split('/').map((flag) => flag === 'true');
    const statement = db
      .select({ ...listed, cursorKey: paging.cursorKey })
      .from(clientes)
      .where(
        and(
          eq(clientes.userId, sql.placeholder('userId')),
          search ? sql`${searchText} like ${sql.placeholder('pattern')}` : undefined,
          cursor ? paging.afterPlaceholders() : undefined,
        ),
      )
      .orderBy(...paging.orderBy)
      .limit(sql.placeholder('limit'))
      .prepare(statementName('clientes_lista', shape));
    return withFlatRows(statement);
  });

  return {
    paging,

    async row(userId: string, id: string): Promise<ClienteRowStored | undefined> {
      const [row] = await db
        .select()
        .from(clientes)
        .where(and(eq(clientes.id, id), eq(clientes.userId, userId)))
        .limit(1);
      return row;
    },

    /** One page by name, searched in nombre, email or empresa; one row more than `limit` tells there is a next page. */
    page(userId: string, query: { q?: string; cursor?: string; limit: number }) {
      return listStatement(`${!!query.q}/${!!query.cursor}`).execute({
        userId,
        pattern: query.q ? containsPattern(query.q) : null,
        limit: query.limit + 1,
        ...(query.cursor ? paging.cursorValues(query.cursor) : {}),
      });
    },

    options(userId: string): Promise<ClienteRef[]> {
      return db
        .select({ id: clientes.id, nombre: clientes.nombre, email: clientes.email })
        .from(clientes)
        .where(eq(clientes.userId, userId))
        .orderBy(asc(sortName), asc(clientes.id));
    },

    async insert(userId: string, input: ClienteOutput): Promise<ClienteRowStored> {
      const [row] = await db
        .insert(clientes)
        .values({ ...columnsOf(input), userId })
        .returning();
      return row!;
    },

    async update(userId: string, id: string, input: ClienteOutput): Promise<ClienteRowStored | undefined> {
      const [row] = await db
        .update(clientes)
        .set({ ...columnsOf(input), updatedAt: new Date() })
        .where(and(eq(clientes.id, id), eq(clientes.userId, userId)))
        .returning();
      return row;
    },

    /** What 'Eliminar datos del cliente' leaves of a client with invoices: its fiscal data; its contact data goes. */
    async eraseContact(userId: string, id: string): Promise<ClienteRowStored | undefined> {
      const [row] = await db
        .update(clientes)
        .set({ email: null, telefono: null, empresa: null, direccion: null, datosEliminadosAt: new Date(), updatedAt: new Date() })
        .where(and(eq(clientes.id, id), eq(clientes.userId, userId)))
        .returning();
      return row;
    },

    /** Deletes a client; false when there was none of this lawyer's. */
    async delete(userId: string, id: string): Promise<boolean> {
      const deleted = await db
        .delete(clientes)
        .where(and(eq(clientes.id, id), eq(clientes.userId, userId)))
        .returning({ id: clientes.id });
      return deleted.length > 0;
    },
  };
}
