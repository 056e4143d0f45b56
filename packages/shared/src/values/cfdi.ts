/** Plain values of the cfdi area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/**
 * Where an invoice's CFDI stands: sent to the PAC with no answer yet
 * (pendiente: trying again sends the same one), stamped and valid, asked to
 * be cancelled while the receptor may still answer, cancelled.
 */
export const CFDI_ESTADOS = ['pendiente', 'vigente', 'cancelacion_en_proceso', 'cancelado'] as const;
export type CfdiEstado = (typeof CFDI_ESTADOS)[number];
export const CFDI_ESTADO_LABEL: Record<CfdiEstado, string> = {
  pendiente: 'Timbrado sin confirmar',
  vigente: 'Vigente',
  cancelacion_en_proceso: 'Cancelación en proceso',
  cancelado: 'Cancelado',
};

/** c_TipoRelacion: how a CFDI relates the ones it names (the SAT's catalogue, shared/cfdi/sat-catalogos). */
export const TIPOS_RELACION_CFDI = [
  { clave: '01', nombre: 'Nota de crédito de los documentos relacionados' },
  { clave: '02', nombre: 'Nota de débito de los documentos relacionados' },
  { clave: '03', nombre: 'Devolución de mercancía sobre facturas o traslados previos' },
  { clave: '04', nombre: 'Sustitución de los CFDI previos' },
  { clave: '05', nombre: 'Traslados de mercancías facturados previamente' },
  { clave: '06', nombre: 'Factura generada por los traslados previos' },
  { clave: '07', nombre: 'CFDI por aplicación de anticipo' },
] as const;

/** c_Motivo: the SAT's reasons to cancel a CFDI (since 2022). */
export const MOTIVOS_CANCELACION_CFDI = [
  { clave: '01', nombre: 'Comprobante emitido con errores con relación' },
  { clave: '02', nombre: 'Comprobante emitido con errores sin relación' },
  { clave: '03', nombre: 'No se llevó a cabo la operación' },
  { clave: '04', nombre: 'Operación nominativa relacionada en una factura global' },
] as const;

/**
 * The motivos a factura global is cancelled with. '04' is the one the SAT's catalogue
 * names for it (a sale in the global whose client then asks for their own invoice: the
 * global is cancelled and issued again, and the client's invoice made); '02' and '03'
 * as for any CFDI. '01' is not offered: it names a substitute related 04, which a
 * global issued again for the period is not.
 */
export const MOTIVOS_CANCELACION_GLOBAL = ['04', '02', '03'] as const;

/**
 * The time zone of a código postal (the CFDI's LugarExpedicion): a CFDI's
 * Fecha is the local time of the place it is issued from, not the lawyer's
 * browser's or account's (the SAT's Anexo 20; a PAC refuses a Fecha later
 * than that place's clock). By the Ley del Sistema de Horario en los Estados
 * Unidos Mexicanos (2022) and the IANA zones that follow it, read off the
 * código postal's state (its first digits, SEPOMEX's ranges). Where a state
 * spans zones and the border between them is not known here by código
 * postal, the zone whose clock is never ahead of the other's is taken: a
 * Fecha an hour early is valid (the SAT allows 72 hours), one an hour late
 * is refused.
 * - Baja California (21–22): America/Tijuana (UTC−8, with the US summer time).
 * - Sonora (83–85): America/Hermosillo (UTC−7).
 * - Baja California Sur (23), Sinaloa (80–82), Nayarit (63): America/Mazatlan
 *   (UTC−7; Bahía de Banderas keeps UTC−6, so an hour early there).
 * - Chihuahua: Ciudad Juárez and its border valley (32): America/Ciudad_Juarez
 *   (UTC−7 with US summer time); the north-western border municipalities
 *   (318xx) likewise; the rest (31, 33): America/Chihuahua (UTC−6).
 * - Quintana Roo (77): America/Cancun (UTC−5).
 * - Coahuila (25–27), Nuevo León (64–67), Tamaulipas (87–89): America/Monterrey
 *   (UTC−6; their border municipalities follow US summer time, an hour ahead
 *   in summer, so an hour early there then).
 * - Everything else: America/Mexico_City (UTC−6, no summer time since 2022).
 */
