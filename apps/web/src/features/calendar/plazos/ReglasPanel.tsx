import { MSG } from '@bufete/shared/messages';
import type { ReglaPropia, ReglaPropiaInput } from '@bufete/shared/plazos';
import { ACTUACION_TIPO_LABELS, ACTUACION_TIPOS } from '@bufete/shared/values/actuaciones';
import { MATERIA_LABEL, MATERIAS } from '@bufete/shared/values/casos';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useCrearRegla, useEliminarRegla } from './api';

const EMPTY = { nombre: '', fundamento: '', dias: '3', tipo: 'habiles' as const, materia: '', actuacion_tipo: '' };

/**
 * The lawyer's own rules for terms the catalogue does not have (a state's
 * code, a court's practice): what the term is for, its legal basis, its days,
 * and the materia and actuación it applies to (blank: any). 'Calcular
 * término' offers them beside the catalogue's.
 */
export function ReglasPanel({ reglas, onCreated }: { reglas: ReglaPropia[]; onCreated: (regla: ReglaPropia) => void }) {
  const crear = useCrearRegla();
  const eliminar = useEliminarRegla();
  const [values, setValues] = useState<{ nombre: string; fundamento: string; dias: string; tipo: 'habiles' | 'naturales'; materia: string; actuacion_tipo: string }>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  const onCreate = () => {
    setError(null);
    const input: ReglaPropiaInput = {
      ...values,
      materia: values.materia as ReglaPropiaInput['materia'],
      actuacion_tipo: values.actuacion_tipo as ReglaPropiaInput['actuacion_tipo'],
    };
    crear.mutate(input, {
      onSuccess: ({ regla }) => {
        setValues(EMPTY);
        toast.success(MSG.plazos.reglaCreada);
        onCreated(regla);
      },
      onError: (caught) => setError(serverMessage(caught, MSG.plazos.errorRegla)),
    });
  };

  return (
    <section aria-label="Mis reglas de plazo" className="space-y-3 rounded-lg border border-border p-3">
      {reglas.length ? (
        <ul className="divide-y divide-border text-sm">
          {reglas.map((regla) => (
            <li key={regla.id} className="flex items-start justify-between gap-2 py-1.5">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{regla.nombre}</span>: {regla.dias} días {regla.tipo === 'habiles' ? 'hábiles' : 'naturales'}
                {regla.fundamento ? <span className="block text-xs text-slate-500">{regla.fundamento}</span> : null}
              </span>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Eliminar la regla ${regla.nombre}`}
                onClick={() =>
                  eliminar.mutate(regla.id, {
                    onSuccess: () => toast.success(MSG.plazos.reglaEliminada),
                    onError: (caught) => toast.error(serverMessage(caught, MSG.plazos.errorRegla)),
                  })
                }
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">Aún no tienes reglas propias.</p>
      )}
      {error ? <Alert variant="error">{error}</Alert> : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="regla-nombre" label="Para qué es el término">
          <Input id="regla-nombre" value={values.nombre} onChange={set('nombre')} placeholder="Ej: Desahogo de vista" maxLength={200} />
        </FormField>
        <FormField id="regla-fundamento" label="Fundamento (opcional)">
          <Input
            id="regla-fundamento"
            value={values.fundamento}
            onChange={set('fundamento')}
            placeholder="Ej: Código de Procedimientos Civiles de Jalisco, art. 283"
            maxLength={300}
          />
        </FormField>
        <FormField id="regla-dias" label="Días">
          <Input id="regla-dias" type="number" inputMode="numeric" min="1" max="365" value={values.dias} onChange={set('dias')} />
        </FormField>
        <FormField id="regla-tipo" label="Tipo de días">
          <Select id="regla-tipo" value={values.tipo} onChange={set('tipo')}>
            <option value="habiles">Hábiles</option>
            <option value="naturales">Naturales</option>
          </Select>
        </FormField>
        <FormField id="regla-materia" label="Materia (opcional)">
          <Select id="regla-materia" value={values.materia} onChange={set('materia')}>
            <option value="">Cualquiera</option>
            {MATERIAS.map((materia) => (
              <option key={materia} value={materia}>
                {MATERIA_LABEL[materia]}
              </option>
            ))}
          </Select>
        </FormField>
        <FormField id="regla-actuacion" label="Tipo de actuación (opcional)">
          <Select id="regla-actuacion" value={values.actuacion_tipo} onChange={set('actuacion_tipo')}>
            <option value="">Cualquiera</option>
            {ACTUACION_TIPOS.map((tipo) => (
              <option key={tipo} value={tipo}>
                {ACTUACION_TIPO_LABELS[tipo]}
              </option>
            ))}
          </Select>
        </FormField>
      </div>
      <Button type="button" variant="outline" size="sm" onClick={onCreate} disabled={crear.isPending}>
        Agregar regla
      </Button>
    </section>
  );
}
