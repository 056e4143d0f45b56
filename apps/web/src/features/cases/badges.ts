import type { CasoEstado, CasoPrioridad } from '@bufete/shared/values/casos';
import type { BadgeVariant } from '@/components/ui/badge';

/** Badge colours of the spec (part 1, section 4). */
export const ESTADO_BADGE: Record<CasoEstado, BadgeVariant> = {
  Activo: 'success',
  Pendiente: 'warning',
  'En Revisión': 'default',
  Cerrado: 'secondary',
};
export const PRIORIDAD_BADGE: Record<CasoPrioridad, BadgeVariant> = { Alta: 'destructive', Media: 'default', Baja: 'secondary' };
