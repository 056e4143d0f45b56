import { healthApi } from '@bufete/shared';
import type { Router } from '../../http/route';
import type { HealthService } from './service';

/** 200 when the database answers a query, 503 otherwise. */
export function healthRoutes({ on }: Router, { health }: { health: HealthService }) {
  on(healthApi.check, () => health.check());
}
