import type { PacConfig } from '../../../config';
import type { Pac } from './pac';
import { createSwPac } from './sw';

// Apart from pac.ts (what every provider shares), so a provider's file can use that without a cycle.
/**
 * A PAC client. `credentialsRefused` is what the lawyer reads when the PAC
 * refuses the account: the operator's (ask whoever runs Bufete) or their own
 * (check Configuración).
 */
export function createPac(pac: PacConfig, options: { fetchImpl?: typeof fetch; credentialsRefused?: string } = {}): Pac {
  switch (pac.provider) {
    case 'sw':
      return createSwPac(pac, options.fetchImpl ?? fetch, options.credentialsRefused);
  }
}
