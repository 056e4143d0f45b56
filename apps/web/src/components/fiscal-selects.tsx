import { REGIMENES_FISCALES, USOS_CFDI } from '@bufete/shared';
import type { ComponentProps } from 'react';
import { Select } from '@/components/ui/select';

type SelectProps = Omit<ComponentProps<'select'>, 'children'>;

/** The SAT's c_RegimenFiscal as a select (the lawyer's and each client's régimen), 'Sin especificar' first. */
export function RegimenFiscalSelect(props: SelectProps) {
  return (
    <Select {...props}>
      <option value="">Sin especificar</option>
      {REGIMENES_FISCALES.map((regimen) => (
        <option key={regimen.clave} value={regimen.clave}>
          {regimen.clave} · {regimen.nombre}
        </option>
      ))}
    </Select>
  );
}

/** The SAT's c_UsoCFDI as a select (what a client uses the invoices for), 'Sin especificar' first. */
export function UsoCfdiSelect(props: SelectProps) {
  return (
    <Select {...props}>
      <option value="">Sin especificar</option>
      {USOS_CFDI.map((uso) => (
        <option key={uso.clave} value={uso.clave}>
          {uso.clave} · {uso.nombre}
        </option>
      ))}
    </Select>
  );
}
