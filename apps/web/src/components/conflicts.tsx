import { partesApi } from '@bufete/shared/api/partes';
import { MSG } from '@bufete/shared/messages';
import type { Conflicto } from '@bufete/shared/partes';
import { CONFLICTO_PAPEL_LABELS } from '@bufete/shared/values/partes';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { call } from '@/lib/api';
import { resourceKeys } from '@/lib/resources';

/**
 * The conflict-of-interest check of a name as it is entered (a party of a
 * case, a new client): whom of this lawyer's clients and other cases' parties
 * it matches, accents, capitals and word order ignored. Asked once the name is
 * left (`nombre` is what was typed when the field lost focus), never on each key.
 */
export function useConflictCheck(nombre: string, except: { casoId?: string; clienteId?: string }) {
  const trimmed = nombre.trim();
  return useQuery({
    queryKey: [...resourceKeys.partes, 'conflictos', trimmed, except.casoId ?? null, except.clienteId ?? null],
    queryFn: async () => (await call(partesApi.conflictos, { query: { nombre: trimmed, caso_id: except.casoId, cliente_id: except.clienteId } })).items,
    enabled: trimmed.length > 2,
    staleTime: 30_000,
  });
}

/** 'Posible conflicto de interés': each match, with the case or client it belongs to (a warning: the lawyer decides). */
export function ConflictNotice({ conflictos }: { conflictos: Conflicto[] | undefined }) {
  if (!conflictos?.length) return null;
  return (
    <Alert variant="warning">
      <p className="font-medium">{MSG.partes.conflictoTitulo}</p>
      <p>{MSG.partes.conflictoTexto}</p>
      <ul className="mt-1 list-disc space-y-0.5 pl-4">
        {conflictos.map((conflicto, index) => (
          <li key={`${conflicto.caso?.id ?? conflicto.cliente_id}-${index}`}>
            <span className="font-medium">{conflicto.nombre}</span>, {CONFLICTO_PAPEL_LABELS[conflicto.papel]}
            {conflicto.caso ? (
              <>
                {' '}
                en{' '}
                <Link className="underline underline-offset-2" to={`/casos/${conflicto.caso.id}`}>
                  {conflicto.caso.titulo}
                </Link>
              </>
            ) : conflicto.cliente_id ? (
              <>
                {' '}
                (
                <Link className="underline underline-offset-2" to={`/clientes/${conflicto.cliente_id}`}>
                  ver cliente
                </Link>
                )
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
