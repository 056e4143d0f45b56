import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { moneyString, taxesOf } from '@bufete/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildComprobante, CLAVE_SERVICIOS_LEGALES, type ComprobanteIngreso } from '../../src/modules/cfdi/comprobante';
import { buildComprobantePago, type ComprobantePago } from '../../src/modules/cfdi/comprobante-pago';
import { openCsd } from '../../src/modules/cfdi/csd';
import { satCadena, satSchemaErrors } from '../support/sat-tools';

/**
 * The CFDI is checked with the SAT's own files (test/fixtures/cfdi/sat: cfdv40.xsd and
 * cadenaoriginal_4_0.xslt, as the SAT publishes them) through libxml2's own tools:
 * `xmllint` validates, `xsltproc` writes the cadena original, `openssl` verifies the seal.
 */
const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/cfdi');
const work = mkdtempSync(path.join(tmpdir(), 'bufete-cfdi-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const csdFiles = { cer: readFileSync(path.join(FIXTURES, 'csd/CACX7605101P8.cer')), key: readFileSync(path.join(FIXTURES, 'csd/CACX7605101P8.key')), password: '12345678a' };
const csd = openCsd(csdFiles, { now: new Date('2026-11-26T18:00:00Z') });

const base: ComprobanteIngreso = {
  serie: 'A',
  folio: '7',
  fecha: '2026-11-26T12:30:00',
  formaPago: '03',
  metodoPago: 'PUE',
  lugarExpedicion: '36257',
  emisor: { rfc: csd.info.rfc, nombre: 'XOCHILT CASAS CHAVEZ', regimenFiscal: '612' },
  receptor: { rfc: 'MASO451221PM4', nombre: 'MARIA OLIVIA MARTINEZ SAGAZ', domicilioFiscal: '80290', regimenFiscal: '612', usoCfdi: 'G03' },
  conceptos: [{ claveProdServ: CLAVE_SERVICIOS_LEGALES, descripcion: 'Honorarios:  juicio   de divorcio & pensión «alimenticia»', valorUnitario: 1_234_567 }],
  impuestos: { iva: true, retencion: 'ninguna' },
  certificado: { noCertificado: csd.info.noCertificado, certificado: csd.info.certificado },
};
const moral: ComprobanteIngreso = {
  ...base,
  receptor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', domicilioFiscal: '42501', regimenFiscal: '601', usoCfdi: 'G03' },
  impuestos: { iva: true, retencion: '612' },
};
const resico: ComprobanteIngreso = { ...moral, emisor: { ...moral.emisor, regimenFiscal: '626' }, impuestos: { iva: true, retencion: '626' } };
const ppd: ComprobanteIngreso = { ...moral, metodoPago: 'PPD', formaPago: '99' };

/** The sealed comprobante: the cadena sealed with the CSD, then the XML built again with the seal. */
function sealed(input: ComprobanteIngreso) {
  const { cadena } = buildComprobante(input);
  const sello = csd.seal(cadena);
  return { ...buildComprobante(input, sello), sello };
}

/** `openssl dgst -sha256 -verify` checks the XML's Sello over the cadena with the public key of the certificate inside the XML. */
function verifiesWithOpenssl(name: string, xml: string, cadena: string) {
  const cer = path.join(work, `${name}.cer`);
  writeFileSync(cer, Buffer.from(/ Certificado="([^"]+)"/.exec(xml)![1]!, 'base64'));
  const publicKey = path.join(work, `${name}.pub.pem`);
  writeFileSync(publicKey, execFileSync('openssl', ['x509', '-inform', 'DER', '-in', cer, '-pubkey', '-noout']));
  const signature = path.join(work, `${name}.sig`);
  writeFileSync(signature, Buffer.from(/ Sello="([^"]+)"/.exec(xml)![1]!, 'base64'));
  const data = path.join(work, `${name}.cadena`);
  writeFileSync(data, cadena, 'utf8');
  expect(execFileSync('openssl', ['dgst', '-sha256', '-verify', publicKey, '-signature', signature, data]).toString()).toContain('Verified OK');
}

function check(name: string, input: ComprobanteIngreso) {
  const { xml, cadena, sello, amounts } = sealed(input);
  // The SAT's XSD, and its XSLT writes the same cadena.
  expect(satSchemaErrors(xml)).toBeNull();
  const sat = satCadena(xml);
  expect(cadena).toBe(sat);
  expect(sello).toBe(/ Sello="([^"]+)"/.exec(xml)![1]);
  verifiesWithOpenssl(name, xml, sat);
  return { xml, cadena, amounts };
}

describe('el CFDI 4.0 de ingreso de los honorarios', () => {
  it('a persona física receptor: IVA 16 % trasladado; valid for the SAT’s XSD, its XSLT’s cadena, sealed', () => {
    const { xml, amounts } = check('fisica', base);
    expect(amounts).toMatchObject({ subtotal: 1_234_567, trasladados: 197_531, retenidos: 0, total: 1_432_098 });
    expect(xml).toContain('TasaOCuota="0.160000"');
    expect(xml).toContain('Descripcion="Honorarios:  juicio   de divorcio &amp; pensión «alimenticia»"');
    expect(xml).not.toContain('Retencion');
  });

  it('a persona moral: ISR 10 % and two thirds of the IVA withheld; the amounts add up and match the invoice’s', () => {
    const { xml, amounts } = check('moral', moral);
    expect(amounts.retenciones.map((tax) => [tax.impuesto, tax.importe])).toEqual([
      ['001', 123_457],
      ['002', 131_687],
    ]);
    expect(amounts.total).toBe(amounts.subtotal + amounts.trasladados - amounts.retenidos);
    expect(xml).toContain('TasaOCuota="0.106667"');
    // The invoice's own breakdown (what its receipt printed) agrees to the centavo.
    const invoice = taxesOf(moral.conceptos[0]!.valorUnitario, { iva: true, retencion: '612' });
    expect([invoice.iva, invoice.isrRetenido, invoice.ivaRetenido, invoice.total]).toEqual([amounts.trasladados, 123_457, 131_687, amounts.total]);
  });

  it('an iguala of 15,000.00: exactly two thirds of the IVA withheld (1,600.00, not 1,600.01), as accountants expect; the CFDI states the same', () => {
    const iguala = { ...moral, conceptos: [{ ...moral.conceptos[0]!, valorUnitario: 1_500_000 }] };
    const { amounts } = check('iguala', iguala);
    expect(amounts.retenciones.find((tax) => tax.impuesto === '002')!.importe).toBe(160_000);
    expect(taxesOf(1_500_000, { iva: true, retencion: '612' })).toMatchObject({ iva: 240_000, ivaRetenido: 160_000, total: 1_430_000 });
  });

  it('a large fee: two thirds of the IVA where the SAT allows it, else the nearest amount inside Anexo 20’s bounds, on the invoice too', () => {
    const large = { ...moral, conceptos: [{ ...moral.conceptos[0]!, valorUnitario: 150_000_000 }] };
    const { amounts } = check('grande', large);
    const ivaRetenido = amounts.retenciones.find((tax) => tax.impuesto === '002')!.importe;
    // 1,500,000.00: two thirds of the IVA (240,000.00) is 160,000.00, below (1,499,999.995 × 0.106667) truncated = 160,000.49.
    expect(ivaRetenido).toBe(16_000_049);
    expect(taxesOf(150_000_000, { iva: true, retencion: '612' }).ivaRetenido).toBe(ivaRetenido);
  });

  it('the IVA withheld is always inside Anexo 20’s bounds, and two thirds of the IVA whenever that is inside them', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999 }), (base) => {
        const { iva, ivaRetenido } = taxesOf(base, { iva: true, retencion: '612' });
        // Anexo 20: from (base − ½ centavo) × 0.106667 truncated to (base + ½ centavo) × 0.106667 rounded up, in centavos.
        const lower = Number(((2n * BigInt(base) - 1n) * 106_667n) / 2_000_000n);
        const upper = Number(((2n * BigInt(base) + 1n) * 106_667n + 1_999_999n) / 2_000_000n);
        expect(ivaRetenido).toBeGreaterThanOrEqual(lower);
        expect(ivaRetenido).toBeLessThanOrEqual(upper);
        const dosTercios = Math.floor((4 * iva + 3) / 6);
        const inside = dosTercios >= lower && dosTercios <= upper;
        if (inside) expect(ivaRetenido).toBe(dosTercios);
      }),
      { numRuns: 2000 },
    );
  });

  it('RESICO: ISR withheld at 1.25 %', () => {
    const { xml, amounts } = check('resico', resico);
    expect(xml).toContain('TasaOCuota="0.012500"');
    expect(amounts.retenciones[0]).toMatchObject({ impuesto: '001', importe: 15_432 });
  });

  it('paid later (PPD): forma de pago 99 «Por definir»', () => {
    const { xml } = check('ppd', ppd);
    expect(xml).toContain('MetodoPago="PPD"');
    expect(xml).toContain('FormaPago="99"');
  });
});

