import { LIMITS } from '../constants';
import { okSchema } from '../common';
import { endpoint } from '../endpoint';
import { one, portabilidadSchema } from '../portabilidad';
import { z } from '../zod';

/** The portabilidad endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const portabilidadApi = {
  /** Starts building the zip (one at a time per lawyer); an email says when it is ready. */
  startExport: endpoint({ method: 'POST', path: '/account/exportaciones', auth: 'user', response: z.strictObject({ trabajo: portabilidadSchema }), status: 201 }),
  /** The latest export, to follow its progress and download it. */
  latestExport: endpoint({ method: 'GET', path: '/account/exportaciones/latest', auth: 'user', response: one }),
  /** The zip, for its owner only, for 24 hours. */
  downloadExport: endpoint({ method: 'GET', path: '/account/exportaciones/:id/archivo', auth: 'user', response: 'file' }),
  /** A zip from 'Exportar todos mis datos', checked at once and imported in the background into this (fresh) account. */
  startImport: endpoint({
    method: 'POST',
    path: '/account/importaciones',
    auth: 'user',
    upload: { fields: z.object({}), maxBytes: LIMITS.importMaxBytes },
    response: z.strictObject({ trabajo: portabilidadSchema }),
    status: 201,
  }),
  latestImport: endpoint({ method: 'GET', path: '/account/importaciones/latest', auth: 'user', response: one }),
  /** Starts the import the lawyer has read ('por_confirmar'): in the background, like an export. */
  confirmImport: endpoint({ method: 'POST', path: '/account/importaciones/:id/confirm', auth: 'user', response: z.strictObject({ trabajo: portabilidadSchema }) }),
  /** Leaves an uploaded zip unimported: it is deleted. */
  discardImport: endpoint({ method: 'DELETE', path: '/account/importaciones/:id', auth: 'user', response: okSchema }),
};
