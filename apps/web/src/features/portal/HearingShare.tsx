import { casoPortalApi } from '@bufete/shared/api/portal';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Gavel } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { call, serverMessage } from '@/lib/api';
import { formatShortDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';

/** 'Mostrar al cliente la próxima audiencia' on a case's 'Portal' tab: the client sees only the next hearing of the calendar, when the lawyer says so. */
export function HearingShare({ casoId }: { casoId: string }) {
  const queryClient = useQueryClient();
  const key = ['portal', 'caso', casoId];
  const state = useQuery({ queryKey: key, queryFn: ({ signal }) => call(casoPortalApi.get, { params: { id: casoId }, signal }) });
  const set = useMutation({
    mutationFn: (visible: boolean) => call(casoPortalApi.set, { params: { id: casoId }, body: { audiencia_visible: visible } }),
    onSuccess: (reply) => {
      queryClient.setQueryData(key, reply);
      toast.success(reply.audiencia_visible ? 'Tu cliente verá la próxima audiencia en su portal.' : 'Tu cliente ya no verá la próxima audiencia.');
    },
    onError: (error) => toast.error(serverMessage(error, 'No se pudo guardar. Inténtalo de nuevo.')),
  });
  if (state.isError) return <Alert variant="error">No se pudo consultar el portal de este caso. Inténtalo de nuevo.</Alert>;
  const audiencia = state.data?.proxima_audiencia ?? null;
  return (
    <div className="space-y-1 rounded-xl border border-border bg-white p-4" data-testid="audiencia-portal">
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800 sm:min-h-0">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={state.data?.audiencia_visible ?? false}
          disabled={!state.data || set.isPending}
          onChange={(event) => set.mutate(event.target.checked)}
        />
        Mostrar al cliente la próxima audiencia
      </label>
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Gavel className="mt-0.5 size-4 shrink-0" aria-hidden />
        {audiencia
          ? `Próxima: ${audiencia.titulo}, ${formatShortDateTime(audiencia.inicio, audiencia.zona)}${audiencia.ubicacion ? ` · ${audiencia.ubicacion}` : ''}.`
          : 'Este caso no tiene audiencias próximas en el calendario (una cita marcada como audiencia).'}
      </p>
    </div>
  );
}
