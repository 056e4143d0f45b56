import { type HistoryService, changesOf, ERASED_AT_REQUEST } from '../history/service';
import type { Cliente, ClienteOutput, ClienteRef, Page } from '@bufete/shared';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { toCliente } from './mappers';
import { type ClienteRowStored, createClientQueries } from './queries';

/** Clients: every one the lawyer's own, another's is a 404. */
/** The history's names of a client's fields. */
const CLIENT_FIELDS = {
  nombre: 'Nombre',
  email: 'Email',
  telefono: 'Teléfono',
  empresa: 'Empresa',
  direccion: 'Dirección',
  rfc: 'RFC',
  razon_social: 'Razón social',
  regimen_fiscal: 'Régimen fiscal',
  codigo_postal: 'Código postal',
  uso_cfdi: 'Uso del CFDI',
} as const;

export function createClientService(db: Database, deps: { history: HistoryService }) {
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
      const cliente = toCliente(await queries.insert(userId, input));
      await deps.history.record(db, userId, {
        accion: 'crear',
        entidad: 'cliente',
        entidadId: cliente.id,
        resumen: `Cliente «${cliente.nombre.slice(0, 120)}» creado`,
        cambios: changesOf(null, cliente, CLIENT_FIELDS),
      });
      return cliente;
    },

    async update(userId: string, id: string, input: ClienteOutput): Promise<Cliente> {
      const before = toCliente(await ownRow(userId, id));
      const row = await queries.update(userId, id, input);
      if (!row) throw notFound();
      const after = toCliente(row);
      const cambios = changesOf(before, after, CLIENT_FIELDS);
      if (cambios.length)
        await deps.history.record(db, userId, { accion: 'editar', entidad: 'cliente', entidadId: id, resumen: `Cliente «${after.nombre.slice(0, 120)}» editado`, cambios });
      return after;
    },

    /** Its contact data erased at its request; its fiscal data stays for the invoices the law keeps. */
    async eraseContact(userId: string, id: string): Promise<Cliente> {
      const row = await queries.eraseContact(userId, id);
      if (!row) throw notFound();
      const cliente = toCliente(row);
      await deps.history.record(db, userId, {
        accion: 'eliminar_datos',
        entidad: 'cliente',
        entidadId: id,
        resumen: `Datos de «${cliente.nombre.slice(0, 120)}» eliminados a su solicitud; se conservan sus datos fiscales por sus facturas (CFF, art. 30)`,
      });
      return cliente;
    },

    /**
     * Cases keep existing without the client (cliente_id set to null); its
     * emails go with it. Erased at its request, the history entry names no one.
     */
    async remove(userId: string, id: string, options: { atClientRequest?: boolean } = {}): Promise<void> {
      const { nombre } = toCliente(await ownRow(userId, id));
      if (!(await queries.delete(userId, id))) throw notFound();
      const resumen = options.atClientRequest ? ERASED_AT_REQUEST('Cliente eliminado') : `Cliente «${nombre.slice(0, 120)}» eliminado`;
      await deps.history.record(db, userId, { accion: 'eliminar', entidad: 'cliente', entidadId: id, resumen });
    },
  };
}

export type ClientService = ReturnType<typeof createClientService>;
