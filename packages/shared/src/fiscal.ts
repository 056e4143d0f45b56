import { REGIMENES_FISCALES, USOS_CFDI, isRfc } from './values/fiscal';
import { MSG } from './messages';
import { z } from './zod';

/** An optional text field that, when filled, must pass `valid` (its message otherwise); '' and null mean none. */
const optionalChecked = (valid: (value: string) => boolean, message: string, normalize: (value: string) => string = (value) => value) =>
  z
    .string({ error: message })
    .trim()
    .transform(normalize)
    .refine((value) => !value || valid(value), { error: message })
    .nullish()
    .transform((value) => value || null);

const inList = (list: readonly { clave: string }[]) => (value: string) => list.some((item) => item.clave === value);

export const optionalRfc = optionalChecked(isRfc, MSG.fiscal.rfcInvalido, (value) => value.toUpperCase().replace(/[\s-]/g, ''));
export const optionalRegimen = optionalChecked(inList(REGIMENES_FISCALES), MSG.fiscal.regimenInvalido);
export const optionalUsoCfdi = optionalChecked(inList(USOS_CFDI), MSG.fiscal.usoCfdiInvalido);
export const optionalCodigoPostal = optionalChecked((value) => /^\d{5}$/.test(value), MSG.fiscal.codigoPostalInvalido);
/** A CFDI's Serie (Anexo 20: 1 to 25 characters, no '|'): letters and digits here, as PACs and accountants expect. */
export const optionalSerie = optionalChecked(
  (value) => /^[A-Z0-9]{1,25}$/.test(value),
  MSG.fiscal.serieInvalida,
  (value) => value.toUpperCase(),
);
