import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useCaseOptions } from '@/lib/options';

/** An optional link to one of the user's cases. */
export function CaseSelect({ id, value, onChange, label = 'Caso (opcional)' }: { id: string; value: string; onChange: (value: string) => void; label?: string }) {
  const cases = useCaseOptions();
  return (
    <FormField id={id} label={label}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
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
