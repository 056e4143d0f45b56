import type { Actuacion } from '@bufete/shared/actuaciones';
import { documentosApi } from '@bufete/shared/api/documentos';
import { MSG } from '@bufete/shared/messages';
import { ACTUACION_ORIGEN_LABELS, ACTUACION_TIPO_LABELS } from '@bufete/shared/values/actuaciones';
import { CalendarClock, FileText, Pencil, Plus, Trash2 } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmptyState, LoadingState } from '@/components/ui/list-states';
import { Alert } from '@/components/ui/alert';
import { fileUrl, serverMessage } from '@/lib/api';
import { formatLongDay } from '@/lib/format';
import { useClock } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useCaseProceedings, useDeleteProceeding, useReviewTerm, useSetProceedingVisible } from './api';
import { ProceedingDialog } from './dialogs';

/**
 * A case's 'Actuaciones': what the court published in it, the latest first,
 * each with the day it was published, the day it takes effect and its text as
 * published; registered by hand or confirmed from a bulletin.
 */
export function CaseProceedings({ casoId, termWith }: { casoId: string; termWith?: (actuacion: Actuacion) => ReactNode }) {
  const list = useCaseProceedings(casoId);
  const remove = useDeleteProceeding();
  const [editing, setEditing] = useState<Actuacion | null>(null);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Actuacion | null>(null);
  const items = list.data ?? [];

  const confirmDelete = () =>
    deleting &&
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(MSG.actuaciones.eliminada);
        setDeleting(null);
      },
      onError: (error) => toast.error(serverMessage(error, MSG.actuaciones.errorEliminar)),
    });

  return (
    <div className="space-y-4">
      <div className="flex items-center justify-between gap-2">
        <p className="text-sm text-slate-600">{items.length === 1 ? '1 actuación' : `${items.length} actuaciones`}</p>
        <Button variant="outline" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> Nueva actuación
        </Button>
      </div>
      {list.isPending ? <LoadingState>Cargando actuaciones...</LoadingState> : null}
      {list.isError ? <Alert variant="error">{MSG.actuaciones.errorCargar}</Alert> : null}
      {list.isSuccess && items.length === 0 ? <EmptyState>{MSG.actuaciones.vacio}</EmptyState> : null}
      {items.length ? (
        <ol className="relative space-y-3 border-l-2 border-slate-200 pl-4 sm:pl-6" aria-label="Actuaciones del caso">
          {items.map((actuacion) => (
            <ProceedingItem key={actuacion.id} actuacion={actuacion} term={termWith?.(actuacion)} onEdit={() => setEditing(actuacion)} onDelete={() => setDeleting(actuacion)} />
          ))}
        </ol>
      ) : null}
      <ProceedingDialog open={creating} onOpenChange={setCreating} casoId={casoId} />
      <ProceedingDialog open={!!editing} onOpenChange={(open) => !open && setEditing(null)} casoId={casoId} actuacion={editing} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Eliminar actuación"
        description={MSG.actuaciones.confirmarEliminar}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </div>
  );
}

