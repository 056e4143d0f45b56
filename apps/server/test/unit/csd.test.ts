import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { MSG } from '@bufete/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { openCsd } from '../../src/modules/cfdi/csd';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/cfdi/csd');
const PASSWORD = '12345678a';
const filesOf = (rfc: string) => ({ cer: readFileSync(path.join(FIXTURES, `${rfc}.cer`)), key: readFileSync(path.join(FIXTURES, `${rfc}.key`)) });
const moral = filesOf('EKU9003173C9');
const fisica = filesOf('CACX7605101P8');
/** Inside both test CSDs' validity. */
const now = new Date('2026-11-26T18:00:00Z');
const work = mkdtempSync(path.join(tmpdir(), 'bufete-csd-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The error a call throws: its field and its Spanish message. */
function refusal(run: () => unknown) {
  try {
    run();
  } catch (error) {
    const { field, message } = error as { field?: string; message: string };
    return { field, message };
  }
  throw new Error('no lo rechazó');
}

describe('el CSD del abogado', () => {
  it('reads the SAT test CSDs: RFC, name, certificate number, validity and the certificate for the CFDI', () => {
    const { info } = openCsd({ ...moral, password: PASSWORD }, { now, expectedRfc: 'eku9003173c9' });
    expect(info).toMatchObject({ rfc: 'EKU9003173C9', nombre: 'ESCUELA KEMPER URGATE SA DE CV', noCertificado: '30001000000500003416' });
    expect(info.vigenteDesde.toISOString()).toBe('2023-05-18T11:43:51.000Z');
    expect(info.vigenteHasta.toISOString()).toBe('2027-05-18T11:43:51.000Z');
    // Comprobante/@Certificado is the .cer itself, in base64.
    expect(Buffer.from(info.certificado, 'base64').equals(moral.cer)).toBe(true);
    expect(openCsd({ ...fisica, password: PASSWORD }, { now }).info).toMatchObject({ rfc: 'CACX7605101P8', nombre: 'XOCHILT CASAS CHAVEZ', noCertificado: '30001000000500003316' });
  });

  it('seals with SHA-256 and RSA over the UTF-8 bytes of the cadena, and openssl verifies it with the certificate', () => {
    const csd = openCsd({ ...moral, password: PASSWORD }, { now });
    const cadena = '||4.0|A|1|2026-11-26T12:00:00|03|30001000000500003416|Asesoría en Señorío|MXN|1160.00|I|01|PUE|97000||';
    const seal = csd.seal(cadena);
    expect(Buffer.from(seal, 'base64')).toHaveLength(256);
    const cer = path.join(work, 'emisor.cer');
    writeFileSync(cer, moral.cer);
    const publicKey = path.join(work, 'emisor.pub.pem');
    writeFileSync(publicKey, execFileSync('openssl', ['x509', '-inform', 'DER', '-in', cer, '-pubkey', '-noout']));
    const data = path.join(work, 'cadena.txt');
    writeFileSync(data, cadena, 'utf8');
    const signature = path.join(work, 'sello.bin');
    writeFileSync(signature, Buffer.from(seal, 'base64'));
    expect(execFileSync('openssl', ['dgst', '-sha256', '-verify', publicKey, '-signature', signature, data]).toString()).toContain('Verified OK');
    // A cadena changed by one letter does not verify.
    writeFileSync(data, cadena.replace('Señorío', 'Senorio'), 'utf8');
    expect(() => execFileSync('openssl', ['dgst', '-sha256', '-verify', publicKey, '-signature', signature, data], { stdio: 'pipe' })).toThrow();
  });

  it('refuses in Spanish, on the field at fault, what cannot seal a CFDI', () => {
    expect(refusal(() => openCsd({ ...moral, password: 'otra-contraseña' }, { now }))).toEqual({ field: 'password', message: MSG.cfdi.llaveOPasswordIncorrecta });
    expect(refusal(() => openCsd({ cer: moral.cer, key: fisica.key, password: PASSWORD }, { now }))).toEqual({ field: 'key', message: MSG.cfdi.llaveNoCorresponde });
    expect(refusal(() => openCsd({ cer: Buffer.from('%PDF-1.7 no es un certificado'), key: moral.key, password: PASSWORD }, { now }))).toEqual({
      field: 'cer',
      message: MSG.cfdi.cerInvalido,
    });
    expect(refusal(() => openCsd({ ...moral, password: PASSWORD }, { now, expectedRfc: 'CACX7605101P8' }))).toEqual({
      field: 'cer',
      message: MSG.cfdi.rfcDistinto('EKU9003173C9', 'CACX7605101P8'),
    });
    expect(refusal(() => openCsd({ ...moral, password: PASSWORD }, { now: new Date('2027-06-01T00:00:00Z') }))).toEqual({
      field: 'cer',
      message: MSG.cfdi.vencido('18 de mayo de 2027'),
    });
    expect(refusal(() => openCsd({ ...moral, password: PASSWORD }, { now: new Date('2023-01-01T00:00:00Z') }))).toEqual({
      field: 'cer',
      message: MSG.cfdi.aunNoVigente('18 de mayo de 2023'),
    });
  });
});
