import { CASO_ESTADOS, CASO_ESTADOS_INICIALES, CASO_PRIORIDADES } from '@bufete/shared';
import type { UseFormReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useClientOptions } from '@/lib/practice';

export interface CaseFormValues {
  titulo: string;
  descripcion: string;
  estado: string;
  prioridad: string;
  cliente_id: string;
  fecha_vencimiento: string;
}

/** The fields shared by the new-case form and the edit dialog. Creation offers three states, editing all four. */
export function CaseFormFields({ form, mode, idPrefix = 'caso' }: { form: UseFormReturn<CaseFormValues>; mode: 'create' | 'edit'; idPrefix?: string }) {
  const clients = useClientOptions();
  const errors = form.formState.errors;
  const id = (name: string) => `${idPrefix}-${name}`;
  const estados = mode === 'create' ? CASO_ESTADOS_INICIALES : CASO_ESTADOS;
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
          <Select id={id('cliente')} {...form.register('cliente_id')} disabled={clients.isPending}>
            <option value="">Sin cliente</option>
            {clients.data?.map((cliente) => (
              <option key={cliente.id} value={cliente.id}>
                {cliente.nombre}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id={id('vencimiento')} label="Fecha de vencimiento" error={errors.fecha_vencimiento?.message}>
          <Input id={id('vencimiento')} type="date" {...form.register('fecha_vencimiento')} />
        </FormField>
      </div>
    </div>
  );
}
