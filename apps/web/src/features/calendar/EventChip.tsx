import type { Evento } from '@bufete/shared/calendario';
import { cn } from '@/lib/utils';

/** The legend's marks: green = linked to a case, purple = has tags (spec part 2). */
export function EventMarks({ evento }: { evento: Evento }) {
  return (
    <>
      {evento.caso ? <span className="inline-block size-2 shrink-0 rounded-full bg-green-600" aria-label="Vinculada a un caso" role="img" /> : null}
      {evento.etiquetas.length ? <span className="inline-block size-2 shrink-0 rounded-full bg-purple-600" aria-label="Con etiquetas" role="img" /> : null}
    </>
  );
}

/** An appointment as a clickable line: time, title and marks. */
export function EventChip({ evento, time, onOpen, className }: { evento: Evento; time?: string; onOpen: () => void; className?: string }) {
  return (
    <button
      type="button"
      onClick={(event) => {
        event.stopPropagation();
        onOpen();
      }}
      className={cn(
        'flex w-full min-w-0 items-center gap-1 rounded px-1.5 py-0.5 text-left text-xs text-blue-950 hover:brightness-95',
        evento.origen === 'google' ? 'bg-sky-100' : 'bg-blue-100',
        className,
      )}
      title={`${time ? `${time} · ` : ''}${evento.titulo}`}
      data-testid="event-chip"
    >
      {time ? <span className="shrink-0 font-semibold tabular-nums">{time}</span> : null}
      <span className="min-w-0 truncate">{evento.titulo}</span>
      <EventMarks evento={evento} />
    </button>
  );
}
