import { formatMXN } from '@bufete/shared/dinero';
import { importeDeEntrada } from '@bufete/shared/values/tiempo';
import { type Factura } from '@bufete/shared/facturas';
import { type Entrada, type EntradaCreateInput, entradaCreateSchema } from '@bufete/shared/tiempo';
import { Clock, Pencil, Play, Receipt, Square, Trash2, X } from 'lucide-react';
import { type ComponentType, useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { EmptyState, LoadingState } from '@/components/ui/list-states';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage } from '@/lib/api';
import { formatShortDay } from '@/lib/format';
import { applyServerError, useSchemaForm } from '@/lib/forms';
import { useClock, useSession } from '@/lib/session';
import { useCreateEntry, useDeleteEntry, useDiscardTimer, useStartTimer, useTimeEntries, useTimer } from './api';
import { EntryEditDialog } from './EntryEditDialog';
import { elapsedOf, useNow, useStopTimerFlow } from './timer';
import { IconTile } from '@/components/ui/icon-tile';
import { lazyDialog } from '@/components/ui/dialog';

// Its form (and the schemas with it) loads when an entry without a rate is billed.
const RateDialog = lazyDialog(
  () => import('./RateDialog').then((m) => m.RateDialog),
  (props) => props.entries !== null,
);

const errorText = (error: unknown) => serverMessage(error, 'No se pudo guardar. Inténtalo de nuevo.');

/**
 * The dialog that turns chosen entries into an invoice after a review. Time
 * does not know invoicing: the page that shows the entries passes invoicing's
 * dialog in (app/pages), and invoicing claims the entries when it saves.
 */
export type BillTimeDialog = ComponentType<{ entries: Entrada[] | null; onOpenChange: (open: boolean) => void; onCreated: (factura: Factura) => void }>;

/** 'Tiempo' on a case: the timer, a manual entry, and the case's entries to invoice. */
export function CaseTime({ casoId, billWith }: { casoId: string; billWith: BillTimeDialog }) {
  return (
    <div className="space-y-4">
      <TimerCard casoId={casoId} />
      <EntryForm casoId={casoId} />
      <EntryList filters={{ caso_id: casoId }} empty="Aún no registras tiempo en este caso." billWith={billWith} />
    </div>
  );
}

/** A client's unbilled time, ready to invoice (the client page). */
export function ClientTime({ clienteId, billWith }: { clienteId: string; billWith: BillTimeDialog }) {
  return <EntryList filters={{ cliente_id: clienteId, sin_facturar: '1' }} empty="Este cliente no tiene tiempo sin facturar." billWith={billWith} />;
}

function TimerCard({ casoId }: { casoId: string }) {
  const timer = useTimer();
  const start = useStartTimer();
  const discard = useDiscardTimer();
  const [descripcion, setDescripcion] = useState('');
  const running = timer.data;
  const now = useNow(!!running);
  const stop = useStopTimerFlow();
  // 'Iniciar' is replaced by 'Detener' once the timer runs: the keyboard follows it rather than falling to the page's top.
  const stopButton = useRef<HTMLButtonElement>(null);
  const [justStarted, setJustStarted] = useState(false);
  useEffect(() => {
    if (justStarted && running) {
      stopButton.current?.focus();
      setJustStarted(false);
    }
  }, [justStarted, running]);

  return (
    <Card>
      <CardContent className="flex flex-col gap-3 pt-5 sm:flex-row sm:items-center">
        <IconTile icon={Clock} className="size-10 rounded-full bg-blue-50 text-primary" />
        {running && running.caso.id !== casoId ? (
          <p className="flex-1 text-sm text-slate-700">
            Tienes un temporizador en marcha en{' '}
            <Link to={`/casos/${running.caso.id}`} className="font-medium text-primary hover:underline">
              {running.caso.titulo}
            </Link>
            .
          </p>
        ) : running ? (
          <>
            <div className="min-w-0 flex-1">
              <p className="font-mono text-2xl font-bold text-slate-900 tabular-nums" data-testid="timer-elapsed" aria-live="off">
                {elapsedOf(running.iniciado, now)}
              </p>
              <p className="truncate text-sm text-slate-600">{running.descripcion ?? 'Trabajo en el caso'}</p>
            </div>
            <div className="flex gap-2">
              <Button ref={stopButton} onClick={() => stop.stop(running.iniciado)} disabled={stop.pending}>
                {stop.pending ? <Spinner /> : <Square aria-hidden />} Detener
              </Button>
              <Button variant="ghost" size="icon" onClick={() => discard.mutate()} aria-label="Descartar el temporizador" title="Descartar sin registrar">
                <X aria-hidden />
              </Button>
            </div>
            {stop.dialog}
          </>
        ) : (
          <>
            <div className="min-w-0 flex-1">
              <label htmlFor="timer-descripcion" className="sr-only">
                Qué vas a hacer
              </label>
              <Input id="timer-descripcion" value={descripcion} onChange={(event) => setDescripcion(event.target.value)} placeholder="¿En qué trabajas? (opcional)" />
            </div>
            <Button
              onClick={() =>
                start.mutate(
                  { caso_id: casoId, descripcion },
                  {
                    onSuccess: () => {
                      setDescripcion('');
                      setJustStarted(true);
                    },
                    onError: (error) => toast.error(errorText(error)),
                  },
                )
              }
              disabled={start.isPending || timer.isPending}
            >
              {start.isPending ? <Spinner /> : <Play aria-hidden />} Iniciar
            </Button>
          </>
        )}
      </CardContent>
    </Card>
  );
}

