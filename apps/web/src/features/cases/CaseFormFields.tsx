import { type ClienteRef } from '@bufete/shared/casos';
import { CASO_ESTADOS, CASO_ESTADOS_INICIALES, CASO_PRIORIDADES, MATERIA_LABEL, MATERIAS } from '@bufete/shared/values/casos';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ConflictNotice, useConflictCheck } from '@/components/conflicts';
import { PersonSelect } from '@/components/pickers/PersonSelect';
import { useClientOptions, useTeam } from '@/lib/options';

export interface CaseFormValues {
  titulo: string;
  descripcion: string;
  estado: string;
  prioridad: string;
  cliente_id: string;
  fecha_vencimiento: string;
  responsable_id: string;
  /** The people assigned besides (a pasante works only on these). */
  asignados: string[];
  expediente: string;
  juzgado: string;
  secretaria: string;
  materia: string;
}

export const EMPTY_CASE_IDENTITY = { expediente: '', juzgado: '', secretaria: '', materia: '' };

/**
 * The fields shared by the new-case form and the edit dialog. Creation offers
 * three states, editing all four. `cliente` is the case's current client, shown
 * at once while the list of clients loads (a select cannot show an option it
 * does not have yet).
 */
export function CaseFormFields({
  form,
  mode,
  idPrefix = 'caso',
  cliente,
  casoId,
}: {
  form: UseFormReturn<CaseFormValues>;
  mode: 'create' | 'edit';
  idPrefix?: string;
  cliente?: ClienteRef | null;
  /** The case edited: its own parties are no conflict for its client. */
  casoId?: string;
}) {
  const clients = useClientOptions();
  // A lawyer alone has nobody else to name; a team names who answers for the case.
  const team = useTeam();
  const errors = form.formState.errors;
  const id = (name: string) => `${idPrefix}-${name}`;
  const estados = mode === 'create' ? CASO_ESTADOS_INICIALES : CASO_ESTADOS;
  const options = clients.data ?? (cliente ? [cliente] : []);
  // The client chosen may be a party of another of the lawyer's cases: said here, where the case is being decided.
  const clienteId = form.watch('cliente_id');
  const chosen = options.find((option) => option.id === clienteId);
  const conflicts = useConflictCheck(chosen?.nombre ?? '', { clienteId: chosen?.id, casoId });
  return (
    <div className="space-y-4">
      <FormField id={id('titulo')} label="Título del caso *" error={errors.titulo?.message}>
        <Input id={id('titulo')} placeholder="Ej: Demanda por despido injustificado" aria-invalid={!!errors.titulo} {...form.register('titulo')} />
      </FormField>
      <FormField id={id('descripcion')} label="Descripción">
        <Textarea id={id('descripcion')} rows={4} placeholder="Describe los detalles del caso..." {...form.register('descripcion')} />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('estado')} label={mode === 'create' ? 'Estado inicial' : 'Estado'}>
          <Select id={id('estado')} {...form.register('estado')}>
            {estados.map((estado) => (
              <option key={estado} value={estado}>
                {estado}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={id('prioridad')} label="Prioridad">
          <Select id={id('prioridad')} {...form.register('prioridad')}>
            {CASO_PRIORIDADES.map((prioridad) => (
              <option key={prioridad} value={prioridad}>
                {prioridad}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={id('cliente')} label="Cliente" error={clients.isError ? 'No se pudieron cargar los clientes' : undefined}>
          <Controller
            control={form.control}
            name="cliente_id"
            render={({ field }) => (
              <Select id={id('cliente')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} ref={field.ref}>
                <option value="">Sin cliente</option>
                {options.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.nombre}
                  </option>
                ))}
              </Select>
            )}
          />
        </FormField>
        <FormField id={id('vencimiento')} label="Fecha de vencimiento" error={errors.fecha_vencimiento?.message}>
          <Controller
            control={form.control}
            name="fecha_vencimiento"
            render={({ field }) => (
              <DateInput id={id('vencimiento')} value={field.value} onChange={field.onChange} onBlur={field.onBlur} aria-invalid={!!errors.fecha_vencimiento} />
            )}
          />
        </FormField>
      </div>
      {chosen ? <ConflictNotice conflictos={conflicts.data} /> : null}
      {team ? (
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('responsable')} label="Responsable" error={errors.responsable_id?.message}>
            <PersonSelect id={id('responsable')} people={team} {...form.register('responsable_id')} />
          </FormField>
          <fieldset aria-describedby={errors.asignados ? id('asignados-error') : undefined}>
            <legend className="mb-1.5 text-sm font-medium text-slate-800">Asignados (opcional)</legend>
            <div className="space-y-1">
              {team.map((person) => (
                <label key={person.id} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" className="size-4 accent-primary" value={person.id} {...form.register('asignados')} />
                  {person.nombre}
                </label>
              ))}
            </div>
            {errors.asignados ? (
              <p id={id('asignados-error')} className="mt-1 text-sm text-destructive">
                {errors.asignados.message}
              </p>
            ) : null}
          </fieldset>
        </div>
      ) : null}
      <fieldset className="space-y-4 rounded-xl border border-border p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Datos del expediente (opcional)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={id('expediente')} label="Número de expediente" error={errors.expediente?.message}>
            <Input id={id('expediente')} placeholder="Ej: 1234/2026" autoComplete="off" {...form.register('expediente')} />
          </FormField>
          <FormField id={id('materia')} label="Materia" error={errors.materia?.message}>
            <Select id={id('materia')} {...form.register('materia')}>
              <option value="">Sin especificar</option>
              {MATERIAS.map((materia) => (
                <option key={materia} value={materia}>
                  {MATERIA_LABEL[materia]}
                </option>
              ))}
            </Select>
          </FormField>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
          <FormField id={id('juzgado')} label="Juzgado o autoridad" error={errors.juzgado?.message}>
            <Input id={id('juzgado')} placeholder="Ej: Juzgado Tercero de lo Civil de la Ciudad de México" autoComplete="off" {...form.register('juzgado')} />
          </FormField>
          <FormField id={id('secretaria')} label="Secretaría" error={errors.secretaria?.message}>
            <Input id={id('secretaria')} placeholder="Ej: B" autoComplete="off" {...form.register('secretaria')} />
          </FormField>
        </div>
      </fieldset>
    </div>
  );
}
