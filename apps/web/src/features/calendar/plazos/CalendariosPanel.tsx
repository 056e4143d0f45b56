import { MSG } from '@bufete/shared/messages';
import { type CalendarioPlazos, type PlazoAfectado } from '@bufete/shared/plazos';
import { CALENDARIOS_PRESET, type CalendarioPreset } from '@bufete/shared/plazos-calculo';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { serverSays } from '@/lib/api';
import { formatLongDay } from '@/lib/format';
import { useAgregarDia, useCrearCalendario, useMoverPlazo } from './api';

/**
 * The lawyer's own calendars, for the local courts they litigate in: one
 * starts from a preset (amparo or laboral) and adds the court's días
 * inhábiles and suspensions. Presets are not edited here.
 */
export function CalendariosPanel({
  calendarios,
  selectedId,
  onCreated,
  onChanged,
}: {
  calendarios: CalendarioPlazos[];
  selectedId: string;
  onCreated: (id: string) => void;
  /** A day was added: a plazo counted before is out of date. */
  onChanged: () => void;
}) {
  const crear = useCrearCalendario();
  const agregar = useAgregarDia();
  const [nombre, setNombre] = useState('');
  const [base, setBase] = useState<CalendarioPreset>('amparo');
  const [fecha, setFecha] = useState('');
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [afectados, setAfectados] = useState<PlazoAfectado[]>([]);
  const mover = useMoverPlazo();
  const selected = calendarios.find((calendario) => calendario.id === selectedId);
  const failed = (caught: unknown) => setError(serverSays(caught) ? caught.message : 'No se pudo guardar. Inténtalo de nuevo.');

  const onCreate = () => {
    setError(null);
    crear.mutate(
      { nombre, base },
      {
        onSuccess: ({ calendario }) => {
          setNombre('');
          onCreated(calendario.id);
          toast.success(`Calendario «${calendario.nombre}» creado`);
        },
        onError: failed,
      },
    );
  };
  const onAddDay = () => {
    if (!selected) return;
    setError(null);
    agregar.mutate(
      { id: selected.id, fecha, motivo },
      {
        onSuccess: (reply) => {
          setFecha('');
          setMotivo('');
          setAfectados(reply.afectados);
          onChanged();
        },
        onError: failed,
      },
    );
  };

  const onMove = (afectado: PlazoAfectado) =>
    mover.mutate(afectado.id, {
      onSuccess: ({ vence }) => {
        setAfectados((current) => current.filter((item) => item.id !== afectado.id));
        toast.success(`«${afectado.descripcion}» ahora vence el ${formatLongDay(vence)}`);
      },
      onError: failed,
    });

  return (
    <div className="space-y-4 rounded-lg border border-border bg-slate-50 p-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      {afectados.length > 0 ? (
        <div role="status" className="space-y-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p className="font-medium">{afectados.length === 1 ? 'Este día mueve un plazo agendado:' : `Este día mueve ${afectados.length} plazos agendados:`}</p>
          <ul className="space-y-2">
            {afectados.map((afectado) => (
              <li key={afectado.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  «{afectado.descripcion}»: vencía el {formatLongDay(afectado.vence_anterior)}; ahora vence el <strong>{formatLongDay(afectado.vence_nuevo)}</strong>.
                </span>
                <Button type="button" size="sm" variant="outline" onClick={() => onMove(afectado)} disabled={mover.isPending}>
                  Mover al {formatLongDay(afectado.vence_nuevo)}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-900">Nuevo calendario propio</legend>
        <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
          <FormField id="calendario-nombre" label="Nombre (el juzgado o tribunal)">
            <Input id="calendario-nombre" value={nombre} maxLength={120} placeholder="Juzgado 3.º Civil de Mérida" onChange={(event) => setNombre(event.target.value)} />
          </FormField>
          <FormField id="calendario-base" label="Parte de">
            <Select id="calendario-base" value={base} onChange={(event) => setBase(event.target.value as CalendarioPreset)}>
              {Object.entries(CALENDARIOS_PRESET).map(([clave, preset]) => (
                <option key={clave} value={clave}>
                  {preset.nombre}
                </option>
              ))}
            </Select>
          </FormField>
          <Button type="button" variant="outline" onClick={onCreate} disabled={crear.isPending}>
            Crear
          </Button>
        </div>
      </fieldset>
      {selected?.propio ? (
        <fieldset className="space-y-3">
          <legend className="text-sm font-medium text-slate-900">Días inhábiles de «{selected.nombre}»</legend>
          <p className="text-xs text-slate-500">
            Además de los de «{CALENDARIOS_PRESET[selected.base].nombre}». Versión {selected.version}.
          </p>
          {selected.dias_propios.length > 0 ? (
            <ul className="space-y-1 text-sm">
              {selected.dias_propios.map((dia) => (
                <li key={dia.fecha}>
                  <span className="font-medium">{formatLongDay(dia.fecha)}</span>: {dia.motivo}
                </li>
              ))}
            </ul>
          ) : null}
          <div className="grid gap-3 sm:grid-cols-[auto_1fr_auto] sm:items-end">
            <FormField id="dia-fecha" label="Fecha">
              <DateInput id="dia-fecha" value={fecha} onChange={setFecha} />
            </FormField>
            <FormField id="dia-motivo" label="Motivo">
              <Input
                id="dia-motivo"
                value={motivo}
                maxLength={200}
                placeholder="Suspensión de labores por acuerdo del tribunal"
                onChange={(event) => setMotivo(event.target.value)}
              />
            </FormField>
            <Button type="button" variant="outline" onClick={onAddDay} disabled={agregar.isPending}>
              Agregar día
            </Button>
          </div>
        </fieldset>
      ) : (
        <p className="text-xs text-slate-500">{selected ? `${MSG.plazos.soloPropios}` : null}</p>
      )}
    </div>
  );
}
