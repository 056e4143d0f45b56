import { type Nota } from '@bufete/shared/notas';
import { NOTE_CARD_TAGS } from '@bufete/shared/values/notas';
import { Briefcase, Eye, Lock, Star, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatLongDate } from '@/lib/format';
import { cn } from '@/lib/utils';
import { TagChip } from '@/components/tags/TagPicker';
import { useTimeZone } from '@/lib/session';

/** A note card (320 px high from the small breakpoint up, sized to its content on phones): three tags then '+N', the star, 'Ver' and 'Eliminar'. */
export function NoteCard({
  nota,
  demo,
  onToggleFavorite,
  onView,
  onDelete,
}: {
  nota: Nota;
  demo: boolean;
  onToggleFavorite: () => void;
  onView: () => void;
  onDelete: () => void;
}) {
  const extra = nota.etiquetas.length - NOTE_CARD_TAGS;
  const timeZone = useTimeZone();
  return (
    <article className="flex flex-col rounded-xl border border-border bg-white p-5 shadow-sm sm:h-[320px]" data-testid="note-card">
      <div className="flex items-start gap-2">
        <h2 className="line-clamp-2 min-w-0 flex-1 text-base font-semibold break-words text-slate-900">{nota.titulo}</h2>
        <button
          type="button"
          onClick={onToggleFavorite}
          aria-pressed={nota.is_favorita}
          aria-label={nota.is_favorita ? `Quitar ${nota.titulo} de favoritas` : `Marcar ${nota.titulo} como favorita`}
          className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md hover:bg-slate-100 sm:size-9"
        >
          <Star className={cn('size-5', nota.is_favorita ? 'fill-amber-400 text-amber-500' : 'text-slate-400')} aria-hidden />
        </button>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-1.5" data-testid="note-tags">
        {nota.etiquetas.slice(0, NOTE_CARD_TAGS).map((tag) => (
          <TagChip key={tag.id} tag={tag} />
        ))}
        {extra > 0 ? <span className="text-xs font-medium text-slate-600">+{extra}</span> : null}
        {demo ? <Badge variant="secondary">Ejemplo</Badge> : null}
        {nota.privada ? (
          <Badge variant="secondary" className="gap-1">
            <Lock className="size-3" aria-hidden /> Privada
          </Badge>
        ) : null}
      </div>
      <div className="mt-3 min-h-0 flex-1">
        <p className="line-clamp-5 text-sm whitespace-pre-line text-slate-600">{nota.contenido_texto || 'Sin contenido'}</p>
      </div>
      <div className="mt-3 space-y-1 text-xs text-slate-600">
        {nota.caso ? (
          <p className="flex items-center gap-1 truncate">
            <Briefcase className="size-3.5 shrink-0" aria-hidden /> {nota.caso.titulo}
          </p>
        ) : null}
        <p>Actualizada el {formatLongDate(nota.updated_at, timeZone)}</p>
      </div>
      <div className="mt-3 flex gap-2 border-t border-border pt-3">
        <Button variant="outline" size="sm" className="flex-1" onClick={onView} aria-label={`Ver ${nota.titulo}`}>
          <Eye aria-hidden /> Ver
        </Button>
        <Button variant="outline" size="sm" className="text-red-600 hover:text-red-700" onClick={onDelete} aria-label={`Eliminar ${nota.titulo}`}>
          <Trash2 aria-hidden /> Eliminar
        </Button>
      </div>
    </article>
  );
}
