/*
 * Money and hours as integers: centavos and hundredths of an hour. Amounts
 * travel as decimal strings ('1234.50') and are stored as PostgreSQL numeric,
 * so no amount is ever a binary float.
 */

/**
 * The largest amount one invoice (or rate) takes: 999,999,999.99. Its columns
 * are numeric(14,2), so every figure below this fits them with room for sums;
 * every computed figure is checked against it before it reaches the database.
 */
export const MONEY_MAX_CENTAVOS = 999_999_999_99;
export const HOURS_MAX_HUNDREDTHS = 9_999_99;

/** '1234.5', '1234.50', '1,234.50' (thousands commas) → 123450; null for anything else. */
export function centavosOf(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const value = String(text)
    .trim()
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(value);
  if (!match) return null;
  const centavos = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return centavos <= MONEY_MAX_CENTAVOS ? centavos : null;
}

/** 123450 → '1234.50'. */
export function moneyString(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Hours with up to two decimals ('1.25') → 125 hundredths; null otherwise. */
export function hundredthsOf(text: string | number | null | undefined): number | null {
  if (text === null || text === undefined) return null;
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(String(text).trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export const hoursString = (hundredths: number) => moneyString(hundredths);

/** a / b rounded half up, for non-negative integers (exact: no float division). */
export function roundDiv(a: number, b: number): number {
  return Math.floor((2 * a + b) / (2 * b));
}

/**
 * Rate (centavos per hour) × hours (hundredths) → centavos, rounded half up.
 * The product of the largest rate and hours (~10^17) is past what a float
 * holds exactly, so it is taken in BigInt; the result may exceed
 * MONEY_MAX_CENTAVOS, which callers check (`withinMoneyRange`).
 */
export function rateTimesHours(rateCentavos: number, hoursHundredths: number): number {
  return Number((BigInt(rateCentavos) * BigInt(hoursHundredths) * 2n + 100n) / 200n);
}

/** Whether an amount in centavos fits an invoice (0 to 999,999,999.99). */
export const withinMoneyRange = (centavos: number) => Number.isSafeInteger(centavos) && centavos >= 0 && centavos <= MONEY_MAX_CENTAVOS;

/** Withholdings when billing a company (persona moral): none, fees under régimen 612 (ISR 10 %) or RESICO 626 (ISR 1.25 %). */
export const RETENCIONES = ['ninguna', '612', '626'] as const;
export type Retencion = (typeof RETENCIONES)[number];
export const RETENCION_LABEL: Record<Retencion, string> = {
  ninguna: 'Sin retenciones (persona física)',
  '612': 'Persona moral: ISR 10 % e IVA retenido (régimen 612)',
  '626': 'Persona moral: ISR 1.25 % e IVA retenido (RESICO, régimen 626)',
};

export interface TaxBreakdown {
  subtotal: number;
  iva: number;
  isrRetenido: number;
  ivaRetenido: number;
  /** What the client pays: subtotal + IVA − withholdings. */
  total: number;
}

/**
 * Mexican taxes on professional fees, in centavos: IVA 16 %; a company
 * withholds ISR (10 %, or 1.25 % under RESICO) and two thirds of the IVA.
 * 10,000.00 → 9,533.33 under 612; 10,408.33 under RESICO.
 */
export function taxesOf(subtotal: number, options: { iva: boolean; retencion: Retencion }): TaxBreakdown {
  const iva = options.iva ? roundDiv(subtotal * 16, 100) : 0;
  const isrRetenido = options.retencion === '612' ? roundDiv(subtotal * 10, 100) : options.retencion === '626' ? roundDiv(subtotal * 125, 10_000) : 0;
  const ivaRetenido = options.retencion !== 'ninguna' && options.iva ? ivaRetenidoDe(subtotal, iva) : 0;
  return { subtotal, iva, isrRetenido, ivaRetenido, total: subtotal + iva - isrRetenido - ivaRetenido };
}

/** The IVA retention's TasaOCuota as the CFDI states it (six decimals), in millionths. */
export const IVA_RETENIDO_MILLONESIMAS = 106_667;

/**
 * IVA a company withholds, in centavos: two thirds of the IVA, as clients and
 * accountants compute it (IVA 2,400.00 → 1,600.00, not the 1,600.01 of the
 * base × 0.106667), whenever the CFDI can state it. Anexo 20 accepts a
 * retention's Importe, at TasaOCuota 0.106667, from (base − ½ centavo) × tasa
 * truncated to (base + ½ centavo) × tasa rounded up; on large bases two
 * thirds falls outside (0.1066… and 0.106667 part by a centavo every ~30,000
 * pesos), and the nearest amount inside is taken. In BigInt: base × tasa
 * passes what a float holds exactly.
 */
export function ivaRetenidoDe(base: number, iva: number): number {
  const dosTercios = roundDiv(iva * 2, 3);
  const tasa = BigInt(IVA_RETENIDO_MILLONESIMAS);
  const doubled = 2n * BigInt(base);
  const lower = Number(((doubled - 1n) * tasa) / 2_000_000n);
  const upper = Number(((doubled + 1n) * tasa + 1_999_999n) / 2_000_000n);
  return Math.min(upper, Math.max(lower, dosTercios));
}

/** Pesos in es-MX, from a decimal string or centavos, without going through a float: '$1,234.50'. */
export function formatMXN(amount: string | number): string {
  const centavos = typeof amount === 'number' ? amount : (centavosOf(amount.replace(/^-/, '')) ?? 0) * (amount.startsWith('-') ? -1 : 1);
  const sign = centavos < 0 ? '-' : '';
  const abs = Math.abs(centavos);
  const pesos = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}$${pesos}.${String(abs % 100).padStart(2, '0')}`;
}
