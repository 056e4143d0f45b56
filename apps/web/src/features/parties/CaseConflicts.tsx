import { partesApi } from '@bufete/shared/api/partes';
import { MSG } from '@bufete/shared/messages';
import type { ConflictoDeCaso } from '@bufete/shared/partes';
import { CONFLICTO_PAPEL_LABELS } from '@bufete/shared/values/partes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { call, serverMessage } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';
import { toast } from '@/lib/toast';

const conflictKeys = { ofCase: (casoId: string) => [...resourceKeys.partes, 'conflictos-caso', casoId] as const };

/**
 * A case's possible conflicts of interest, on the case itself: its client or a
 * party who is a client of the lawyer's or a party of another of their cases,
 * with that case and the person's side in it. The mark stays (across reloads)
 * until the lawyer notes them as reviewed, which the case's history keeps.
 */
export function CaseConflicts({ casoId }: { casoId: string }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: conflictKeys.ofCase(casoId), queryFn: async () => (await call(partesApi.conflictosDeCaso, { params: { id: casoId } })).items });
  const review = useMutation({
    mutationFn: (claves: string[]) => call(partesApi.revisarConflictos, { params: { id: casoId }, body: { claves } }),
    onSuccess: (reply) => {
      queryClient.setQueryData(conflictKeys.ofCase(casoId), reply.items);
      void queryClient.invalidateQueries({ queryKey: resourceKeys.casos });
      toast.success(MSG.partes.conflictosRevisados);
    },
    onError: (error) => toast.error(serverMessage(error, MSG.partes.errorRevisarConflictos)),
  });
  const pending = (list.data ?? []).filter((item) => !item.revisado);
  if (!pending.length) return null;
  return (
    <section aria-labelledby="conflictos-caso" className="mb-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <h2 id="conflictos-caso" className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4 shrink-0" aria-hidden /> {MSG.partes.conflictoTitulo}
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {pending.map((item) => (
          <li key={item.clave}>
            <ConflictLine item={item} />
          </li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button size="sm" variant="outline" disabled={review.isPending} onClick={() => review.mutate(pending.map((item) => item.clave))}>
          Marcar como revisado
        </Button>
        <span className="text-amber-900/80">Queda en el historial del caso.</span>
      </div>
    </section>
  );
}

/** 'José Pérez López, parte demandada en este caso, es parte actora en «Arrendamiento Roma».' */
function ConflictLine({ item }: { item: ConflictoDeCaso }) {
  const { conflicto } = item;
  const aqui = item.papel_aqui === 'cliente' ? 'cliente de este caso' : `${CONFLICTO_PAPEL_LABELS[item.papel_aqui]} en este caso`;
  return (
    <>
      <span className="font-medium">{item.nombre}</span>, {aqui},{' '}
      {conflicto.caso ? (
        <>
          es {CONFLICTO_PAPEL_LABELS[conflicto.papel]} en{' '}
          <Link className="font-medium underline underline-offset-2" to={`/casos/${conflicto.caso.id}`}>
            {conflicto.caso.titulo}
          </Link>
          .
        </>
      ) : (
        <>
          coincide con tu cliente{' '}
          <Link className="font-medium underline underline-offset-2" to={`/clientes/${conflicto.cliente_id}`}>
            {conflicto.nombre}
          </Link>
          .
        </>
      )}
    </>
  );
}
