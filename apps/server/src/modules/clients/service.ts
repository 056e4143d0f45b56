import type { Cliente, ClienteOutput, ClienteRef, Page } from '@bufete/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { containsPattern, keyset } from '../../db/paging';
import { preparedByShape, statementName, withFlatRows } from '../../db/prepared';
import { notFound } from '../../http/errors';
import { clientes } from './schema';

type Row = typeof clientes.$inferSelect;
/** A stored row, or a row of the list (times already ISO text: db/columns.ts). */
type ClienteRow = Omit<Row, 'userId' | 'busquedaTexto' | 'nombreBusqueda' | 'createdAt' | 'updatedAt'> & { createdAt: Date | string; updatedAt: Date | string };

const iso = (instant: Date | string) => (typeof instant === 'string' ? instant : instant.toISOString());

export function toCliente(row: ClienteRow): Cliente {
  return {
    id: row.id,
    nombre: row.nombre,
    email: row.email,
    telefono: row.telefono,
    empresa: row.empresa,
    direccion: row.direccion,
    rfc: row.rfc,
    razon_social: row.razonSocial,
    regimen_fiscal: row.regimenFiscal,
    codigo_postal: row.codigoPostal,
    uso_cfdi: row.usoCfdi,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

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
  };
}

/** Alphabetical order ignoring case, as a person reads a client list. */
const sortName = sql<string>`lower(${clientes.nombre})`;
/** Same expression as the trigram index clientes_search_idx, so searches can use it. */
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
  createdAt: isoInstant(clientes.createdAt),
  updatedAt: isoInstant(clientes.updatedAt),
};
const paging = keyset({ sort: sortName, id: clientes.id, order: 'asc', kind: 'text' });

export function createClientService(db: Database) {
  async function ownRow(userId: string, id: string): Promise<Row> {
    const [row] = await db.select().from(clientes).where(and(eq(clientes.id, id), eq(clientes.userId, userId))).limit(1);
    if (!row) throw notFound();
    return row;
  }

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
    /** The clients screen: by name, searched in nombre, email or empresa (case-insensitive), keyset-paged. */
    async list(userId: string, query: { q?: string; cursor?: string; limit: number }): Promise<Page<Cliente>> {
      const rows = await listStatement(`${!!query.q}/${!!query.cursor}`).execute({
        userId,
        pattern: query.q ? containsPattern(query.q) : null,
        limit: query.limit + 1,
        ...(query.cursor ? paging.cursorValues(query.cursor) : {}),
      });
      return paging.page(rows, query.limit, toCliente);
    },

    /** id, nombre, email of every client, by name: the pickers of the case forms. */
    async options(userId: string): Promise<ClienteRef[]> {
      return db
        .select({ id: clientes.id, nombre: clientes.nombre, email: clientes.email })
        .from(clientes)
        .where(eq(clientes.userId, userId))
        .orderBy(asc(sortName), asc(clientes.id));
    },

    async get(userId: string, id: string): Promise<Cliente> {
      return toCliente(await ownRow(userId, id));
    },

    /** Throws 404 unless the client exists and belongs to the user. */
    async assertOwned(userId: string, id: string): Promise<Row> {
      return ownRow(userId, id);
    },

    async create(userId: string, input: ClienteOutput): Promise<Cliente> {
      const [row] = await db.insert(clientes).values({ ...columnsOf(input), userId }).returning();
      return toCliente(row!);
    },

    async update(userId: string, id: string, input: ClienteOutput): Promise<Cliente> {
      const [row] = await db
        .update(clientes)
        .set({ ...columnsOf(input), updatedAt: new Date() })
        .where(and(eq(clientes.id, id), eq(clientes.userId, userId)))
        .returning();
      if (!row) throw notFound();
      return toCliente(row);
    },

    /** Cases keep existing without the client (cliente_id set to null); its emails go with it. */
    async remove(userId: string, id: string): Promise<void> {
      const deleted = await db.delete(clientes).where(and(eq(clientes.id, id), eq(clientes.userId, userId))).returning({ id: clientes.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type ClientService = ReturnType<typeof createClientService>;
