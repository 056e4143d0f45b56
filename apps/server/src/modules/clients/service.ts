import type { Cliente, ClienteOutput, ClienteRef, Page } from '@bufete/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { containsPattern, decodeCursor, encodeCursor } from '../../db/paging';
import { clientes } from '../../db/schema';
import { notFound } from '../../http/errors';

type Row = typeof clientes.$inferSelect;

export function toCliente(row: Row): Cliente {
  return {
    id: row.id,
    nombre: row.nombre,
    email: row.email,
    telefono: row.telefono,
    empresa: row.empresa,
    direccion: row.direccion,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Same expression as the trigram index clientes_search_idx, so searches can use it. */
/** Alphabetical order ignoring case, as a person reads a client list. */
const sortName = sql<string>`lower(${clientes.nombre})`;

const searchText = sql`lower(${clientes.nombre} || ' ' || coalesce(${clientes.email}, '') || ' ' || coalesce(${clientes.empresa}, ''))`;

export function createClientService(db: Database) {
  async function ownRow(userId: string, id: string): Promise<Row> {
    const [row] = await db.select().from(clientes).where(and(eq(clientes.id, id), eq(clientes.userId, userId))).limit(1);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** The clients screen: by name, searched in nombre, email or empresa (case-insensitive), keyset-paged. */
    async list(userId: string, query: { q?: string; cursor?: string; limit: number }): Promise<Page<Cliente>> {
      const after = decodeCursor(query.cursor, 2);
      const rows = await db
        .select()
        .from(clientes)
        .where(
          and(
            eq(clientes.userId, userId),
            query.q ? sql`${searchText} like ${containsPattern(query.q)}` : undefined,
            after ? sql`(${sortName}, ${clientes.id}) > (${after[0]!}, ${after[1]!}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(sortName), asc(clientes.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return { items: page.map(toCliente), nextCursor: rows.length > query.limit && last ? encodeCursor([last.nombre.toLowerCase(), last.id]) : null };
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
      const [row] = await db.insert(clientes).values({ ...input, userId }).returning();
      return toCliente(row!);
    },

    async update(userId: string, id: string, input: ClienteOutput): Promise<Cliente> {
      const [row] = await db
        .update(clientes)
        .set({ ...input, updatedAt: new Date() })
        .where(and(eq(clientes.id, id), eq(clientes.userId, userId)))
        .returning();
      if (!row) throw notFound();
      return toCliente(row);
    },

    /** Cases keep existing without the client (cliente_id set to null); its reminders go with it. */
    async remove(userId: string, id: string): Promise<void> {
      const deleted = await db.delete(clientes).where(and(eq(clientes.id, id), eq(clientes.userId, userId))).returning({ id: clientes.id });
      if (deleted.length === 0) throw notFound();
    },
  };
}

export type ClientService = ReturnType<typeof createClientService>;
