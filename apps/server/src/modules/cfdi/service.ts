import type { Csd, CsdUploadInput } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import type { Database } from '../../db/client';
import { appError } from '../../http/errors';
import { createSecretBox } from '../../security/secret-box';
import type { ProfileService } from '../profile/service';
import { buildComprobante, type ComprobanteIngreso } from './comprobante';

/** What other modules use to describe a CFDI (the invoices module maps an invoice to it). */
export { CLAVE_SERVICIOS_LEGALES, type ComprobanteIngreso } from './comprobante';
import { openCsd } from './csd';
import { createCfdiQueries, type CsdRow } from './queries';

const toCsd = (row: CsdRow): Csd => ({
  rfc: row.rfc,
  nombre: row.nombre,
  no_certificado: row.noCertificado,
  vigente_desde: row.vigenteDesde.toISOString(),
  vigente_hasta: row.vigenteHasta.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

/**
 * CFDI 4.0 (issue 27), so far the lawyer's CSD: checked when uploaded (a SAT
 * certificate, its key and password, a CSD and not an e.firma, valid now, of
 * the RFC in the lawyer's Datos fiscales), kept with its key and password
 * sealed by the app's secret, and shown without them.
 */
export function createCfdiService(db: Database, deps: { secret: string; profiles: ProfileService }) {
  const queries = createCfdiQueries(db);
  const box = createSecretBox(deps.secret, 'cfdi-csd');

  return {
    async csd(userId: string): Promise<Csd | null> {
      const row = await queries.csd(userId);
      return row ? toCsd(row) : null;
    },

    async saveCsd(userId: string, input: CsdUploadInput): Promise<Csd> {
      const { rfc } = await deps.profiles.fiscalOf(userId);
      if (!rfc) throw appError('VALIDATION_ERROR', MSG.cfdi.sinRfc, 'cer');
      const cer = Buffer.from(input.cer, 'base64');
      const key = Buffer.from(input.key, 'base64');
      const { info } = openCsd({ cer, key, password: input.password }, { expectedRfc: rfc });
      const row = await queries.saveCsd({
        userId,
        rfc: info.rfc,
        nombre: info.nombre,
        noCertificado: info.noCertificado,
        vigenteDesde: info.vigenteDesde,
        vigenteHasta: info.vigenteHasta,
        certificado: info.certificado,
        llaveSellada: box.seal(JSON.stringify({ key: input.key, password: input.password })),
        updatedAt: new Date(),
      });
      return toCsd(row);
    },

    deleteCsd: (userId: string) => queries.deleteCsd(userId),

    /**
     * A CFDI de Ingreso sealed with the lawyer's CSD (checked again: valid
     * now), the Emisor's RFC and name as the certificate has them. Returns the
     * XML and its cadena original.
     */
    async sealIngreso(userId: string, input: Omit<ComprobanteIngreso, 'emisor' | 'certificado'> & { regimenFiscalEmisor: string }) {
      const row = await queries.csd(userId);
      if (!row) throw appError('VALIDATION_ERROR', MSG.cfdi.sinCsd);
      const opened = box.open(row.llaveSellada);
      if (!opened) throw appError('VALIDATION_ERROR', MSG.cfdi.csdIlegible);
      const { key, password } = JSON.parse(opened) as { key: string; password: string };
      const csd = openCsd({ cer: Buffer.from(row.certificado, 'base64'), key: Buffer.from(key, 'base64'), password });
      const { regimenFiscalEmisor, ...rest } = input;
      const comprobante: ComprobanteIngreso = {
        ...rest,
        emisor: { rfc: csd.info.rfc, nombre: csd.info.nombre, regimenFiscal: regimenFiscalEmisor },
        certificado: { noCertificado: csd.info.noCertificado, certificado: csd.info.certificado },
      };
      const { cadena } = buildComprobante(comprobante);
      const sealed = buildComprobante(comprobante, csd.seal(cadena));
      return { xml: sealed.xml, cadena };
    },
  };
}

export type CfdiService = ReturnType<typeof createCfdiService>;
