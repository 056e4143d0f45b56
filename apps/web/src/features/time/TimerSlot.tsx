import { Timer } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import { lazyDialog } from '@/components/ui/dialog';
import { askRateOf, useStoppedWithoutRate, useTimer } from './api';

// The chip, its stop dialog and its notices (~25 KB with the dialog library and
// sonner) load only when a timer is running: most screens open without one.
const RunningTimerChip = lazy(() => import('./timer').then(({ TimerChip }) => ({ default: TimerChip })));
const StartTimerDialog = lazyDialog(
  () => import('./StartTimerDialog').then((m) => m.StartTimerDialog),
  (props) => props.open,
);
const RateAfterStop = lazyDialog(
  () => import('./RateDialog').then((m) => m.RateAfterStopDialog),
  (props) => props.entrada !== null,
);

/**
 * The top bar's place for the timer: the running one (its case, the time so
 * far, stop), or a button that starts one on any screen. Nothing of either
 * loads until it is needed.
 */
export function TimerSlot() {
  const timer = useTimer();
  const [starting, setStarting] = useState(false);
  const withoutRate = useStoppedWithoutRate();
  if (timer.isPending || timer.isError) return null;
  return (
    <>
      {timer.data ? (
        <Suspense fallback={null}>
          <RunningTimerChip />
        </Suspense>
      ) : (
        <>
          <Button variant="ghost" size="icon" className="rounded-full" onClick={() => setStarting(true)} aria-label="Iniciar temporizador" title="Iniciar temporizador">
            <Timer className="size-5" aria-hidden />
          </Button>
          <StartTimerDialog open={starting} onOpenChange={setStarting} />
        </>
      )}
      <RateAfterStop entrada={withoutRate} onClose={() => askRateOf(null)} />
    </>
  );
}
