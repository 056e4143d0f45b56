import { FormField } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';
import { useClientOptions } from '@/lib/options';

/** An optional link to one of the user's clients. */
export function ClientSelect({ id, value, onChange, label = 'Cliente (opcional)' }: { id: string; value: string; onChange: (value: string) => void; label?: string }) {
  const clients = useClientOptions();
  return (
    <FormField id={id} label={label}>
      <Select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Sin cliente</option>
        {clients.data?.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nombre}
          </option>
        ))}
      </Select>
    </FormField>
  );
}
