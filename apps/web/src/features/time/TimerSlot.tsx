import { lazy, Suspense } from 'react';
import { useTimer } from './api';

// The chip, its stop dialog and its notices (~25 KB with the dialog library and
// sonner) load only when a timer is running: most screens open without one.
const RunningTimerChip = lazy(() => import('./timer').then(({ TimerChip }) => ({ default: TimerChip })));

/** The top bar's place for the running timer: empty, and nothing loaded, while none runs. */
export function TimerSlot() {
  const timer = useTimer();
  if (!timer.data) return null;
  return (
    <Suspense fallback={null}>
      <RunningTimerChip />
    </Suspense>
  );
}
