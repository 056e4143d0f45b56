import type { Portable } from '../../db/portable';

/** The cases' messages go; a client's access to the portal is given again by the lawyer in the new account: links and sessions are keys, never exported. */
export const portalPortable: Portable = {
  exported: [
    { tabla: 'portal_audiencias', archivo: 'portal-audiencias', owner: { column: 'user_id' }, key: ['caso_id'], ids: ['caso_id'], etiqueta: 'Audiencias mostradas en el portal' },
    { tabla: 'portal_mensajes', archivo: 'portal-mensajes', owner: { column: 'user_id' }, key: ['id'], ids: ['id', 'cliente_id', 'caso_id'], etiqueta: 'Mensajes del portal' },
  ],
  leftOut: {
    portal_accesos: 'a client’s access to the portal: the lawyer invites them again (an address that signs in is not carried between installations)',
    portal_enlaces: 'one-use sign-in links, valid 15 minutes',
    portal_sesiones: 'the clients’ open sessions',
  },
};
