import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/select';

/** One of the despacho's people, or nobody in particular ('Sin asignar'): a case's responsible, a task's assignee. */
export function PersonSelect({ people, ...props }: ComponentProps<typeof Select> & { people: { id: string; nombre: string }[] }) {
  return (
    <Select {...props}>
      <option value="">Sin asignar</option>
      {people.map((person) => (
        <option key={person.id} value={person.id}>
          {person.nombre}
        </option>
      ))}
    </Select>
  );
}
