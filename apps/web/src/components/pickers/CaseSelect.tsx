import type { CasoOption } from '@bufete/shared/casos';
import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useCaseOptions } from '@/lib/options';

/** An optional link to one of the user's cases; the chosen case comes along (its client, for the form to propose). */
export function CaseSelect({
  id,
  value,
  onChange,
  label = 'Caso (opcional)',
}: {
  id: string;
  value: string;
  onChange: (value: string, caso: CasoOption | null) => void;
  label?: string;
}) {
  const cases = useCaseOptions();
  return (
    <FormField id={id} label={label}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value, cases.data?.find((caso) => caso.id === e.target.value) ?? null)}>
        <option value="">Sin caso</option>
        {cases.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.titulo}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
