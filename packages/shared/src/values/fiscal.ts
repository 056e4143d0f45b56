import { MSG } from '../messages';

/** Plain values of the fiscal area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/**
 * The SAT's c_RegimenFiscal (CFDI 4.0 catalogue, from shared/cfdi/catalogos-cfdi40.json):
 * each régimen and whether a persona física, a moral or both can have it.
 */
export const REGIMENES_FISCALES = [
  { clave: '601', nombre: 'General de Ley Personas Morales', fisica: false, moral: true },
  { clave: '603', nombre: 'Personas Morales con Fines no Lucrativos', fisica: false, moral: true },
  { clave: '605', nombre: 'Sueldos y Salarios e Ingresos Asimilados a Salarios', fisica: true, moral: false },
  { clave: '606', nombre: 'Arrendamiento', fisica: true, moral: false },
  { clave: '607', nombre: 'Régimen de Enajenación o Adquisición de Bienes', fisica: true, moral: false },
  { clave: '608', nombre: 'Demás ingresos', fisica: true, moral: false },
  { clave: '610', nombre: 'Residentes en el Extranjero sin Establecimiento Permanente en México', fisica: true, moral: true },
  { clave: '611', nombre: 'Ingresos por Dividendos (socios y accionistas)', fisica: true, moral: false },
  { clave: '612', nombre: 'Personas Físicas con Actividades Empresariales y Profesionales', fisica: true, moral: false },
  { clave: '614', nombre: 'Ingresos por intereses', fisica: true, moral: false },
  { clave: '615', nombre: 'Régimen de los ingresos por obtención de premios', fisica: true, moral: false },
  { clave: '616', nombre: 'Sin obligaciones fiscales', fisica: true, moral: false },
  { clave: '620', nombre: 'Sociedades Cooperativas de Producción que optan por diferir sus ingresos', fisica: false, moral: true },
  { clave: '621', nombre: 'Incorporación Fiscal', fisica: true, moral: false },
  { clave: '622', nombre: 'Actividades Agrícolas, Ganaderas, Silvícolas y Pesqueras', fisica: false, moral: true },
  { clave: '623', nombre: 'Opcional para Grupos de Sociedades', fisica: false, moral: true },
  { clave: '624', nombre: 'Coordinados', fisica: false, moral: true },
  { clave: '625', nombre: 'Actividades Empresariales con ingresos a través de Plataformas Tecnológicas', fisica: true, moral: false },
  { clave: '626', nombre: 'Régimen Simplificado de Confianza (RESICO)', fisica: true, moral: true },
] as const;

/**
 * The SAT's c_UsoCFDI for an invoice of fees (Pagos and Nómina are for other
 * kinds of CFDI), with the regimes of the receptor each use fits (the
 * catalogue's RegimenFiscalReceptor) and for whom (física, moral).
 */
