import { MSG } from '../messages';
import { clienteErasurePreviewSchema, clienteExportQuerySchema, clienteListQuerySchema, clienteReply, clienteSaveSchema, clienteSchema } from '../clientes';
import { clienteRefSchema } from '../casos';
import { endpoint } from '../endpoint';
import { itemsOf, okSchema, pageOf } from '../common';
import { z } from '../zod';

/** The clientes endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const clientesApi = {
  list: endpoint({ method: 'GET', path: '/clientes', auth: 'user', query: clienteListQuerySchema, response: pageOf(clienteSchema) }),
  /** id, nombre, email of every client, by name: the pickers of other screens. */
  options: endpoint({ method: 'GET', path: '/clientes/options', auth: 'user', response: itemsOf(clienteRefSchema) }),
  create: endpoint({ method: 'POST', path: '/clientes', auth: 'user', body: clienteSaveSchema, response: clienteReply, status: 201 }),
  get: endpoint({ method: 'GET', path: '/clientes/:id', auth: 'user', response: clienteReply }),
  update: endpoint({ method: 'PUT', path: '/clientes/:id', auth: 'user', body: clienteSaveSchema, response: clienteReply }),
  remove: endpoint({ method: 'DELETE', path: '/clientes/:id', auth: 'user', response: okSchema }),
  /** 'Eliminar datos del cliente', first: what would go and what the law keeps. */
  erasurePreview: endpoint({ method: 'GET', path: '/clientes/:id/eliminacion', auth: 'user', response: clienteErasurePreviewSchema }),
  /** 'Eliminar datos del cliente': its notes, documents and emails go; with invoices its fiscal data stays (`eliminado` false), else the client goes too. */
  erase: endpoint({
    method: 'POST',
    path: '/clientes/:id/eliminacion',
    auth: 'user',
    body: z.object({ confirmacion: z.literal(true, { error: MSG.privacidad.confirmacion }) }),
    response: z.strictObject({ eliminado: z.boolean() }),
  }),
  /** 'Exportar datos del cliente': a zip of everything of the client (records, documents, invoices), for an access request. */
  exportData: endpoint({ method: 'GET', path: '/clientes/:id/export', auth: 'user', query: clienteExportQuerySchema, response: 'file' }),
};
