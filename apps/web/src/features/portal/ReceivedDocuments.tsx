import { documentosApi } from '@bufete/shared/api/documentos';
import type { Documento } from '@bufete/shared/documentos';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCheck, Download, FileText, Undo2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { LoadingState } from '@/components/ui/list-states';
import { call, fileUrl, serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { resourceKeys } from '@/lib/resources';
import { toast } from '@/lib/toast';

/**
 * 'Recibidos del cliente' on a case's 'Portal' tab: what the client sent
 * from their portal, newest first, each 'Por revisar' until the lawyer
 * marks it reviewed (and back, if they want to look again).
 */
export function ReceivedDocuments({ casoId, timeZone }: { casoId: string; timeZone: string }) {
  const queryClient = useQueryClient();
  const key = [...resourceKeys.documentos, 'recibidos', casoId];
  const received = useQuery({
    queryKey: key,
    queryFn: async ({ signal }) => (await call(documentosApi.list, { query: { caso_id: casoId, recibidos: '1', limit: 100 }, signal })).items,
  });
  const review = useMutation({
    mutationFn: async ({ id, revisado }: { id: string; revisado: boolean }) => (await call(documentosApi.setReviewed, { params: { id }, body: { revisado } })).documento,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: resourceKeys.documentos }),
    onError: (error) => toast.error(serverMessage(error, 'No se pudo marcar. Inténtalo de nuevo.')),
  });
  const items = received.data ?? [];
  const pending = items.filter((documento) => documento.por_revisar).length;
  return (
    <section aria-labelledby="recibidos-cliente" className="space-y-3" data-testid="recibidos-cliente">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="recibidos-cliente" className="text-lg font-semibold text-slate-900">
          Recibidos del cliente
        </h2>
        {pending ? <Badge variant="warning">{pending === 1 ? '1 por revisar' : `${pending} por revisar`}</Badge> : null}
      </div>
      {received.isPending ? <LoadingState>Cargando...</LoadingState> : null}
      {received.isError ? <Alert variant="error">No se pudieron cargar los documentos del cliente. Inténtalo de nuevo.</Alert> : null}
      {received.data && items.length === 0 ? <p className="text-sm text-slate-600">El cliente aún no ha enviado documentos desde su portal.</p> : null}
      {items.length ? (
        <ul className="divide-y divide-border rounded-xl border border-border bg-white">
          {items.map((documento) => (
            <Received key={documento.id} documento={documento} timeZone={timeZone} busy={review.isPending} onReview={(revisado) => review.mutate({ id: documento.id, revisado })} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function Received({ documento, timeZone, busy, onReview }: { documento: Documento; timeZone: string; busy: boolean; onReview: (revisado: boolean) => void }) {
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-3" data-testid="recibido">
      <FileText className="size-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium break-words text-slate-900">{documento.nombre}</p>
        <p className="text-sm text-slate-600">Enviado el {formatShortDateTime(documento.created_at, timeZone)}</p>
      </div>
      {documento.por_revisar ? <Badge variant="warning">Por revisar</Badge> : <Badge variant="success">Revisado</Badge>}
      <div className="flex gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={fileUrl(documentosApi.file, { id: documento.id }, { download: '1' })} aria-label={`Descargar ${documento.nombre}`}>
            <Download aria-hidden />
          </a>
        </Button>
        {documento.por_revisar ? (
          <Button size="sm" disabled={busy} onClick={() => onReview(true)}>
            <CheckCheck aria-hidden /> Marcar como revisado
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled={busy} onClick={() => onReview(false)}>
            <Undo2 aria-hidden /> Marcar por revisar
          </Button>
        )}
      </div>
    </li>
  );
}