export const USOS_CFDI = [
  { clave: 'G01', nombre: 'Adquisición de mercancías', fisica: true, moral: true, regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] },
  {
    clave: 'G02',
    nombre: 'Devoluciones, descuentos o bonificaciones',
    fisica: true,
    moral: true,
    regimenes: ['601', '603', '606', '612', '616', '620', '621', '622', '623', '624', '625', '626'],
  },
  { clave: 'G03', nombre: 'Gastos en general', fisica: true, moral: true, regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] },
  { clave: 'I01', nombre: 'Construcciones', fisica: true, moral: true, regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] },
  {
    clave: 'I02',
    nombre: 'Mobiliario y equipo de oficina por inversiones',
    fisica: true,
    moral: true,
    regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'],
  },
  { clave: 'I03', nombre: 'Equipo de transporte', fisica: true, moral: true, regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] },
  { clave: 'I04', nombre: 'Equipo de computo y accesorios', fisica: true, moral: true, regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] },
  {
    clave: 'I05',
    nombre: 'Dados, troqueles, moldes, matrices y herramental',
    fisica: true,
    moral: true,
    regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'],
  },
  { clave: 'I06', nombre: 'Comunicaciones telefónicas', fisica: true, moral: true, regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] },
  { clave: 'I07', nombre: 'Comunicaciones satelitales', fisica: true, moral: true, regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] },
  { clave: 'I08', nombre: 'Otra maquinaria y equipo', fisica: true, moral: true, regimenes: ['601', '603', '606', '612', '620', '621', '622', '623', '624', '625', '626'] },
  {
    clave: 'D01',
    nombre: 'Honorarios médicos, dentales y gastos hospitalarios',
    fisica: true,
    moral: false,
    regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'],
  },
  { clave: 'D02', nombre: 'Gastos médicos por incapacidad o discapacidad', fisica: true, moral: false, regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'] },
  { clave: 'D03', nombre: 'Gastos funerales', fisica: true, moral: false, regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'] },
  { clave: 'D04', nombre: 'Donativos', fisica: true, moral: false, regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'] },
  {
    clave: 'D05',
    nombre: 'Intereses reales efectivamente pagados por créditos hipotecarios (casa habitación)',
    fisica: true,
    moral: false,
    regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'],
  },
  { clave: 'D06', nombre: 'Aportaciones voluntarias al SAR', fisica: true, moral: false, regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'] },
  { clave: 'D07', nombre: 'Primas por seguros de gastos médicos', fisica: true, moral: false, regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'] },
  { clave: 'D08', nombre: 'Gastos de transportación escolar obligatoria', fisica: true, moral: false, regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'] },
  {
    clave: 'D09',
    nombre: 'Depósitos en cuentas para el ahorro, primas que tengan como base planes de pensiones',
    fisica: true,
    moral: false,
    regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'],
  },
  { clave: 'D10', nombre: 'Pagos por servicios educativos (colegiaturas)', fisica: true, moral: false, regimenes: ['605', '606', '607', '608', '611', '612', '614', '615', '625'] },
  {
    clave: 'S01',
    nombre: 'Sin efectos fiscales',
    fisica: true,
    moral: true,
    regimenes: ['601', '603', '605', '606', '607', '608', '610', '611', '612', '614', '615', '616', '620', '621', '622', '623', '624', '625', '626'],
  },
] as const;

/**
 * What the SAT refuses of a receptor's data (CFDI 4.0, Anexo 20): a régimen a
 * persona física (13-character RFC) or moral (12) cannot have, and a uso that
 * does not fit the régimen or the kind of person. Null when it fits (or when
 * there is not enough to tell).
 */
export function receptorFiscalError(receptor: {
  rfc?: string | null;
  regimen_fiscal?: string | null;
  uso_cfdi?: string | null;
}): { field: 'regimen_fiscal' | 'uso_cfdi'; message: string } | null {
  const moral = receptor.rfc ? isPersonaMoral(receptor.rfc) : null;
  const regimen = REGIMENES_FISCALES.find((item) => item.clave === receptor.regimen_fiscal);
  const uso = USOS_CFDI.find((item) => item.clave === receptor.uso_cfdi);
  if (regimen && moral !== null && !(moral ? regimen.moral : regimen.fisica)) {
    return { field: 'regimen_fiscal', message: MSG.fiscal.regimenNoEsDe(moral ? 'moral' : 'fisica') };
  }
  if (uso && moral !== null && !(moral ? uso.moral : uso.fisica)) return { field: 'uso_cfdi', message: MSG.fiscal.usoNoEsDe(moral ? 'moral' : 'fisica') };
  if (uso && regimen && !(uso.regimenes as readonly string[]).includes(regimen.clave)) return { field: 'uso_cfdi', message: MSG.fiscal.usoNoCorresponde(uso.clave, regimen.clave) };
  return null;
}

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
const REGIMENES_SOLO_MORALES: string[] = REGIMENES_FISCALES.filter((regimen) => regimen.moral && !regimen.fisica).map((regimen) => regimen.clave);

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
