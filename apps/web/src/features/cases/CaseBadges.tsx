import type { CasoEstado, CasoPrioridad } from '@bufete/shared';
import { Badge } from '@/components/ui/badge';
import { ESTADO_BADGE, PRIORIDAD_BADGE } from '@/lib/practice';

export function CaseBadges({ estado, prioridad }: { estado: CasoEstado; prioridad: CasoPrioridad }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge variant={ESTADO_BADGE[estado]}>{estado}</Badge>
      <Badge variant={PRIORIDAD_BADGE[prioridad]}>Prioridad {prioridad}</Badge>
    </div>
  );
}
