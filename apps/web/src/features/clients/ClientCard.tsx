import { clienteTipo } from '@bufete/shared/values/clientes';
import type { Cliente } from '@bufete/shared/clientes';
import { Building2, CalendarDays, Mail, MapPin, MessageCircle, Pencil, Phone, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { formatShortDate } from '@/lib/format';
import type { ClientActions } from './useClientActions';
import { cn } from '@/lib/utils';
import { useTimeZone } from '@/lib/session';

/**
 * A client card with contact data and actions: 320 px high in the grid from
 * the small breakpoint up (the spec's), sized to its content on phones. The
 * name leads to the client's page.
 */
export function ClientCard({ cliente, demo, actions }: { cliente: Cliente; demo: boolean; actions: ClientActions }) {
  const initials = cliente.nombre
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
  const timeZone = useTimeZone();
  return (
    <article className="flex flex-col rounded-xl border border-border bg-white p-5 shadow-sm sm:h-[320px]" data-testid="client-card">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-800" aria-hidden>
          {initials}
        </span>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-2">
            <h2 className="min-w-0 truncate text-base font-semibold text-slate-900">
              <Link to={`/clientes/${cliente.id}`} className="hover:text-primary hover:underline" title={cliente.nombre}>
                {cliente.nombre}
              </Link>
            </h2>
            {demo ? <Badge variant="secondary">Ejemplo</Badge> : null}
          </div>
          <p className="flex min-w-0 items-center gap-1 text-sm text-slate-600" title={clienteTipo(cliente)}>
            <Building2 className="size-3.5 shrink-0" aria-hidden />
            <span className="truncate">{clienteTipo(cliente)}</span>
          </p>
        </div>
      </div>
      <dl className="mt-4 flex-1 space-y-2 text-sm text-slate-700">
        <Row icon={Mail} label="Email" value={cliente.email} />
        <Row icon={Phone} label="Teléfono" value={cliente.telefono} />
        <Row icon={MapPin} label="Dirección" value={cliente.direccion} />
        <div className="flex items-start gap-2">
          <CalendarDays className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
          <dt className="shrink-0 text-slate-500">Cliente desde:</dt>
          <dd>{formatShortDate(cliente.created_at, timeZone)}</dd>
        </div>
      </dl>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-border pt-4">
        <Button variant="outline" size="sm" onClick={actions.onEmail} disabled={!cliente.email} aria-label={`Enviar email a ${cliente.nombre}`}>
          <Mail aria-hidden /> Email
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={actions.onWhatsapp}
          // Looks disabled without a phone, but still answers a click with the reason.
          className={cn(!cliente.telefono && 'cursor-not-allowed border-dashed bg-slate-50 text-slate-500 shadow-none hover:bg-slate-50')}
          title={cliente.telefono ? undefined : 'Sin teléfono registrado'}
          aria-label={`WhatsApp de ${cliente.nombre}`}
        >
          <MessageCircle aria-hidden /> WhatsApp
        </Button>
        <div className="ml-auto flex gap-2 sm:gap-1">
          <Button variant="ghost" size="icon" className="sm:size-9" onClick={actions.onEdit} aria-label={`Editar ${cliente.nombre}`}>
            <Pencil aria-hidden />
          </Button>
          <Button variant="ghost" size="icon" className="text-red-600 hover:text-red-700 sm:size-9" onClick={actions.onDelete} aria-label={`Eliminar ${cliente.nombre}`}>
            <Trash2 aria-hidden />
          </Button>
        </div>
      </div>
    </article>
  );
}

function Row({ icon: Icon, label, value }: { icon: typeof Mail; label: string; value: string | null }) {
  return (
    <div className="flex items-start gap-2">
      <Icon className="mt-0.5 size-4 shrink-0 text-slate-400" aria-hidden />
      <dt className="sr-only">{label}</dt>
      <dd className={cn('line-clamp-2 break-words', !value && 'text-slate-500 italic')}>{value ?? 'No registrado'}</dd>
    </div>
  );
}
