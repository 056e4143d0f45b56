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

  it('a payment of an invoice without taxes carries none (ObjetoImpDR 01)', () => {
    const sinImpuestos = payment(1, 100_000, 100_000);
    const xml = checkPago({ ...sinImpuestos, documento: { ...sinImpuestos.documento, subtotal: 100_000, total: 100_000, impuestos: { iva: false, retencion: 'ninguna' } } });
    expect(xml).toContain('ObjetoImpDR="01"');
    expect(xml).not.toContain('ImpuestosDR');
  });
});