describe('el complemento de pago 2.0 de una factura PPD pagada en dos partes', () => {
  const invoice = buildComprobante(ppd).amounts;
  const payment = (numParcialidad: number, monto: number, saldoAnterior: number): ComprobantePago => ({
    serie: 'A',
    folio: `7-P${numParcialidad}`,
    fecha: '2026-12-10T10:00:00',
    lugarExpedicion: ppd.lugarExpedicion,
    emisor: ppd.emisor,
    receptor: { rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', domicilioFiscal: '42501', regimenFiscal: '601' },
    certificado: ppd.certificado,
    pago: { fecha: numParcialidad === 1 ? '2026-12-01' : '2026-12-09', formaPago: '03', monto },
    documento: {
      uuid: '5FB2822E-396D-4725-8521-CDC4BDD20CCF',
      serie: 'A',
      folio: '7',
      numParcialidad,
      saldoAnterior,
      subtotal: invoice.subtotal,
      total: invoice.total,
      impuestos: ppd.impuestos,
    },
  });

  function checkPago(input: ComprobantePago) {
    const { cadena } = buildComprobantePago(input);
    const sello = csd.seal(cadena);
    const { xml } = buildComprobantePago(input, sello);
    // The SAT's cfdv40.xsd with Pagos20.xsd, its XSLT's cadena (with Pagos20.xslt), the seal.
    expect(satSchemaErrors(xml)).toBeNull();
    const sat = satCadena(xml);
    expect(cadena).toBe(sat);
    verifiesWithOpenssl(`pago-${input.documento.numParcialidad}-${input.pago.monto}`, xml, sat);
    return xml;
  }
  const attribute = (xml: string, name: string) => [...xml.matchAll(new RegExp(` ${name}="([^"]+)"`, 'g'))].map((match) => match[1]!);
  const centavos = (value: string) => Math.round(Number(value) * 100);

  it('each payment is valid for the SAT’s schemas and XSLT, sealed; the parts add up to the invoice', () => {
    const first = 500_000;
    const second = invoice.total - first;
    const one = checkPago(payment(1, first, invoice.total));
    const two = checkPago(payment(2, second, invoice.total - first));
    for (const text of [
      'TipoDeComprobante="P"',
      'Moneda="XXX"',
      'UsoCFDI="CP01"',
      'ClaveProdServ="84111506"',
      'IdDocumento="5FB2822E-396D-4725-8521-CDC4BDD20CCF"',
      'FechaPago="2026-12-01T12:00:00"',
    ])
      expect(one).toContain(text);
    expect(attribute(one, 'ImpSaldoInsoluto')).toEqual([moneyString(invoice.total - first)]);
    expect(attribute(two, 'ImpSaldoInsoluto')).toEqual(['0.00']);
    expect(attribute(two, 'NumParcialidad')).toEqual(['2']);
    // The bases of the two payments are the invoice's subtotal (to a centavo of rounding); each tax is its base × the rate.
    const bases = [one, two].map((xml) => centavos(attribute(xml, 'TotalTrasladosBaseIVA16')[0]!));
    expect(Math.abs(bases[0]! + bases[1]! - invoice.subtotal)).toBeLessThanOrEqual(1);
    for (const xml of [one, two]) {
      const base = centavos(attribute(xml, 'TotalTrasladosBaseIVA16')[0]!);
      expect(centavos(attribute(xml, 'TotalTrasladosImpuestoIVA16')[0]!)).toBe(Math.round((base * 16) / 100));
      expect(centavos(attribute(xml, 'TotalRetencionesISR')[0]!)).toBe(Math.round(base / 10));
      expect(centavos(attribute(xml, 'TotalRetencionesIVA')[0]!)).toBe(Math.round((base * 106_667) / 1_000_000));
      // What was paid is the base plus its IVA less what was withheld, to a centavo.
      const paid = centavos(attribute(xml, 'Monto')[0]!);
      const computed =
        base +
        centavos(attribute(xml, 'TotalTrasladosImpuestoIVA16')[0]!) -
        centavos(attribute(xml, 'TotalRetencionesISR')[0]!) -
        centavos(attribute(xml, 'TotalRetencionesIVA')[0]!);
      expect(Math.abs(paid - computed)).toBeLessThanOrEqual(1);
    }
  });

  it('the last payment closes the invoice’s IVA to the centavo (two halves each rounded would leave one out), within the SAT’s rule for each tax', () => {
    // $6,666.69 + IVA $1,066.67, paid $3,000.01 and then the rest: each half rounded gives $413.80 + $652.88 = $1,066.68.
    const documento = { ...payment(1, 0, 0).documento, subtotal: 666_669, total: 773_336, impuestos: { iva: true, retencion: 'ninguna' as const } };
    const first = checkPago({ ...payment(1, 300_001, 773_336), documento: { ...documento, numParcialidad: 1, saldoAnterior: 773_336, anteriores: [] } });
    const last = checkPago({ ...payment(2, 473_335, 473_335), documento: { ...documento, numParcialidad: 2, saldoAnterior: 473_335, anteriores: [300_001] } });
    const iva = (xml: string) => centavos(attribute(xml, 'TotalTrasladosImpuestoIVA16')[0]!);
    const base = (xml: string) => centavos(attribute(xml, 'TotalTrasladosBaseIVA16')[0]!);
    expect(iva(first) + iva(last)).toBe(106_667);
    expect(base(first) + base(last)).toBe(666_669);
    expect(attribute(last, 'ImporteDR')).toEqual([moneyString(iva(last))]);
    for (const xml of [first, last]) expect(Math.abs(iva(xml) - base(xml) * 0.16)).toBeLessThanOrEqual(1);
  });

  it('a payment of an invoice without taxes carries none (ObjetoImpDR 01)', () => {
    const sinImpuestos = payment(1, 100_000, 100_000);
    const xml = checkPago({ ...sinImpuestos, documento: { ...sinImpuestos.documento, subtotal: 100_000, total: 100_000, impuestos: { iva: false, retencion: 'ninguna' } } });
    expect(xml).toContain('ObjetoImpDR="01"');
    expect(xml).not.toContain('ImpuestosDR');
  });
});

describe('los demás comprobantes de un despacho: sustitución, nota de crédito, anticipo y factura global', () => {
  const OLD_UUID = '5FB2822E-396D-4725-8521-CDC4BDD20CCF';
  const NEW_UUID = '6AA4A1B2-1C3D-4E5F-8A9B-0C1D2E3F4A5B';
  /** Each concept's and the comprobante's amounts as Anexo 20 states them: tax = base × rate rounded to the centavo, totals are their sums. */
  function addsUp(xml: string) {
    const numbers = (pattern: RegExp) => [...xml.matchAll(pattern)].map((match) => Math.round(Number(match[1]) * 100));
    const importes = numbers(/<cfdi:Concepto [^>]*Importe="([\d.]+)"/g);
    const subtotal = numbers(/ SubTotal="([\d.]+)"/g)[0]!;
    expect(importes.reduce((a, b) => a + b, 0)).toBe(subtotal);
    for (const match of xml.matchAll(/<cfdi:(?:Traslado|Retencion) Base="([\d.]+)" Impuesto="\d+" TipoFactor="Tasa" TasaOCuota="([\d.]+)" Importe="([\d.]+)"\/>/g)) {
      const [base, rate, importe] = [Number(match[1]), Number(match[2]), Number(match[3])];
      // The concept's tax: its base × the rate rounded (the IVA withheld may sit one centavo off two thirds, inside Anexo 20's bounds).
      expect(Math.abs(Math.round(base * rate * 100) - Math.round(importe * 100))).toBeLessThanOrEqual(rate === 0.106667 ? 1 : 0);
    }
    const trasladados = numbers(/ TotalImpuestosTrasladados="([\d.]+)"/g)[0] ?? 0;
    const retenidos = numbers(/ TotalImpuestosRetenidos="([\d.]+)"/g)[0] ?? 0;
    expect(numbers(/ Total="([\d.]+)"/g)[0]).toBe(subtotal + trasladados - retenidos);
  }

  it('sustitución: the corrected invoice relates the one it replaces with TipoRelacion 04', () => {
    const { xml, cadena } = check('sustitucion', { ...moral, relacionados: { tipoRelacion: '04', uuids: [OLD_UUID] } });
    expect(xml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${OLD_UUID}"/></cfdi:CfdiRelacionados><cfdi:Emisor`);
    expect(cadena).toContain(`|PUE|36257|04|${OLD_UUID}|${csd.info.rfc}|`);
    addsUp(xml);
  });

  it('nota de crédito: a CFDI de egreso related 01, with the invoice’s taxes on the amount credited', () => {
    const { xml, amounts } = check('egreso', {
      ...moral,
      tipoDeComprobante: 'E',
      receptor: { ...moral.receptor, usoCfdi: 'G02' },
      relacionados: { tipoRelacion: '01', uuids: [OLD_UUID] },
      conceptos: [{ claveProdServ: '84111506', claveUnidad: 'ACT', unidad: null, descripcion: 'Descuento sobre honorarios', valorUnitario: 150_000 }],
    });
    expect(xml).toContain('TipoDeComprobante="E"');
    expect(xml).toContain('ClaveUnidad="ACT" Descripcion="Descuento sobre honorarios"');
    // 1,500.00 + IVA 240.00 − ISR 150.00 − IVA retenido 160.00 = 1,430.00.
    expect(amounts).toMatchObject({ subtotal: 150_000, trasladados: 24_000, retenidos: 31_000, total: 143_000 });
    addsUp(xml);
  });

  it('anticipo: its CFDI, the final invoice related 07 to it, and the advance applied by a CFDI de egreso related 07 with forma de pago 30', () => {
    const anticipo = check('anticipo', {
      ...base,
      conceptos: [{ claveProdServ: '84111506', claveUnidad: 'ACT', unidad: null, descripcion: 'Anticipo del bien o servicio', valorUnitario: 500_000 }],
    });
    expect(anticipo.amounts.total).toBe(580_000);
    const final = check('final', { ...base, relacionados: { tipoRelacion: '07', uuids: [OLD_UUID] } });
    expect(final.xml).toContain('TipoRelacion="07"');
    const aplicacion = check('aplicacion', {
      ...base,
      tipoDeComprobante: 'E',
      formaPago: '30',
      relacionados: { tipoRelacion: '07', uuids: [NEW_UUID] },
      conceptos: [{ claveProdServ: '84111506', claveUnidad: 'ACT', unidad: null, descripcion: 'Aplicación de anticipo', valorUnitario: 500_000 }],
    });
    expect(aplicacion.xml).toContain('FormaPago="30"');
    // The advance's CFDI and its application cancel out: what the client owes is the final invoice less the advance.
    expect(aplicacion.amounts.total).toBe(anticipo.amounts.total);
    for (const { xml } of [anticipo, final, aplicacion]) addsUp(xml);
  });

  it('factura global: público en general (XAXX010101000, S01, 616) with InformacionGlobal, each receipt a concepto with its number', () => {
    const { xml, cadena, amounts } = check('global', {
      ...base,
      serie: 'G',
      folio: '1',
      receptor: { rfc: 'XAXX010101000', nombre: 'PUBLICO EN GENERAL', domicilioFiscal: base.lugarExpedicion, regimenFiscal: '616', usoCfdi: 'S01' },
      informacionGlobal: { periodicidad: '04', meses: '11', anio: 2026 },
      conceptos: [
        { claveProdServ: '01010101', noIdentificacion: 'HON-0003', claveUnidad: 'ACT', unidad: null, descripcion: 'Venta', valorUnitario: 80_000 },
        { claveProdServ: '01010101', noIdentificacion: 'HON-0009', claveUnidad: 'ACT', unidad: null, descripcion: 'Venta', valorUnitario: 123_456 },
        { claveProdServ: '01010101', noIdentificacion: 'HON-0011', claveUnidad: 'ACT', unidad: null, descripcion: 'Venta', valorUnitario: 50_000, iva: false },
      ],
    });
    expect(xml).toContain('<cfdi:InformacionGlobal Periodicidad="04" Meses="11" Año="2026"/><cfdi:Emisor');
    expect(cadena).toContain('|PUE|36257|04|11|2026|');
    expect(xml).toContain('NoIdentificacion="HON-0009" Cantidad="1" ClaveUnidad="ACT" Descripcion="Venta"');
    // 800.00 + 1,234.56 (IVA 128.00 + 197.53) + 500.00 without IVA.
    expect(amounts).toMatchObject({ subtotal: 253_456, trasladados: 32_553, retenidos: 0, total: 286_009 });
    expect(xml).toContain('ObjetoImp="01"');
    addsUp(xml);
  });
});
