import { type Factura } from '@bufete/shared/facturas';
import { CFDI_ESTADO_LABEL } from '@bufete/shared/values/cfdi';
import { FACTURA_ESTADO_BADGE, type FacturaEstadoRegistro } from '@bufete/shared/values/facturas';
import { urgencyOf } from '@bufete/shared/dates';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { UrgencyBadge } from '@/components/ui/urgency-badge';

const ESTADO_VARIANT: Record<FacturaEstadoRegistro, BadgeVariant> = { pendiente: 'warning', pagada_parcialmente: 'default', pagada: 'success', cancelada: 'secondary' };

/** An invoice's state, and 'Vencida' or how soon it is due while unpaid. */
export function InvoiceBadges({ factura, today }: { factura: Factura; today: string }) {
  const abierta = factura.estado === 'pendiente' || factura.estado === 'pagada_parcialmente';
  const urgency = abierta ? urgencyOf(factura.fecha_vencimiento, today) : null;
  return (
    <div className="flex flex-wrap gap-1">
      <Badge variant={ESTADO_VARIANT[factura.estado]}>{FACTURA_ESTADO_BADGE[factura.estado]}</Badge>
      {factura.anticipo ? <Badge variant="default">Anticipo</Badge> : null}
      {factura.factura_global_id ? <Badge variant="secondary">En factura global</Badge> : null}
      {factura.cfdi ? (
        <Badge
          variant={factura.cfdi.estado === 'vigente' ? 'success' : factura.cfdi.estado === 'cancelado' ? 'secondary' : 'warning'}
          title={factura.cfdi.uuid ? `Folio fiscal ${factura.cfdi.uuid}` : undefined}
        >
          {factura.cfdi.estado === 'vigente' ? 'CFDI' : `CFDI: ${CFDI_ESTADO_LABEL[factura.cfdi.estado].toLowerCase()}`}
        </Badge>
      ) : null}
      {factura.vencida ? <Badge variant="destructive">Vencida</Badge> : urgency && urgency.tone === 'soon' ? <UrgencyBadge urgency={urgency} /> : null}
    </div>
  );
}
