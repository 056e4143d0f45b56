import { type CasoEstado, type CasoPrioridad, MATERIA_LABEL, type Materia } from '@bufete/shared/values/casos';
import { Badge } from '@/components/ui/badge';
import { ESTADO_BADGE, PRIORIDAD_BADGE } from './badges';

/** Estado and prioridad as the spec colours them, and the materia when there is one. */
export function CaseBadges({ estado, prioridad, materia }: { estado: CasoEstado; prioridad: CasoPrioridad; materia?: Materia | null }) {
  return (
    <div className="flex flex-wrap gap-1.5">
      <Badge variant={ESTADO_BADGE[estado]}>{estado}</Badge>
      <Badge variant={PRIORIDAD_BADGE[prioridad]}>Prioridad {prioridad}</Badge>
      {materia ? <Badge variant="outline">{MATERIA_LABEL[materia]}</Badge> : null}
    </div>
  );
}
