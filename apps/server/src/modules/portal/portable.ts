import type { Portable } from '../../db/portable';

/** A client's access to the portal is given again by the lawyer in the new account: links and sessions are keys, never exported. */
export const portalPortable: Portable = {
  exported: [],
  leftOut: {
    portal_accesos: 'a client’s access to the portal: the lawyer invites them again (an address that signs in is not carried between installations)',
    portal_enlaces: 'one-use sign-in links, valid 15 minutes',
    portal_sesiones: 'the clients’ open sessions',
  },
};