export function zonaHorariaDeCodigoPostal(codigoPostal: string | null | undefined): string {
  const cp = Number((codigoPostal ?? '').trim());
  if (!Number.isInteger(cp) || cp <= 0) return 'America/Mexico_City';
  const state = Math.floor(cp / 1000);
  if (state === 21 || state === 22) return 'America/Tijuana';
  if (state >= 83 && state <= 85) return 'America/Hermosillo';
  if (state === 23 || (state >= 80 && state <= 82) || state === 63) return 'America/Mazatlan';
  if (state === 32 || (cp >= 31800 && cp <= 31899)) return 'America/Ciudad_Juarez';
  if (state === 31 || state === 33) return 'America/Chihuahua';
  if (state === 77) return 'America/Cancun';
  return 'America/Mexico_City';
}

/** The PACs a lawyer can stamp through with their own account (each one implemented behind the server's PAC interface). */
export const PAC_PROVEEDORES = [{ clave: 'sw', nombre: 'SW sapien' }] as const;
export type PacProveedor = (typeof PAC_PROVEEDORES)[number]['clave'];
/** A PAC's test environment (stamps nothing the SAT keeps) or its real one. */
export const PAC_AMBIENTES = [
  { clave: 'pruebas', nombre: 'Pruebas (no se envía nada al SAT)' },
  { clave: 'produccion', nombre: 'Producción' },
] as const;
export type PacAmbiente = (typeof PAC_AMBIENTES)[number]['clave'];

/** c_Periodicidad: the period a factura global covers (the SAT's catalogue, shared/cfdi/sat-catalogos). */
export const PERIODICIDADES_GLOBAL = [
  { clave: '01', nombre: 'Diario' },
  { clave: '02', nombre: 'Semanal' },
  { clave: '03', nombre: 'Quincenal' },
  { clave: '04', nombre: 'Mensual' },
  { clave: '05', nombre: 'Bimestral' },
] as const;
export type PeriodicidadGlobal = (typeof PERIODICIDADES_GLOBAL)[number]['clave'];

/** c_Meses: the month (01–12) or, for a bimestral global, the two months (13–18). */
export const MESES_GLOBAL = [
  ...['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'].map((nombre, index) => ({
    clave: String(index + 1).padStart(2, '0'),
    nombre,
  })),
  ...['Enero-Febrero', 'Marzo-Abril', 'Mayo-Junio', 'Julio-Agosto', 'Septiembre-Octubre', 'Noviembre-Diciembre'].map((nombre, index) => ({ clave: String(index + 13), nombre })),
];

const isoDay = (year: number, month: number, day: number) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The period of a factura global that holds the day `fecha` ('YYYY-MM-DD'):
 * the day, its week (Monday to Sunday), its half of the month (1–15, 16–end),
 * its month, or its pair of months (Enero-Febrero…), with InformacionGlobal's
 * Meses and Año. A week never crosses into another month (Meses names one): at
 * a month's edge it is cut there.
 */
export function periodoGlobal(periodicidad: PeriodicidadGlobal, fecha: string): { desde: string; hasta: string; meses: string; anio: number } {
  const [year, month, day] = fecha.split('-').map(Number) as [number, number, number];
  const mes = String(month).padStart(2, '0');
  const last = daysIn(year, month);
  if (periodicidad === '01') return { desde: fecha, hasta: fecha, meses: mes, anio: year };
  if (periodicidad === '02') {
    const weekday = (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7; // Monday 0
    return { desde: isoDay(year, month, Math.max(1, day - weekday)), hasta: isoDay(year, month, Math.min(last, day - weekday + 6)), meses: mes, anio: year };
  }
  if (periodicidad === '03')
    return day <= 15
      ? { desde: isoDay(year, month, 1), hasta: isoDay(year, month, 15), meses: mes, anio: year }
      : { desde: isoDay(year, month, 16), hasta: isoDay(year, month, last), meses: mes, anio: year };
  if (periodicidad === '04') return { desde: isoDay(year, month, 1), hasta: isoDay(year, month, last), meses: mes, anio: year };
  const first = month % 2 === 1 ? month : month - 1;
  return { desde: isoDay(year, first, 1), hasta: isoDay(year, first + 1, daysIn(year, first + 1)), meses: String(12 + (first + 1) / 2), anio: year };
}
