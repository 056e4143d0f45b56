import { describe, expect, it } from 'vitest';
import {
  centavosOf,
  diaLargo,
  diaMx,
  facturaCreateSchema,
  facturaDraftFromTime,
  facturaUpdateSchema,
  formatMXN,
  hundredthsOf,
  isRfc,
  MONEY_MAX_CENTAVOS,
  MSG,
  moneyString,
  periodoMx,
  proposedTaxes,
  rateTimesHours,
  roundDiv,
  taxesOf,
  withinMoneyRange,
} from '../src';

const issues = (input: Record<string, unknown>) => {
  const result = facturaCreateSchema.safeParse({ concepto: 'Honorarios', fecha_emision: '2026-11-22', ...input });
  return result.success ? null : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('dinero: amounts in centavos, never floats', () => {
  it('reads and writes pesos exactly', () => {
    expect(centavosOf('1234.5')).toBe(123450);
    expect(centavosOf('1,234.56')).toBe(123456);
    expect(centavosOf(0.1)).toBe(10);
    expect(centavosOf('0.07')).toBe(7);
    expect(centavosOf('12.345')).toBeNull();
    expect(centavosOf('-5')).toBeNull();
    expect(centavosOf('abc')).toBeNull();
    expect(moneyString(123450)).toBe('1234.50');
    expect(moneyString(7)).toBe('0.07');
    expect(formatMXN('1234567.8')).toBe('$1,234,567.80');
    expect(formatMXN(5)).toBe('$0.05');
    expect(hundredthsOf('2.25')).toBe(225);
  });
  it('rounds half up, exactly', () => {
    expect(roundDiv(5, 10)).toBe(1);
    expect(roundDiv(4, 10)).toBe(0);
    expect(roundDiv(15, 10)).toBe(2);
    // 0.1 + 0.2 problems cannot happen: 333.33 × 3 hours.
    expect(rateTimesHours(33333, 300)).toBe(99999);
    // 1,499.99 × 1.25 h = 1,874.9875 → 1,874.99.
    expect(rateTimesHours(149999, 125)).toBe(187499);
  });
});

describe('impuestos mexicanos', () => {
  it('persona física: IVA 16 % and nothing withheld', () => {
    expect(taxesOf(1_000_000, { iva: true, retencion: 'ninguna' })).toEqual({ subtotal: 1_000_000, iva: 160_000, isrRetenido: 0, ivaRetenido: 0, total: 1_160_000 });
  });
  it('persona moral under 612: 10,000 → 9,533.33', () => {
    expect(taxesOf(1_000_000, { iva: true, retencion: '612' })).toEqual({ subtotal: 1_000_000, iva: 160_000, isrRetenido: 100_000, ivaRetenido: 106_667, total: 953_333 });
  });
  it('persona moral under RESICO (626): 10,000 → 10,408.33', () => {
    expect(taxesOf(1_000_000, { iva: true, retencion: '626' })).toEqual({ subtotal: 1_000_000, iva: 160_000, isrRetenido: 12_500, ivaRetenido: 106_667, total: 1_040_833 });
  });
  it('rounds each tax to the centavo: 1,234.57', () => {
    // IVA 197.5312 → 197.53; ISR 123.457 → 123.46; IVA retenido 131.6867 → 131.69.
    expect(taxesOf(123_457, { iva: true, retencion: '612' })).toEqual({ subtotal: 123_457, iva: 19_753, isrRetenido: 12_346, ivaRetenido: 13_169, total: 117_695 });
    // RESICO 1.25 % of 0.04 is half a centavo: rounds up.
    expect(taxesOf(40, { iva: false, retencion: '626' }).isrRetenido).toBe(1);
  });
  it('without IVA, nothing of it is withheld', () => {
    expect(taxesOf(1_000_000, { iva: false, retencion: '612' })).toEqual({ subtotal: 1_000_000, iva: 0, isrRetenido: 100_000, ivaRetenido: 0, total: 900_000 });
  });
});

describe('RFC', () => {
  it('takes a person’s (13) and a company’s (12) with a real date', () => {
    expect(isRfc('GODE561231GR8')).toBe(true);
    expect(isRfc('ABC680524P76')).toBe(true);
    expect(isRfc('GODE561331GR8')).toBe(false);
    expect(isRfc('GODE560230GR8')).toBe(false);
    expect(isRfc('GO561231GR8')).toBe(false);
    expect(isRfc('gode561231gr8')).toBe(false);
  });
});

describe('reglas de creación de una factura', () => {
  it('automatic: total = rate × hours; rate and hours stored', () => {
    const output = facturaCreateSchema.parse({ concepto: ' Asesoría ', fecha_emision: '2026-11-22', tarifa_por_hora: '1500', horas_trabajadas: '2.25' });
    expect(output).toMatchObject({
      concepto: 'Asesoría',
      estado: 'pendiente',
      total: 337_500,
      pagado: 0,
      tarifa_por_hora: 150_000,
      horas_trabajadas: 225,
      impuestos: null,
      notas: null,
      cliente_id: null,
    });
  });
  it('manual: the typed amount; rate and hours stored as null', () => {
    const output = facturaCreateSchema.parse({
      concepto: 'Juicio',
      fecha_emision: '2026-11-22',
      calculo_automatico: false,
      monto: '8000',
      tarifa_por_hora: '900',
      horas_trabajadas: '3',
    });
    expect(output).toMatchObject({ total: 800_000, tarifa_por_hora: null, horas_trabajadas: null });
  });
  it('pagada pays the total; pagada parcialmente needs 0 < paid < total', () => {
    expect(facturaCreateSchema.parse({ concepto: 'x', fecha_emision: '2026-11-22', calculo_automatico: false, monto: '100', estado: 'pagada' }).pagado).toBe(10_000);
    expect(
      facturaCreateSchema.parse({ concepto: 'x', fecha_emision: '2026-11-22', calculo_automatico: false, monto: '100', estado: 'pagada_parcialmente', monto_pagado: '40' }).pagado,
    ).toBe(4_000);
    for (const paid of ['', '0', '100', '150']) {
      expect(issues({ calculo_automatico: false, monto: '100', estado: 'pagada_parcialmente', monto_pagado: paid })).toEqual([`monto_pagado: ${MSG.invoices.pagadoObligatorio}`]);
    }
  });
  it('refuses a blank concept, no amount, a zero amount and automatic without rate or hours', () => {
    expect(issues({ concepto: '   ', calculo_automatico: false, monto: '10' })).toEqual([`concepto: ${MSG.invoices.conceptoObligatorio}`]);
    expect(issues({ calculo_automatico: false })).toEqual([`monto: ${MSG.invoices.montoMayorQueCero}`]);
    expect(issues({ calculo_automatico: false, monto: '0' })).toEqual([`monto: ${MSG.invoices.montoMayorQueCero}`]);
    expect(issues({ tarifa_por_hora: '1500' })).toEqual([`tarifa_por_hora: ${MSG.invoices.tarifaObligatoria}`]);
    expect(issues({ calculo_automatico: false, monto: '12.345' })).toEqual([`monto: ${MSG.invoices.montoInvalido}`]);
  });
  it('with taxes, the total is what the client pays, and the breakdown comes with it', () => {
    const output = facturaCreateSchema.parse({ concepto: 'x', fecha_emision: '2026-11-22', calculo_automatico: false, monto: '10000', impuestos: { iva: true, retencion: '612' } });
    expect(output.total).toBe(953_333);
    expect(output.impuestos).toMatchObject({ subtotal: 1_000_000, iva: 160_000, isrRetenido: 100_000, ivaRetenido: 106_667, retencion: '612' });
  });
});

describe('límites de una factura', () => {
  it('rate × hours is exact past what a float holds, and a product past the column is refused in Spanish', () => {
    // 999,999,999.99 × 9,999.99 h: 9,999,989,999,900,000.01 centavos in floats rounds; BigInt does not.
    expect(rateTimesHours(99_999_999_999, 999_999)).toBe(Number((99_999_999_999n * 999_999n + 50n) / 100n));
    expect(withinMoneyRange(MONEY_MAX_CENTAVOS)).toBe(true);
    expect(withinMoneyRange(MONEY_MAX_CENTAVOS + 1)).toBe(false);
    expect(issues({ tarifa_por_hora: '999999999.99', horas_trabajadas: '9999.99' })).toEqual([`tarifa_por_hora: ${MSG.invoices.montoExcede}`]);
    // The largest subtotal plus its IVA would not fit either.
    expect(issues({ calculo_automatico: false, monto: '999999999.99', impuestos: { iva: true, retencion: 'ninguna' } })).toEqual([`monto: ${MSG.invoices.montoExcede}`]);
    expect(facturaUpdateSchema.safeParse({ concepto: 'x', fecha_emision: '2026-11-22', tarifa_por_hora: '999999999.99', horas_trabajadas: '2' }).success).toBe(false);
  });
});

describe('facturar tiempo: el borrador que el abogado revisa', () => {
  const entry = (id: string, fecha: string, horas: string, tarifa: string, importe: string) => ({
    id,
    fecha,
    horas,
    tarifa_por_hora: tarifa,
    importe,
    cliente: { id: 'c1', nombre: 'Constructora' },
  });
  it('names the hours and the days in Spanish, at the entries’ rate', () => {
    const [a, b] = ['6f1d2c1e-1a2b-4c3d-8e4f-000000000001', '6f1d2c1e-1a2b-4c3d-8e4f-000000000002'];
    const draft = facturaDraftFromTime([entry(a, '2026-11-24', '1.50', '1500.00', '2250.00'), entry(b, '2026-11-23', '0.25', '1500.00', '375.00')], {
      today: '2026-11-25',
      lawyer: null,
      cliente: null,
    });
    expect(draft).toMatchObject({
      cliente_id: 'c1',
      concepto: 'Honorarios profesionales: 1.75 horas (23/11/2026 a 24/11/2026)',
      calculo_automatico: true,
      tarifa_por_hora: '1500.00',
      horas_trabajadas: '1.75',
      impuestos: null,
      entrada_ids: [a, b],
    });
    expect(facturaCreateSchema.parse({ ...draft, cliente_id: '' }).total).toBe(262_500);
  });
  it('sums the amounts when the rates differ, and one day is one date', () => {
    const draft = facturaDraftFromTime([entry('a', '2026-11-23', '1.00', '1500.00', '1500.00'), entry('b', '2026-11-23', '1.00', '1200.00', '1200.00')], {
      today: '2026-11-25',
      lawyer: null,
      cliente: null,
    });
    expect(draft).toMatchObject({ concepto: 'Honorarios profesionales: 2.00 horas (23/11/2026)', calculo_automatico: false, monto: '2700.00' });
  });
  it('taxes follow the regimes: a company withholds (612 or RESICO), a person pays IVA only, no fiscal data means none', () => {
    expect(proposedTaxes({ regimen_fiscal: '612' }, { rfc: 'CBA980101AB2' })).toEqual({ iva: true, retencion: '612' });
    expect(proposedTaxes({ regimen_fiscal: '626' }, { regimen_fiscal: '601' })).toEqual({ iva: true, retencion: '626' });
    expect(proposedTaxes({ regimen_fiscal: '612' }, { rfc: 'GODE561231GR8' })).toEqual({ iva: true, retencion: 'ninguna' });
    expect(proposedTaxes({ regimen_fiscal: null }, null)).toBeNull();
    expect(proposedTaxes(null, { rfc: 'CBA980101AB2' })).toEqual({ iva: true, retencion: '612' });
  });
  it('days print as people in Mexico write them', () => {
    expect(diaMx('2026-11-23')).toBe('23/11/2026');
    expect(diaLargo('2026-01-05')).toBe('5 de enero de 2026');
    expect(periodoMx('2026-11-23', '2026-11-23')).toBe('23/11/2026');
  });
});
