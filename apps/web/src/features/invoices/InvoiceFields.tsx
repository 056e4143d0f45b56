import { diaMx } from '@bufete/shared/dates';
import { centavosOf, formatMXN } from '@bufete/shared/dinero';
import { importeDeEntrada } from '@bufete/shared/values/tiempo';
import { type Entrada } from '@bufete/shared/tiempo';
import { FORMAS_PAGO } from '@bufete/shared/values/fiscal';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { DateInput } from '@/components/ui/date-input';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

/** A titled group of the invoice form's fields. */
export function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-3 rounded-xl border border-border p-4">
      <legend className="px-1 text-sm font-semibold text-slate-800">{title}</legend>
      {children}
    </fieldset>
  );
}

/** When and how the payment was made (its day defaults to today on the server): the create and status forms. */
export function PaymentFields<T extends FieldValues & { fecha_pago?: unknown; forma_pago?: unknown }>({
  idPrefix,
  form,
}: {
  idPrefix: string;
  form: UseFormReturn<T, unknown, T>;
}) {
  const errors = form.formState.errors as Partial<Record<'fecha_pago' | 'forma_pago', { message?: string }>>;
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <FormField id={`${idPrefix}-fecha-pago`} label="Fecha de pago" error={errors.fecha_pago?.message} hint="Vacía: hoy.">
        <Controller
          control={form.control}
          name={'fecha_pago' as Path<T>}
          render={({ field }) => <DateInput id={`${idPrefix}-fecha-pago`} value={String(field.value ?? '')} onChange={field.onChange} />}
        />
      </FormField>
      <FormField id={`${idPrefix}-forma-pago`} label="Forma de pago" error={errors.forma_pago?.message}>
        <Select id={`${idPrefix}-forma-pago`} {...form.register('forma_pago' as Path<T>)}>
          {FORMAS_PAGO.map((forma) => (
            <option key={forma.clave} value={forma.clave}>
              {forma.nombre}
            </option>
          ))}
        </Select>
      </FormField>
    </div>
  );
}

/** The entries a reviewed 'Facturar tiempo' bills, with their sum. */
export function EntriesSummary({ entries }: { entries: Entrada[] }) {
  const sum = entries.reduce((total, entry) => total + (centavosOf(entry.importe) ?? 0), 0);
  return (
    <Section title={`Tiempo a facturar (${entries.length})`}>
      <ul className="max-h-48 divide-y divide-border overflow-y-auto text-sm" data-testid="billed-entries">
        {entries.map((entry) => (
          <li key={entry.id} className="grid grid-cols-[1fr_auto_auto] gap-x-3 py-1.5 sm:grid-cols-[6rem_minmax(0,1fr)_auto_7rem]">
            <span className="text-slate-600">{diaMx(entry.fecha)}</span>
            <span className="col-span-3 row-start-2 break-words text-slate-900 sm:col-span-1 sm:col-start-2 sm:row-start-1">{entry.descripcion}</span>
            <span className="text-slate-700 tabular-nums">{entry.horas} h</span>
            <span className="text-right font-medium text-slate-900 tabular-nums">{importeDeEntrada(entry)}</span>
          </li>
        ))}
      </ul>
      <p className="text-right text-sm text-slate-700">
        Suma de las entradas: <strong className="tabular-nums">{formatMXN(sum)}</strong>
      </p>
    </Section>
  );
}
