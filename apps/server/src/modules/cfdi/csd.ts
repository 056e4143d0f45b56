import { MSG } from '@bufete/shared';
import { Certificate, Credential, PrivateKey } from '@nodecfdi/credentials/node';
import { appError } from '../../http/errors';

/** What a lawyer's CSD says of itself: what the CFDI's Emisor and its Certificado attributes take from it. */
export interface CsdInfo {
  /** The RFC of the certificate's subject: the Emisor's, as the SAT has it. */
  rfc: string;
  /** The subject's name as the SAT has it (CFDI 4.0: Emisor/@Nombre). */
  nombre: string;
  /** The 20-digit certificate number (Comprobante/@NoCertificado). */
  noCertificado: string;
  vigenteDesde: Date;
  vigenteHasta: Date;
  /** The certificate, DER in base64 (Comprobante/@Certificado). */
  certificado: string;
}

export interface OpenedCsd {
  info: CsdInfo;
  /**
   * The seal of a cadena original: SHA-256 with RSA over its UTF-8 bytes,
   * in base64 (Comprobante/@Sello).
   */
  seal(cadenaOriginal: string): string;
}

const dayMx = (date: Date) => new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone: 'America/Mexico_City' }).format(date);

/**
 * Opens a Certificado de Sello Digital as the SAT delivers it (the .cer in
 * DER, the .key in encrypted PKCS#8 DER, and its password) with
 * @nodecfdi/credentials, and refuses in Spanish, on the field at fault, what
 * cannot seal a CFDI: a file that is not a SAT certificate, a wrong password,
 * a key of another certificate, an e.firma (FIEL) instead of a CSD, a
 * certificate not valid at `now`, or one of another RFC than `expectedRfc`.
 */
export function openCsd(files: { cer: Buffer; key: Buffer; password: string }, options: { expectedRfc?: string | null; now?: Date } = {}): OpenedCsd {
  const now = options.now ?? new Date();
  let certificate: Certificate;
  try {
    certificate = new Certificate(files.cer.toString('binary'));
    certificate.rfc();
  } catch {
    throw appError('VALIDATION_ERROR', MSG.cfdi.cerInvalido, 'cer');
  }
  let privateKey: PrivateKey;
  try {
    privateKey = new PrivateKey(files.key.toString('binary'), files.password);
  } catch {
    throw appError('VALIDATION_ERROR', MSG.cfdi.llaveOPasswordIncorrecta, 'password');
  }
  let credential: Credential;
  try {
    credential = new Credential(certificate, privateKey);
  } catch {
    throw appError('VALIDATION_ERROR', MSG.cfdi.llaveNoCorresponde, 'key');
  }
  if (!credential.isCsd()) throw appError('VALIDATION_ERROR', MSG.cfdi.esFiel, 'cer');
  const vigenteDesde = certificate.validFrom();
  const vigenteHasta = certificate.validTo();
  if (now > vigenteHasta) throw appError('VALIDATION_ERROR', MSG.cfdi.vencido(dayMx(vigenteHasta)), 'cer');
  if (now < vigenteDesde) throw appError('VALIDATION_ERROR', MSG.cfdi.aunNoVigente(dayMx(vigenteDesde)), 'cer');
  const rfc = certificate.rfc().toUpperCase();
  const expected = options.expectedRfc?.trim().toUpperCase();
  if (expected && expected !== rfc) throw appError('VALIDATION_ERROR', MSG.cfdi.rfcDistinto(rfc, expected), 'cer');
  return {
    info: {
      rfc,
      nombre: certificate.legalName(),
      noCertificado: certificate.serialNumber().bytes(),
      vigenteDesde,
      vigenteHasta,
      certificado: certificate.pemAsOneLine(),
    },
    seal(cadenaOriginal: string) {
      // forge reads a string as one byte per character: the cadena goes in as its UTF-8 bytes.
      const signature = credential.sign(Buffer.from(cadenaOriginal, 'utf8').toString('binary'), 'sha256');
      return Buffer.from(signature, 'binary').toString('base64');
    },
  };
}
