import { describe, expect, it } from 'vitest';
import { centavosOf, facturaCreateSchema, formatMXN, hundredthsOf, isRfc, MSG, moneyString, rateTimesHours, roundDiv, taxesOf } from '../src';

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
    expect(output).toMatchObject({ concepto: 'Asesoría', estado: 'pendiente', total: 337_500, pagado: 0, tarifa_por_hora: 150_000, horas_trabajadas: 225, impuestos: null, notas: null, cliente_id: null });
  });
  it('manual: the typed amount; rate and hours stored as null', () => {
    const output = facturaCreateSchema.parse({ concepto: 'Juicio', fecha_emision: '2026-11-22', calculo_automatico: false, monto: '8000', tarifa_por_hora: '900', horas_trabajadas: '3' });
    expect(output).toMatchObject({ total: 800_000, tarifa_por_hora: null, horas_trabajadas: null });
  });
  it('pagada pays the total; pagada parcialmente needs 0 < paid < total', () => {
    expect(facturaCreateSchema.parse({ concepto: 'x', fecha_emision: '2026-11-22', calculo_automatico: false, monto: '100', estado: 'pagada' }).pagado).toBe(10_000);
    expect(facturaCreateSchema.parse({ concepto: 'x', fecha_emision: '2026-11-22', calculo_automatico: false, monto: '100', estado: 'pagada_parcialmente', monto_pagado: '40' }).pagado).toBe(4_000);
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
