import type { Sustitucion } from '@bufete/shared';
import type { Sealing } from './sealing';
import type { StampingDeps } from './stamping-deps';
import type { CfdiRow, StampQueries } from './stamp-queries';

/** A sustitución (a CFDI replaced by a corrected invoice's, motivo 01): its two invoices, and where it stands. */
export function createSubstitutions(deps: StampingDeps, queries: StampQueries, sealing: Pick<Sealing, 'stampedIngresoOf'>) {
  const { stampedIngresoOf } = sealing;
  /** The two invoices of a sustitución `id` takes part in, replaced or replacing; null when it takes part in none. */
  async function substitutionPair(userId: string, id: string): Promise<{ original: { id: string; numero: string }; sustituto: { id: string; numero: string } } | null> {
    const links = await deps.invoices.substitutionLinks(userId, id);
    const self = async () => ({ id, numero: (await deps.invoices.get(userId, id)).numero_factura });
    if (links.sustituto) return { original: await self(), sustituto: links.sustituto };
    if (links.original) return { original: links.original, sustituto: await self() };
    return null;
  }

  /** Where a sustitución stands, from both invoices' CFDI. */
  async function substitutionState(userId: string, pair: NonNullable<Awaited<ReturnType<typeof substitutionPair>>>): Promise<Sustitucion> {
    const [original, sustituto] = await Promise.all([stampedIngresoOf(userId, pair.original.id), queries.live(userId, pair.sustituto.id)]);
    const side = (invoice: { id: string; numero: string }, row: CfdiRow | null | undefined) => ({
      id: invoice.id,
      numero_factura: invoice.numero,
      uuid: row?.uuid ?? null,
      estado: row?.estado ?? null,
    });
    const paso: Sustitucion['paso'] =
      sustituto?.estado !== 'vigente'
        ? 'timbrar_sustituto'
        : original?.estado === 'cancelado'
          ? 'terminada'
          : original?.estado === 'cancelacion_en_proceso'
            ? 'esperando_receptor'
            : 'cancelar_original';
    return { original: side(pair.original, original), sustituto: side(pair.sustituto, sustituto), paso };
  }

  return { substitutionPair, substitutionState };
}
