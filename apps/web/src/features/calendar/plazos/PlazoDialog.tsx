import type { Materia } from '@bufete/shared/values/casos';
import type { ActuacionTipo } from '@bufete/shared/values/actuaciones';
import { calendarioDeRegla } from '@bufete/shared/reglas-plazo';
import { MSG } from '@bufete/shared/messages';
import { agendarPlazoSchema, type PlazoCalculadoReply } from '@bufete/shared/plazos';
import { CALENDARIOS_ESTATALES, CALENDARIOS_PRESET, type CalendarioEstatal, estadoDeJuzgado, type PlazoTipo, presetParaMateria } from '@bufete/shared/plazos-calculo';
import { CalendarCheck, ListChecks, Settings2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { applyServerError, useSchemaForm } from '@/lib/forms';
import { formatLongDay } from '@/lib/format';
import { useClock } from '@/lib/session';
import { useAgendarPlazo, useCalcularPlazo, useCalendariosPlazos, useReglasPropias } from './api';
import { CalendariosPanel } from './CalendariosPanel';
import { fromOwn, type Offered, offerRules } from './offered-rules';
import { PlazoCount } from './PlazoCount';
import { ReglasPanel } from './ReglasPanel';

/**
 * 'Calcular plazo': when the notification took effect, how many days, hábiles
 * or naturales, and the calendar that applies; the answer is the due date and
 * the count day by day (what counted, what was skipped and why, with its legal
 * basis). 'Agendar' puts it on the calendar, linked to the case.
 */
/** The state whose courts the lawyer last counted on (civil, familiar, mercantil), remembered by this browser. */
const STATE_KEY = 'bufete.plazos.estado';
const rememberedState = (): CalendarioEstatal => {
  const saved = localStorage.getItem(STATE_KEY);
  return (CALENDARIOS_ESTATALES as readonly string[]).includes(saved ?? '') ? (saved as CalendarioEstatal) : 'cdmx';
};

/** What the form holds: the count's question and the description 'Agendar' gives it (the case comes with the dialog). */
type PlazoValues = { calendario_id: string; notificacion: string; dias: string; tipo: PlazoTipo; descripcion: string; regla: string };
const plazoFormSchema = agendarPlazoSchema.omit({ caso_id: true, actuacion_id: true });
const PLAZO_FIELDS = ['calendario_id', 'notificacion', 'dias', 'tipo', 'descripcion', 'regla'] as const;

export default function PlazoDialog({
  open,
  onOpenChange,
  casoId,
  casoTitulo,
  materia,
  juzgado,
  notificacion,
  descripcion,
  actuacion,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  casoId?: string;
  casoTitulo?: string;
  materia?: Materia | null;
  /** The case's court: the place it names ('de Tijuana') picks its state's calendar; one that names none, the state last used here. */
  juzgado?: string | null;
  notificacion?: string;
  descripcion?: string;
  /** 'Calcular término' from an actuación: the rules its kind and the case's materia start are proposed, and the plazo is linked to it. */
  actuacion?: { id: string; tipo: ActuacionTipo; etiqueta: string };
}) {
  const { today } = useClock();
  const calendarios = useCalendariosPlazos();
  const propias = useReglasPropias();
  const calcular = useCalcularPlazo();
  const agendar = useAgendarPlazo();
  const estado = estadoDeJuzgado(juzgado) ?? rememberedState();
  const { proposals, others, offered, firstProposal } = offerRules(propias.data ?? [], materia ?? null, actuacion?.tipo ?? null, estado);
  const describe = (rule: Offered | null | undefined) => (actuacion ? (rule ? `${rule.nombre} (${actuacion.etiqueta})` : `Término: ${actuacion.etiqueta}`) : (descripcion ?? ''));
  const form = useSchemaForm<PlazoValues>(plazoFormSchema, {
    calendario_id: '',
    notificacion: notificacion ?? today,
    dias: String(firstProposal?.dias ?? 15),
    tipo: firstProposal?.tipo ?? 'habiles',
    descripcion: describe(firstProposal),
    regla: firstProposal?.value ?? '',
  });
  const [managing, setManaging] = useState(false);
  const [managingRules, setManagingRules] = useState(false);
  // A description the lawyer typed is theirs: choosing another rule no longer rewrites it.
  const typedDescription = useRef(false);
  // Whether the lawyer picked the calendar: until then each rule's own calendar is proposed. (Not the form's dirty state:
  // setting the rule with shouldDirty marks every field that differs from its default, the proposed calendar included.)
  const calendarPicked = useRef(false);
  const descripcionField = form.register('descripcion');
  const [result, setResult] = useState<PlazoCalculadoReply | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { errors } = form.formState;

  // A shown result always matches the form: changing the question clears it (Agendar schedules what is shown).
  useEffect(() => {
    const watching = form.watch((_, { name }) => {
      if (name !== 'descripcion') setResult(null);
    });
    return () => watching.unsubscribe();
  }, [form]);
  // The case's materia picks where to start: its own calendar for that base if the lawyer made one, else the preset.
  const chosen = form.watch('calendario_id');
  const [dias, tipo, reglaValue] = form.watch(['dias', 'tipo', 'regla']);
  const regla = offered.find((entry) => entry.value === reglaValue) ?? null;
  // A rule of the federal courts or of labour counts on their calendar, whatever the case's materia.
  const suggestedBase = regla?.calendario ? calendarioDeRegla({ calendario: regla.calendario }, estado) : presetParaMateria(materia, estado);
  const suggested = suggestedBase
    ? (calendarios.data?.find((calendario) => calendario.propio && calendario.base === suggestedBase) ??
      calendarios.data?.find((calendario) => !calendario.propio && calendario.base === suggestedBase))
    : undefined;
  const selected = chosen || suggested?.id || calendarios.data?.[0]?.id || '';
  const chooseCalendar = (id: string) => {
    const base = calendarios.data?.find((calendario) => calendario.id === id)?.base;
    if (base && (CALENDARIOS_ESTATALES as readonly string[]).includes(base)) localStorage.setItem(STATE_KEY, base);
    calendarPicked.current = true;
    form.setValue('calendario_id', id, { shouldDirty: true });
  };
  // A rule gives the days and their kind (the server takes them from the rule too); 'Sin regla' leaves them to the lawyer.
  const chooseRule = (value: string, known?: Offered) => {
    form.setValue('regla', value, { shouldDirty: true });
    const picked = known ?? offered.find((entry) => entry.value === value);
    if (picked) {
      form.setValue('dias', String(picked.dias));
      form.setValue('tipo', picked.tipo);
      if (!calendarPicked.current) form.setValue('calendario_id', '');
    }
    if (!typedDescription.current) form.setValue('descripcion', describe(picked));
    setResult(null);
  };
  // Days typed by hand are no longer the rule's: the plazo is scheduled without one.
  const diasField = form.register('dias');
  const tipoField = form.register('tipo');
  const leaveRule = (onChange: (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => unknown) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => {
    void onChange(event);
    if (form.getValues('regla')) form.setValue('regla', '');
  };
  // The calendar shown is the form's (the proposed one until the lawyer picks another).
  useEffect(() => {
    if (!chosen && selected) form.setValue('calendario_id', selected);
  }, [chosen, selected, form]);
  const proposed = !calendarPicked.current;
  const failed = (caught: unknown, fallback: string) => setError(applyServerError(caught, { setError: form.setError, fields: PLAZO_FIELDS, unexpected: fallback }));

  const onCalculate = (event: React.FormEvent) => {
    // Opened from the appointment dialog, this form sits inside that one's React tree: its submit must not reach it.
    event.stopPropagation();
    setError(null);
    setResult(null);
    void form.handleSubmit(async ({ calendario_id, notificacion, dias, tipo }) => {
      await calcular
        .mutateAsync({ calendario_id, notificacion, dias, tipo, materia: materia ?? '' })
        .then(setResult, (caught: unknown) => failed(caught, MSG.plazos.errorCalcular));
    })(event);
  };
  const onSchedule = () => {
    setError(null);
    void form.handleSubmit(async (values) => {
      await agendar
        .mutateAsync({ ...values, descripcion: values.descripcion || (regla?.nombre ?? ''), caso_id: casoId ?? '', actuacion_id: actuacion?.id ?? '', materia: materia ?? '' })
        .then(
          (reply) => {
            toast.success(`${MSG.plazos.agendado}: vence el ${formatLongDay(reply.plazo.vence)}`);
            onOpenChange(false);
          },
          (caught: unknown) => failed(caught, MSG.plazos.errorAgendar),
        );
    })();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader
          title={actuacion ? MSG.plazos.tituloTermino : MSG.plazos.titulo}
          description={casoTitulo ? `${MSG.plazos.descripcion} Caso: ${casoTitulo}.` : MSG.plazos.descripcion}
        />
        <form onSubmit={onCalculate} noValidate className="space-y-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField
            id="plazo-regla"
            label="Regla que aplica"
            error={errors.regla?.message}
            hint={actuacion && proposals.length === 0 ? 'Ninguna regla del catálogo corresponde a esta actuación: elige otra o indica los días.' : undefined}
          >
            <Select id="plazo-regla" value={reglaValue} onChange={(event) => chooseRule(event.target.value)}>
              <option value="">Sin regla: indico los días</option>
              {proposals.length ? (
                <optgroup label="Propuestas para esta actuación">
                  {proposals.map((entry) => (
                    <option key={entry.value} value={entry.value}>
                      {entry.nombre} · {entry.dias} días
                    </option>
                  ))}
                </optgroup>
              ) : null}
              <optgroup label={proposals.length ? 'Otras reglas' : 'Reglas'}>
                {others.map((entry) => (
                  <option key={entry.value} value={entry.value}>
                    {entry.nombre} · {entry.dias} días
                  </option>
                ))}
              </optgroup>
            </Select>
          </FormField>
          {regla ? (
            <div className="space-y-1 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="plazo-regla-cita">
              <p>
                <span className="font-medium">{regla.cita ?? 'Regla propia, sin fundamento'}</span>: {regla.dias} días {regla.tipo === 'habiles' ? 'hábiles' : 'naturales'}{' '}
                {regla.verificada === true ? <Badge variant="success">Verificada en el texto de la ley</Badge> : null}
                {regla.verificada === false ? <Badge variant="warning">Por confirmar</Badge> : null}
                {regla.verificada === null ? <Badge variant="outline">Regla propia</Badge> : null}
              </p>
              {regla.nota ? <p className="text-xs text-slate-600">{regla.nota}</p> : null}
            </div>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="plazo-notificacion" label="La notificación surtió efectos el" error={errors.notificacion?.message}>
              <Controller
                control={form.control}
                name="notificacion"
                render={({ field }) => <DateInput id="plazo-notificacion" value={field.value} onChange={field.onChange} aria-invalid={!!errors.notificacion} />}
              />
            </FormField>
            <FormField id="plazo-dias" label="Número de días" error={errors.dias?.message} hint={regla ? 'Los de la regla elegida; cambiarlos la deja.' : undefined}>
              <Input id="plazo-dias" type="number" inputMode="numeric" min="1" max="365" {...diasField} onChange={leaveRule(diasField.onChange)} aria-invalid={!!errors.dias} />
            </FormField>
            <FormField id="plazo-tipo" label="Tipo de días" error={errors.tipo?.message}>
              <Select id="plazo-tipo" {...tipoField} onChange={leaveRule(tipoField.onChange)}>
                <option value="habiles">Hábiles</option>
                <option value="naturales">Naturales</option>
              </Select>
            </FormField>
            <FormField
              id="plazo-calendario"
              label="Calendario"
              error={errors.calendario_id?.message}
              hint={suggested && proposed && materia ? `Propuesto por la materia del caso (${materia}).` : undefined}
            >
              <Select id="plazo-calendario" value={selected} onChange={(event) => chooseCalendar(event.target.value)} disabled={!calendarios.data}>
                {(calendarios.data ?? []).map((calendario) => (
                  <option key={calendario.id} value={calendario.id}>
                    {calendario.propio ? `${calendario.nombre} (propio)` : calendario.nombre}
                  </option>
                ))}
              </Select>
            </FormField>
          </div>
          <Button type="button" variant="ghost" size="sm" onClick={() => setManaging((value) => !value)} aria-expanded={managing}>
            <Settings2 className="size-4" aria-hidden /> Mis calendarios y días inhábiles
          </Button>
          <Button type="button" variant="ghost" size="sm" onClick={() => setManagingRules((value) => !value)} aria-expanded={managingRules}>
            <ListChecks className="size-4" aria-hidden /> Mis reglas de plazo
          </Button>
          {managing && calendarios.data ? (
            <CalendariosPanel calendarios={calendarios.data} selectedId={selected} onCreated={chooseCalendar} onChanged={() => setResult(null)} />
          ) : null}
          {managingRules ? <ReglasPanel reglas={propias.data ?? []} onCreated={(regla) => chooseRule(regla.id, fromOwn(regla))} /> : null}
          <div className="flex justify-end">
            <Button type="submit" disabled={calcular.isPending || !selected}>
              {calcular.isPending ? <Spinner /> : null} Calcular
            </Button>
          </div>
        </form>

        {result ? (
          <section aria-label="Resultado del plazo" className="mt-4 space-y-3 border-t border-border pt-4">
            <PlazoCount result={result} tipo={tipo} />
            <FormField id="plazo-descripcion" label="Descripción (opcional)" hint="Aparece en el calendario como «Vence plazo: …»." error={errors.descripcion?.message}>
              <Input
                id="plazo-descripcion"
                maxLength={200}
                placeholder={regla?.nombre ?? `Plazo de ${dias} días ${tipo === 'habiles' ? 'hábiles' : 'naturales'}`}
                {...descripcionField}
                onChange={(event) => {
                  typedDescription.current = true;
                  void descripcionField.onChange(event);
                }}
              />
            </FormField>
            <p className="text-xs text-slate-500">
              Agendar crea la cita «Vence plazo» ese día a las 9:00 y un aviso tres días hábiles antes{casoId ? ', vinculados al caso' : ''}, con recordatorio por correo.
            </p>
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cerrar
              </Button>
              <Button onClick={onSchedule} disabled={agendar.isPending}>
                {agendar.isPending ? <Spinner /> : <CalendarCheck className="size-4" aria-hidden />} Agendar
              </Button>
            </DialogFooter>
          </section>
        ) : null}
        <p className="mt-4 text-xs text-slate-500">
          Calendarios predefinidos:{' '}
          {Object.values(CALENDARIOS_PRESET)
            .map((preset) => preset.descripcion)
            .join(' ')}
        </p>
      </DialogContent>
    </Dialog>
  );
}
