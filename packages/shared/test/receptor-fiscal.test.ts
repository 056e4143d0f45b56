import { describe, expect, it } from 'vitest';
import { clienteSaveSchema, MSG, receptorFiscalError, REGIMENES_FISCALES, USOS_CFDI } from '../src';

describe('los datos fiscales del receptor, con el catálogo del SAT', () => {
  it('has the whole c_RegimenFiscal and the c_UsoCFDI of an invoice of fees', () => {
    expect(REGIMENES_FISCALES.map((regimen) => regimen.clave)).toEqual([
      '601',
      '603',
      '605',
      '606',
      '607',
      '608',
      '610',
      '611',
      '612',
      '614',
      '615',
      '616',
      '620',
      '621',
      '622',
      '623',
      '624',
      '625',
      '626',
    ]);
    expect(USOS_CFDI.map((uso) => uso.clave)).toContain('G03');
    expect(USOS_CFDI.map((uso) => uso.clave)).not.toContain('CP01');
  });

  it('takes what fits: a company under 601 for gastos en general, a person under 612 deducting medical fees, RESICO for both', () => {
    expect(receptorFiscalError({ rfc: 'EKU9003173C9', regimen_fiscal: '601', uso_cfdi: 'G03' })).toBeNull();
    expect(receptorFiscalError({ rfc: 'CACX7605101P8', regimen_fiscal: '612', uso_cfdi: 'D01' })).toBeNull();
    expect(receptorFiscalError({ rfc: 'EKU9003173C9', regimen_fiscal: '626', uso_cfdi: 'G03' })).toBeNull();
    expect(receptorFiscalError({ rfc: 'CACX7605101P8', regimen_fiscal: '626', uso_cfdi: 'G03' })).toBeNull();
    // Not enough to tell: nothing is refused.
    expect(receptorFiscalError({ rfc: null, regimen_fiscal: null, uso_cfdi: 'D01' })).toBeNull();
  });

  it('refuses what the SAT refuses, on the field to change', () => {
    expect(receptorFiscalError({ rfc: 'EKU9003173C9', regimen_fiscal: '612', uso_cfdi: 'G03' })).toEqual({ field: 'regimen_fiscal', message: MSG.fiscal.regimenNoEsDe('moral') });
    expect(receptorFiscalError({ rfc: 'CACX7605101P8', regimen_fiscal: '601' })).toEqual({ field: 'regimen_fiscal', message: MSG.fiscal.regimenNoEsDe('fisica') });
    expect(receptorFiscalError({ rfc: 'EKU9003173C9', regimen_fiscal: '601', uso_cfdi: 'D01' })).toEqual({ field: 'uso_cfdi', message: MSG.fiscal.usoNoEsDe('moral') });
    // Sueldos y salarios (605) can only receive CFDI for its deductions or without fiscal effects.
    expect(receptorFiscalError({ rfc: 'CACX7605101P8', regimen_fiscal: '605', uso_cfdi: 'G03' })).toEqual({
      field: 'uso_cfdi',
      message: MSG.fiscal.usoNoCorresponde('G03', '605'),
    });
  });

  it('a client is saved only with a fitting régimen and uso, the message on the field', () => {
    const result = clienteSaveSchema.safeParse({ nombre: 'Juan', rfc: 'CACX7605101P8', regimen_fiscal: '605', uso_cfdi: 'G03' });
    expect(result.success).toBe(false);
    expect(result.error?.issues).toEqual([expect.objectContaining({ path: ['uso_cfdi'], message: MSG.fiscal.usoNoCorresponde('G03', '605') })]);
    expect(clienteSaveSchema.parse({ nombre: 'Escuela', rfc: 'eku9003173c9', regimen_fiscal: '601', uso_cfdi: 'G03' })).toMatchObject({
      rfc: 'EKU9003173C9',
      regimen_fiscal: '601',
      uso_cfdi: 'G03',
    });
  });
});
