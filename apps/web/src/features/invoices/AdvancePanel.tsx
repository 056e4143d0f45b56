import { diaMx } from '@bufete/shared/dates';
import { formatMXN } from '@bufete/shared/dinero';
import { type FacturaDetalle } from '@bufete/shared/facturas';
import { HandCoins, Stamp, X } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/select';
import { serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useSetAdvance, useStampAdvance } from './api';

/**
 * Advances in an invoice's detail (the SAT's Guía, Apéndice 6): on an advance,
 * where it is applied; on a final invoice not stamped yet, the client's
 * advances to apply; once applied, whether its CFDI de egreso is stamped, and
 * the button that stamps it when it did not follow the invoice's stamp.
 */
export function AdvancePanel({ data }: { data: FacturaDetalle }) {
  const { factura, anticipo, cfdis } = data;
  const set = useSetAdvance();
  const stampAdvance = useStampAdvance();
  const [chosen, setChosen] = useState('');
  const stamped = cfdis.some((cfdi) => cfdi.tipo === 'I' && cfdi.estado === 'vigente');
  const pendingApplication = cfdis.some((cfdi) => cfdi.tipo === 'E' && cfdi.estado === 'pendiente' && cfdi.nota_credito?.motivo === 'anticipo');
  const failed = (fallback: string) => (error: unknown) => toast.error(serverMessage(error, fallback));

  if (factura.anticipo) {
    return (
      <div data-testid="anticipo-panel">
        <Alert variant="info">
          {anticipo.aplicado_en
            ? `Anticipo aplicado en la factura ${anticipo.aplicado_en.numero_factura}.`
            : 'Anticipo recibido, aún sin aplicar. Cuando el servicio y su precio estén definidos, aplícalo desde la factura final del cliente antes de timbrarla.'}
        </Alert>
      </div>
    );
  }
  if (anticipo.aplicado) {
    const { aplicado } = anticipo;
    return (
      <section className="space-y-2 rounded-lg border border-border p-4" data-testid="anticipo-panel" aria-labelledby="anticipo-titulo">
        <h3 id="anticipo-titulo" className="text-sm font-semibold text-slate-900">
          Anticipo
        </h3>
        <p className="text-sm text-slate-800">
          Aplica el anticipo {aplicado.numero_factura} del {diaMx(aplicado.fecha_emision)} por {formatMXN(aplicado.monto_total)}.{' '}
          {aplicado.aplicado
            ? 'Aplicado con su CFDI de egreso (forma de pago 30, relacionado 07 con esta factura).'
            : stamped
              ? 'Falta timbrar el CFDI de egreso de la aplicación.'
              : 'Al timbrar, el CFDI de esta factura se relacionará (07) con el del anticipo y después se timbrará la aplicación del anticipo.'}
        </p>
        {!stamped && factura.estado !== 'cancelada' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={set.isPending}
            onClick={() => set.mutate({ id: factura.id, anticipo: null }, { onError: failed('No se pudo quitar el anticipo. Inténtalo de nuevo.') })}
          >
            <X aria-hidden /> Quitar anticipo
          </Button>
        ) : null}
        {stamped && !aplicado.aplicado && !pendingApplication ? (
          <Button
            size="sm"
            disabled={stampAdvance.isPending}
            onClick={() =>
              stampAdvance.mutate(factura.id, {
                onSuccess: (cfdi) => toast.success(`Aplicación del anticipo timbrada. Folio fiscal ${cfdi.uuid}`),
                onError: failed('No se pudo timbrar la aplicación del anticipo. Inténtalo de nuevo.'),
              })
            }
          >
            <Stamp aria-hidden /> {stampAdvance.isPending ? 'Timbrando...' : 'Timbrar aplicación del anticipo'}
          </Button>
        ) : null}
      </section>
    );
  }
  if (anticipo.disponibles.length === 0) return null;
  const selected = chosen || anticipo.disponibles[0]!.id;
  return (
    <section className="space-y-2 rounded-lg border border-border p-4" data-testid="anticipo-panel" aria-labelledby="anticipo-titulo">
      <h3 id="anticipo-titulo" className="text-sm font-semibold text-slate-900">
        Anticipo
      </h3>
      <p className="text-sm text-slate-700">Este cliente tiene anticipos sin aplicar. Si esta es la factura final del servicio, aplícale uno antes de timbrarla.</p>
      <div className="flex flex-wrap items-end gap-2">
        <label className="sr-only" htmlFor="anticipo-elegido">
          Anticipo a aplicar
        </label>
        <Select id="anticipo-elegido" className="w-full sm:w-auto" value={selected} onChange={(event) => setChosen(event.target.value)}>
          {anticipo.disponibles.map((item) => (
            <option key={item.id} value={item.id}>
              {item.numero_factura} · {diaMx(item.fecha_emision)} · {formatMXN(item.monto_total)}
            </option>
          ))}
        </Select>
        <Button
          variant="outline"
          disabled={set.isPending}
          onClick={() =>
            set.mutate(
              { id: factura.id, anticipo: selected },
              { onSuccess: () => toast.success('Anticipo aplicado: se relacionará al timbrar el CFDI.'), onError: failed('No se pudo aplicar el anticipo. Inténtalo de nuevo.') },
            )
          }
        >
          <HandCoins aria-hidden /> Aplicar anticipo
        </Button>
      </div>
    </section>
  );
}