type EntryValues = { caso_id: string; fecha: string; horas: string; descripcion: string; tarifa_por_hora: string };

function EntryForm({ casoId }: { casoId: string }) {
  const { today } = useClock();
  const { session } = useSession();
  const create = useCreateEntry();
  const form = useSchemaForm<EntryValues>(entradaCreateSchema, { caso_id: casoId, fecha: today, horas: '1', descripcion: '', tarifa_por_hora: '' });
  const errors = form.formState.errors;
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // Checked by the schema already (useSchemaForm): what was typed is valid input.
      const entrada = await create.mutateAsync(values as EntradaCreateInput);
      toast.success(`Tiempo registrado: ${entrada.horas} h · ${importeDeEntrada(entrada)}`);
      form.setValue('descripcion', '');
    } catch (error) {
      const message = applyServerError(error, { setError: form.setError, fields: ['fecha', 'horas', 'descripcion', 'tarifa_por_hora'], unexpected: errorText });
      if (message) toast.error(message);
    }
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Registrar tiempo</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:grid-cols-[10rem_7rem_minmax(0,1fr)_9rem_auto] sm:items-end">
          <FormField id="tiempo-fecha" label="Fecha" error={errors.fecha?.message}>
            <Controller
              control={form.control}
              name="fecha"
              render={({ field }) => <DateInput id="tiempo-fecha" value={field.value} onChange={field.onChange} onBlur={field.onBlur} />}
            />
          </FormField>
          <FormField id="tiempo-horas" label="Horas" error={errors.horas?.message}>
            <Input id="tiempo-horas" type="number" min="0.25" max="24" step="0.25" inputMode="decimal" {...form.register('horas')} />
          </FormField>
          <FormField id="tiempo-descripcion" label="Descripción" error={errors.descripcion?.message}>
            <Input id="tiempo-descripcion" {...form.register('descripcion')} placeholder="Ej: Redacción de la demanda" />
          </FormField>
          <FormField id="tiempo-tarifa" label="Tarifa por hora" error={errors.tarifa_por_hora?.message}>
            <Input
              id="tiempo-tarifa"
              type="number"
              min="0"
              step="0.01"
              inputMode="decimal"
              {...form.register('tarifa_por_hora')}
              placeholder={session?.profile.tarifa_hora ?? 'Tu tarifa'}
            />
          </FormField>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Spinner /> : null} Registrar
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function EntryList({
  filters,
  empty,
  billWith: BillingDialog,
}: {
  filters: { caso_id?: string; cliente_id?: string; sin_facturar?: '1' };
  empty: string;
  billWith: BillTimeDialog;
}) {
  const entries = useTimeEntries(filters);
  const remove = useDeleteEntry();
  const navigate = useNavigate();
  const [selected, setSelected] = useState<string[]>([]);
  const [billing, setBilling] = useState<Entrada[] | null>(null);
  const [pricing, setPricing] = useState<Entrada[] | null>(null);
  const [editing, setEditing] = useState<Entrada | null>(null);
  const items = entries.data ?? [];
  const unbilled = items.filter((entry) => !entry.factura);
  const toggle = (entry: Entrada) => setSelected((current) => (current.includes(entry.id) ? current.filter((id) => id !== entry.id) : [...current, entry.id]));
  const clientes = new Set(unbilled.filter((entry) => selected.includes(entry.id)).map((entry) => entry.cliente?.id ?? ''));
  const bill = () => {
    if (clientes.size > 1) return toast.error('Las entradas elegidas son de clientes distintos: factura las de un cliente a la vez');
    const chosen = unbilled.filter((entry) => selected.includes(entry.id));
    // Time kept without a rate (a timer stopped before one was saved) gets its rate first.
    if (chosen.some((entry) => entry.tarifa_por_hora === null)) setPricing(chosen);
    else setBilling(chosen);
  };
  const withoutRate = pricing?.filter((entry) => entry.tarifa_por_hora === null) ?? null;

  if (entries.isPending) return <LoadingState>Cargando tiempo...</LoadingState>;
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-base">Tiempo registrado</CardTitle>
        <div className="flex flex-wrap gap-2">
          {unbilled.length ? (
            <Button variant="ghost" size="sm" onClick={() => setSelected(selected.length === unbilled.length ? [] : unbilled.map((entry) => entry.id))}>
              {selected.length === unbilled.length ? 'Quitar selección' : 'Seleccionar lo no facturado'}
            </Button>
          ) : null}
          <Button size="sm" onClick={bill} disabled={selected.length === 0}>
            <Receipt aria-hidden /> Facturar tiempo{selected.length ? ` (${selected.length})` : ''}
          </Button>
        </div>
      </CardHeader>
      <CardContent>
        <ul className="divide-y divide-border" data-testid="time-entries">
          {items.map((entry) => (
            <li key={entry.id} className="flex flex-wrap items-center gap-3 py-2">
              {entry.factura ? (
                <span className="size-4" aria-hidden />
              ) : (
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={selected.includes(entry.id)}
                  onChange={() => toggle(entry)}
                  aria-label={`Elegir ${entry.descripcion} del ${formatShortDay(entry.fecha)}`}
                />
              )}
              <span className="w-24 shrink-0 text-sm text-slate-600">{formatShortDay(entry.fecha)}</span>
              <span className="min-w-[10rem] flex-1 text-sm break-words text-slate-900">
                {entry.descripcion}
                {entry.caso && filters.cliente_id ? <span className="block text-xs text-slate-500">{entry.caso.titulo}</span> : null}
              </span>
              <span className="w-16 shrink-0 text-right text-sm text-slate-700 tabular-nums">{entry.horas} h</span>
              <span className="w-28 shrink-0 text-right text-sm font-semibold text-slate-900 tabular-nums">{importeDeEntrada(entry)}</span>
              {entry.factura ? (
                <Badge variant="success">Facturado · {entry.factura.numero_factura}</Badge>
              ) : (
                <span className="flex">
                  <Button variant="ghost" size="icon" className="sm:size-9" onClick={() => setEditing(entry)} aria-label={`Editar ${entry.descripcion}`}>
                    <Pencil aria-hidden />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-red-600 sm:size-9"
                    onClick={() => remove.mutate(entry.id, { onError: (error) => toast.error(errorText(error)) })}
                    aria-label={`Borrar ${entry.descripcion}`}
                  >
                    <Trash2 aria-hidden />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      </CardContent>
      <BillingDialog
        entries={billing}
        onOpenChange={(open) => !open && setBilling(null)}
        onCreated={(factura) => {
          setSelected([]);
          toast.success(`Factura ${factura.numero_factura} creada por ${formatMXN(factura.monto_total)}`, {
            action: { label: 'Ver facturación', onClick: () => navigate('/facturacion') },
          });
        }}
      />
      <EntryEditDialog entry={editing} onOpenChange={(open) => !open && setEditing(null)} />
      <RateDialog
        entries={withoutRate?.length ? withoutRate : null}
        title="Tiempo sin tarifa"
        description={`${withoutRate?.length === 1 ? 'Una entrada elegida no tiene' : `${withoutRate?.length ?? 0} entradas elegidas no tienen`} tarifa por hora. Escríbela para facturarlas.`}
        laterLabel="Cancelar"
        onOpenChange={(open) => !open && setPricing(null)}
        onSaved={(priced) => {
          const byId = new Map(priced.map((entry) => [entry.id, entry]));
          setBilling(pricing!.map((entry) => byId.get(entry.id) ?? entry));
          setPricing(null);
        }}
      />
    </Card>
  );
}
