import type { Materia } from '@bufete/shared/values/casos';
import type { ActuacionTipo } from '@bufete/shared/values/actuaciones';
import { CalendarClock } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

// The dialog (and its calendars) loads when it is first opened.
const PlazoDialog = lazy(() => import('./PlazoDialog'));

/** 'Calcular plazo': opens the calculator, for a case (its due date is scheduled linked to it) or on its own. */
export function PlazoButton({
  casoId,
  casoTitulo,
  materia,
  juzgado,
  variant = 'outline',
  label = 'Calcular plazo',
  notificacion,
  descripcion,
  actuacion,
}: {
  casoId?: string;
  casoTitulo?: string;
  materia?: Materia | null;
  /** The case's court: the place it names picks the state whose courts' calendar counts. */
  juzgado?: string | null;
  variant?: 'outline' | 'ghost';
  /** 'Calcular término' from an actuación. */
  label?: string;
  /** The day the notification took effect, and the plazo's description, when the button knows them (an actuación). */
  notificacion?: string;
  descripcion?: string;
  /** The actuación it is counted from: its rules are proposed and the plazo is linked to it. */
  actuacion?: { id: string; tipo: ActuacionTipo; etiqueta: string };
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant={variant} onClick={() => setOpen(true)}>
        <CalendarClock className="size-4" aria-hidden /> {label}
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <PlazoDialog
            open={open}
            onOpenChange={setOpen}
            casoId={casoId}
            casoTitulo={casoTitulo}
            materia={materia}
            juzgado={juzgado}
            notificacion={notificacion}
            descripcion={descripcion}
            actuacion={actuacion}
          />
        </Suspense>
      ) : null}
    </>
  );
}
