import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The SAT's own files (test/fixtures/cfdi/sat, as the SAT publishes them)
 * run through libxml2's tools: what a PAC or an accountant's validator does
 * with a CFDI.
 */
export const SAT_CFD = path.resolve(import.meta.dirname, '../fixtures/cfdi/sat/www.sat.gob.mx/sitio_internet/cfd');

/**
 * One schema importing the CFDI 4.0, TimbreFiscalDigital 1.1 and Pagos 2.0
 * schemas: cfdv40.xsd's Complemento is a strict wildcard, so a stamped CFDI
 * or a payment complement is only valid against all of them at once.
 */
const ALL_SCHEMAS = `<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">
  <xs:import namespace="http://www.sat.gob.mx/cfd/4" schemaLocation="${path.join(SAT_CFD, '4/cfdv40.xsd')}"/>
  <xs:import namespace="http://www.sat.gob.mx/TimbreFiscalDigital" schemaLocation="${path.join(SAT_CFD, 'TimbreFiscalDigital/TimbreFiscalDigitalv11.xsd')}"/>
  <xs:import namespace="http://www.sat.gob.mx/Pagos20" schemaLocation="${path.join(SAT_CFD, 'Pagos/Pagos20.xsd')}"/>
</xs:schema>`;

function inTempFile<T>(name: string, content: string, use: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), 'sat-tools-'));
  const file = path.join(dir, name);
  writeFileSync(file, content);
  try {
    return use(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** xmllint against the SAT's schemas: null when valid, else its first error. */
export function satSchemaErrors(xml: string): string | null {
  return inTempFile('cfdi.xml', xml, (file, dir) => {
    const schema = path.join(dir, 'sat.xsd');
    writeFileSync(schema, ALL_SCHEMAS);
    try {
      execFileSync('xmllint', ['--noout', '--schema', schema, file], { stdio: 'pipe' });
      return null;
    } catch (error) {
      const stderr = String((error as { stderr?: Buffer }).stderr ?? '');
      return stderr.split('\n').find((line) => line.includes('error')) ?? (stderr || String(error));
    }
  });
}

/** The cadena original the SAT's cadenaoriginal_4_0.xslt writes for a CFDI (with its complements'). */
export function satCadena(xml: string): string {
  return inTempFile('cfdi.xml', xml, (file) =>
    // Its 2.0 header is read by libxslt in forward-compatible mode: warnings only.
    execFileSync('xsltproc', [path.join(SAT_CFD, '4/cadenaoriginal_4_0/cadenaoriginal_4_0.xslt'), file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8'),
  );
}

/** The cadena original del TFD the SAT's cadenaoriginal_TFD_1_1.xslt writes for a stamped CFDI's TimbreFiscalDigital. */
export function satCadenaTfd(stampedXml: string): string {
  const tfd = /<tfd:TimbreFiscalDigital[^>]*\/>/.exec(stampedXml)?.[0];
  if (!tfd) throw new Error('sin TimbreFiscalDigital');
  const document = `<?xml version="1.0" encoding="UTF-8"?>${tfd.replace('<tfd:TimbreFiscalDigital ', '<tfd:TimbreFiscalDigital xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ')}`;
  return inTempFile('tfd.xml', document, (file) =>
    execFileSync('xsltproc', [path.join(SAT_CFD, 'TimbreFiscalDigital/cadenaoriginal_TFD_1_1.xslt'), file], { stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8'),
  );
}

/**
 * The CFDI's Sello verified by `openssl dgst -sha256 -verify` over the cadena
 * the SAT's XSLT writes, with the public key of the certificate inside the XML:
 * what the SAT's validator does. True when openssl says 'Verified OK'.
 */
export function satSealVerifies(xml: string): boolean {
  const certificate = / Certificado="([^"]+)"/.exec(xml)?.[1];
  const seal = / Sello="([^"]+)"/.exec(xml)?.[1];
  if (!certificate || !seal) return false;
  const dir = mkdtempSync(path.join(tmpdir(), 'sat-sello-'));
  try {
    const cer = path.join(dir, 'cfdi.cer');
    writeFileSync(cer, Buffer.from(certificate, 'base64'));
    const publicKey = path.join(dir, 'cfdi.pub.pem');
    writeFileSync(publicKey, execFileSync('openssl', ['x509', '-inform', 'DER', '-in', cer, '-pubkey', '-noout']));
    writeFileSync(path.join(dir, 'sello.sig'), Buffer.from(seal, 'base64'));
    writeFileSync(path.join(dir, 'cadena.txt'), satCadena(xml), 'utf8');
    const out = execFileSync('openssl', ['dgst', '-sha256', '-verify', publicKey, '-signature', path.join(dir, 'sello.sig'), path.join(dir, 'cadena.txt')], { stdio: 'pipe' });
    return out.toString().includes('Verified OK');
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
