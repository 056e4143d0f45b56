import type { Database } from '../../db/client';
import { createPortalAccess } from './access';
import type { PortalDeps } from './deps';
import { createPortalLookups } from './lookups';
import { createPortalMatters } from './matters';
import { createPortalMessages } from './messages';
import { createPortalSignIn } from './sign-in';

export { PORTAL_LINK_MS } from './lookups';

/**
 * The client's portal (issue 38), the server's whole side of it: the lawyer
 * invites a client and can suspend them (access.ts); the client asks for a
 * one-use link by email, opens it for a session of their own (sign-in.ts),
 * writes about their cases (messages.ts) and reads only their cases, what the
 * lawyer marked visible, and their invoices (matters.ts). Every query is
 * scoped by the lawyer and the client of the session, never by an id the
 * browser sends alone. Sign-ins and downloads go to the lawyer's audit trail.
 */
export function createPortalService(db: Database, deps: PortalDeps) {
  const lookups = createPortalLookups(db, deps);
  return {
    ...createPortalAccess(db, deps, lookups),
    ...createPortalSignIn(db, deps, lookups),
    ...createPortalMessages(db, deps, lookups),
    ...createPortalMatters(db, deps, lookups),
  };
}

export type PortalService = ReturnType<typeof createPortalService>;