/** `term`: 'Calcular término' from it (the case page passes the plazo calculator in: features do not import each other). */
function ProceedingItem({ actuacion, term, onEdit, onDelete }: { actuacion: Actuacion; term?: ReactNode; onEdit: () => void; onDelete: () => void }) {
  const [expanded, setExpanded] = useState(false);
  const setVisible = useSetProceedingVisible();
  const long = actuacion.texto.length > 400;
  return (
    <li className="relative rounded-lg border border-border bg-white p-4 shadow-sm" data-testid="actuacion">
      <span className="absolute top-5 -left-[1.4rem] size-3 rounded-full border-2 border-white bg-primary sm:-left-[1.9rem]" aria-hidden />
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <Badge>{ACTUACION_TIPO_LABELS[actuacion.tipo]}</Badge>
            <span className="text-sm font-semibold text-slate-900">Publicada el {formatLongDay(actuacion.fecha_publicacion)}</span>
          </div>
          <p className="text-sm text-slate-600">
            {actuacion.fecha_efectos ? `Surte efectos el ${formatLongDay(actuacion.fecha_efectos)}` : 'Sin fecha de efectos'} · {ACTUACION_ORIGEN_LABELS[actuacion.origen]}
            {actuacion.fuente ? ` · ${actuacion.fuente}` : ''}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-1">
          {term}
          <Button variant="ghost" size="icon" onClick={onEdit} aria-label={`Editar actuación del ${formatLongDay(actuacion.fecha_publicacion)}`}>
            <Pencil aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" onClick={onDelete} aria-label={`Eliminar actuación del ${formatLongDay(actuacion.fecha_publicacion)}`}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
      <p className={`mt-3 text-sm whitespace-pre-wrap text-slate-800 ${long && !expanded ? 'line-clamp-6' : ''}`}>{actuacion.texto}</p>
      {long ? (
        <button
          type="button"
          className="mt-1 min-h-11 text-sm font-medium text-primary hover:underline sm:min-h-0"
          onClick={() => setExpanded((value) => !value)}
          aria-expanded={expanded}
        >
          {expanded ? 'Ver menos' : 'Ver el texto completo'}
        </button>
      ) : null}
      {actuacion.plazos.length ? <TermsOf actuacion={actuacion} className="mt-3" /> : null}
      <label className="mt-2 flex min-h-11 w-fit items-center gap-2 text-sm text-slate-700 sm:min-h-0">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={actuacion.visible_cliente}
          disabled={setVisible.isPending}
          onChange={(event) =>
            setVisible.mutate(
              { id: actuacion.id, visible: event.target.checked },
              { onError: (error) => toast.error(serverMessage(error, 'No se pudo cambiar la visibilidad. Inténtalo de nuevo.')) },
            )
          }
        />
        Visible para el cliente
      </label>
      {actuacion.documentos.length ? (
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Documentos vinculados">
          {actuacion.documentos.map((documento) => (
            <li key={documento.id}>
              <a
                href={fileUrl(documentosApi.file, { id: documento.id })}
                target="_blank"
                rel="noreferrer"
                className="inline-flex min-h-11 items-center gap-1 rounded-md border border-border px-2 text-sm text-slate-700 hover:bg-slate-50 sm:min-h-8"
              >
                <FileText className="size-4" aria-hidden /> {documento.nombre}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/**
 * The terms counted from an actuación, each with its due date and the article
 * it cites; one already due says 'Vencido', and one whose actuación moved
 * after it was counted from another day asks the lawyer what to do with it.
 */
export function TermsOf({ actuacion, className = '' }: { actuacion: Actuacion; className?: string }) {
  const { today } = useClock();
  const review = useReviewTerm();
  const decide = (id: string, decision: 'desde_actuacion' | 'mantener') =>
    review.mutate(
      { id, decision },
      {
        onSuccess: ({ vence }) => toast.success(decision === 'mantener' ? MSG.plazos.revisado : `${MSG.plazos.revisado}: vence el ${formatLongDay(vence)}`),
        onError: (error) => toast.error(serverMessage(error, MSG.plazos.errorRevisar)),
      },
    );
  return (
    <ul className={`space-y-1 ${className}`} aria-label="Términos que inició">
      {actuacion.plazos.map((plazo) => {
        const vencido = plazo.vence < today;
        return (
          <li
            key={plazo.id}
            className={`flex items-start gap-2 rounded-md px-2 py-1.5 text-sm ${plazo.revisar ? 'bg-amber-50 text-amber-950' : vencido ? 'bg-slate-100 text-slate-700' : 'bg-blue-50 text-blue-950'}`}
          >
            <CalendarClock className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span className="min-w-0">
              <span className="font-medium">{plazo.descripcion}</span>: {vencido ? 'venció' : 'vence'} el {formatLongDay(plazo.vence)}
              {vencido ? (
                <Badge variant="secondary" className="ml-2">
                  Vencido
                </Badge>
              ) : null}
              {plazo.fundamento ? <span className="block text-xs opacity-80">{plazo.fundamento}</span> : null}
              {plazo.revisar ? (
                <span className="mt-1 block">
                  <span className="block font-medium">{plazo.revisar}</span>
                  <span className="mt-1 flex flex-wrap gap-2">
                    <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => decide(plazo.id, 'desde_actuacion')}>
                      Contar desde la actuación
                    </Button>
                    <Button size="sm" variant="ghost" disabled={review.isPending} onClick={() => decide(plazo.id, 'mantener')}>
                      Mantener como está
                    </Button>
                  </span>
                </span>
              ) : null}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
