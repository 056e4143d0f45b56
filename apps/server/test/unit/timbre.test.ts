import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cadenaTfd, readComprobante, readTimbrado, TimbreIlegible, totalExpresion, verificacionUrl } from '../../src/modules/cfdi/timbre';
import { satCadenaTfd, satSchemaErrors } from '../support/sat-tools';

/** CFDI made by other software (test/fixtures/cfdi/samples, from eclipxe13/CfdiUtils): Bufete's reader against theirs. */
const SAMPLES = path.resolve(import.meta.dirname, '../fixtures/cfdi/samples');
const stamped = readFileSync(path.join(SAMPLES, 'cfdi40-valid.xml'), 'utf8');
const pago = readFileSync(path.join(SAMPLES, 'created-cfdi40-pago20-valid.xml'), 'utf8');

describe('lo que dice un CFDI timbrado por otro sistema', () => {
  it('the SAT’s schemas accept the samples (the checking pipeline itself is sound)', () => {
    expect(satSchemaErrors(stamped)).toBeNull();
    expect(satSchemaErrors(pago)).toBeNull();
    expect(satSchemaErrors(stamped.replace('Version="4.0"', 'Version="3.3"'))).toMatch(/Version/);
  });

  it('reads its stamp and parties; the TFD’s cadena is the one the SAT’s XSLT writes', () => {
    const timbre = readTimbrado(stamped);
    const uuid = /<tfd:TimbreFiscalDigital[^>]* UUID="([^"]+)"/.exec(stamped)![1]!;
    expect(timbre.uuid).toBe(uuid.toUpperCase());
    expect(timbre.emisor).toEqual({ rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE', regimenFiscal: '601' });
    expect(timbre.receptor).toMatchObject({ rfc: 'MCI7306249Y1', domicilioFiscal: '54700', regimenFiscal: '603', usoCfdi: 'G03' });
    expect(timbre.comprobante.total).toBe(/<cfdi:Comprobante[^>]* Total="([^"]+)"/.exec(stamped)![1]);
    expect(cadenaTfd(timbre)).toBe(satCadenaTfd(stamped));
    // FechaTimbrado is the SAT's wall clock in Mexico City (UTC−6 since 2022).
    const [day, time] = timbre.fechaTimbrado.split('T');
    expect(timbre.fechaTimbradoInstant.toISOString()).toBe(new Date(`${day}T${time}-06:00`).toISOString());
    expect(verificacionUrl(timbre)).toBe(
      `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${timbre.uuid}&re=EKU9003173C9&rr=MCI7306249Y1&tt=${totalExpresion(timbre.comprobante.total)}&fe=${timbre.comprobante.sello.slice(-8)}`,
    );
  });

  it('writes the total as the SAT’s QR wants it: up to six decimals, no zeros that say nothing, one at least', () => {
    expect(totalExpresion('1160.00')).toBe('1160.0');
    expect(totalExpresion('3824.15')).toBe('3824.15');
    expect(totalExpresion('0.50')).toBe('0.5');
    expect(totalExpresion('1500000.00')).toBe('1500000.0');
    expect(totalExpresion('12.345678')).toBe('12.345678');
  });

  it('reads a payment complement’s own fields, and refuses what is not a stamped CFDI', () => {
    expect(readComprobante(pago)).toEqual({ serie: null, folio: null, total: '0', metodoPago: null });
    expect(() => readTimbrado(pago)).toThrow(TimbreIlegible);
    expect(() => readTimbrado('no es XML <')).toThrow(TimbreIlegible);
    expect(() => readTimbrado('<?xml version="1.0"?><otra/>')).toThrow(TimbreIlegible);
    expect(() => readTimbrado(stamped.replace(/UUID="[^"]+"/, 'UUID="no-es-un-uuid"'))).toThrow(TimbreIlegible);
  });
});
