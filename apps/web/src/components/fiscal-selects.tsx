import { isRfc, receptorFiscalError, REGIMENES_FISCALES, USOS_CFDI } from '@bufete/shared/values/fiscal';
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

/**
 * The SAT's c_UsoCFDI as a select (what a client uses the invoices for),
 * 'Sin especificar' first. Given the receptor's RFC and régimen, it offers
 * only the uses the SAT accepts for them (and the one chosen, whatever it is).
 */
export function UsoCfdiSelect({ receptor, ...props }: SelectProps & { receptor?: { rfc?: string | null; regimen_fiscal?: string | null; uso_cfdi?: string | null } }) {
  // An RFC still being typed says nothing yet of the kind of person.
  const rfc = receptor?.rfc?.trim().toUpperCase();
  const known = { ...receptor, rfc: rfc && isRfc(rfc) ? rfc : null };
  const usos = receptor ? USOS_CFDI.filter((uso) => uso.clave === receptor.uso_cfdi || !receptorFiscalError({ ...known, uso_cfdi: uso.clave })) : USOS_CFDI;
  return (
    <Select {...props}>
      <option value="">Sin especificar</option>
      {usos.map((uso) => (
        <option key={uso.clave} value={uso.clave}>
          {uso.clave} · {uso.nombre}
        </option>
      ))}
    </Select>
  );
}
