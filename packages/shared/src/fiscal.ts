import { MSG } from './messages';
import { z } from './zod';

/** SAT tax regimes a lawyer or a client commonly has (c_RegimenFiscal). */
export const REGIMENES_FISCALES = [
  { clave: '601', nombre: 'General de Ley Personas Morales' },
  { clave: '603', nombre: 'Personas Morales con Fines no Lucrativos' },
  { clave: '605', nombre: 'Sueldos y Salarios e Ingresos Asimilados a Salarios' },
  { clave: '606', nombre: 'Arrendamiento' },
  { clave: '612', nombre: 'Personas Físicas con Actividades Empresariales y Profesionales' },
  { clave: '616', nombre: 'Sin obligaciones fiscales' },
  { clave: '621', nombre: 'Incorporación Fiscal' },
  { clave: '625', nombre: 'Actividades Empresariales con ingresos a través de Plataformas Tecnológicas' },
  { clave: '626', nombre: 'Régimen Simplificado de Confianza (RESICO)' },
] as const;

/** The uses of a CFDI a client may ask for (c_UsoCFDI), the usual ones. */
export const USOS_CFDI = [
  { clave: 'G03', nombre: 'Gastos en general' },
  { clave: 'D04', nombre: 'Donativos' },
  { clave: 'I08', nombre: 'Otra maquinaria y equipo' },
  { clave: 'S01', nombre: 'Sin efectos fiscales' },
  { clave: 'CP01', nombre: 'Pagos' },
] as const;

/**
 * An RFC as the SAT writes it: 3 letters (company) or 4 (person), the date
 * of birth or incorporation (YYMMDD, a real date), and a 3-character
 * homoclave. Upper case; 'Ñ' and '&' allowed.
 */
export function isRfc(value: string): boolean {
  const match = /^([A-ZÑ&]{3,4})(\d{2})(\d{2})(\d{2})([A-Z0-9]{2}[0-9A])$/.exec(value);
  if (!match) return false;
  const [month, day] = [Number(match[3]), Number(match[4])];
  if (month < 1 || month > 12 || day < 1) return false;
  const year = 2000 + Number(match[2]);
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A company's RFC has 12 characters; a person's 13. */
export const isPersonaMoral = (rfc: string | null | undefined) => !!rfc && rfc.length === 12;

/** Regimes only a company (persona moral) can have (c_RegimenFiscal). RESICO (626) exists for both. */
const REGIMENES_SOLO_MORALES = ['601', '603', '620', '622', '623', '624'];

/** Whether a client is a company: by its RFC (12 characters) or, without one, by a regime only companies have. */
export const isClientePersonaMoral = (cliente: { rfc?: string | null; regimen_fiscal?: string | null } | null | undefined) =>
  !!cliente && (cliente.rfc ? isPersonaMoral(cliente.rfc) : REGIMENES_SOLO_MORALES.includes(cliente.regimen_fiscal ?? ''));

/**
 * The taxes a new invoice starts with, from the lawyer's and the client's
 * regimes: professional fees carry IVA 16 %; a company withholds ISR (10 %
 * under 612, 1.25 % under RESICO 626) and two thirds of the IVA. Null (no
 * taxes, the spec's plain invoice) when neither side has fiscal data.
 */
export function proposedTaxes(
  lawyer: { regimen_fiscal?: string | null; rfc?: string | null } | null | undefined,
  cliente: { rfc?: string | null; regimen_fiscal?: string | null } | null | undefined,
): { iva: boolean; retencion: 'ninguna' | '612' | '626' } | null {
  const moral = isClientePersonaMoral(cliente);
  const lawyerFiscal = !!(lawyer?.regimen_fiscal || lawyer?.rfc);
  if (!moral && !lawyerFiscal && !cliente?.rfc) return null;
  return { iva: true, retencion: moral ? (lawyer?.regimen_fiscal === '626' ? '626' : '612') : 'ninguna' };
}

/** How an invoice was paid (c_FormaPago, the usual ones; 99 'Por definir' is never a recorded payment). */
export const FORMAS_PAGO = [
  { clave: '03', nombre: 'Transferencia electrónica de fondos' },
  { clave: '01', nombre: 'Efectivo' },
  { clave: '02', nombre: 'Cheque nominativo' },
  { clave: '04', nombre: 'Tarjeta de crédito' },
  { clave: '28', nombre: 'Tarjeta de débito' },
] as const;
export type FormaPago = (typeof FORMAS_PAGO)[number]['clave'];
export const FORMA_PAGO_CLAVES = FORMAS_PAGO.map((forma) => forma.clave) as [FormaPago, ...FormaPago[]];
/** The form's name; '99' marks payments recorded before Bufete asked how (migration 0022). */
export const formaPagoNombre = (clave: string) => FORMAS_PAGO.find((forma) => forma.clave === clave)?.nombre ?? (clave === '99' ? 'No registrada' : clave);

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
