import type { Cliente, ClienteOutput, ClienteRef, Page } from '@bufete/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { toCliente } from './mappers';
import { type ClienteRowStored, createClientQueries } from './queries';

/** Clients: every one the lawyer's own, another's is a 404. */
export function createClientService(db: Database) {
  const queries = createClientQueries(db);

  async function ownRow(userId: string, id: string): Promise<ClienteRowStored> {
    const row = await queries.row(userId, id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** The clients screen: by name, searched in nombre, email or empresa (case-insensitive), keyset-paged. */
    async list(userId: string, query: { q?: string; cursor?: string; limit: number }): Promise<Page<Cliente>> {
      return queries.paging.page(await queries.page(userId, query), query.limit, toCliente);
    },

    /** id, nombre, email of every client, by name: the pickers of the case forms. */
    options: (userId: string): Promise<ClienteRef[]> => queries.options(userId),

    async get(userId: string, id: string): Promise<Cliente> {
      return toCliente(await ownRow(userId, id));
    },

    /** Throws 404 unless the client exists and belongs to the user. */
    assertOwned: ownRow,

    async create(userId: string, input: ClienteOutput): Promise<Cliente> {
      return toCliente(await queries.insert(userId, input));
    },

    async update(userId: string, id: string, input: ClienteOutput): Promise<Cliente> {
      const row = await queries.update(userId, id, input);
      if (!row) throw notFound();
      return toCliente(row);
    },

    /** Cases keep existing without the client (cliente_id set to null); its emails go with it. */
    async remove(userId: string, id: string): Promise<void> {
      if (!(await queries.delete(userId, id))) throw notFound();
    },
  };
}

export type ClientService = ReturnType<typeof createClientService>;
