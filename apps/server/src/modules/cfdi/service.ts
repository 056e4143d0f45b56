import type { Csd, CsdUploadInput } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, appError } from '../../http/errors';
import { createSecretBox } from '../../security/secret-box';
import type { AuditService } from '../audit/service';
import type { ProfileService } from '../profile/service';
import { buildComprobante, type ComprobanteIngreso } from './comprobante';
import { buildComprobantePago, type ComprobantePago } from './comprobante-pago';

/** What other modules use to describe a CFDI (the invoices module maps an invoice to it). */
export { CLAVE_SERVICIOS_LEGALES, type ComprobanteIngreso } from './comprobante';
export type { ComprobantePago } from './comprobante-pago';
import { consultaSat, type EstadoSat } from './consulta-sat';
import { openCsd } from './csd';
import { createPac, type Pac, PacRejection, PacUnavailable } from './pac/pac';
import { createCfdiQueries, type CsdRow } from './queries';
import { expresionImpresa, readTimbrado, type Timbrado, TimbreIlegible } from './timbre';

export { type Timbrado, readTimbrado, readComprobante, cadenaTfd, verificacionUrl } from './timbre';
export type { EstadoSat } from './consulta-sat';

/** A comprobante before sealing: the Emisor's régimen (the rest of the Emisor and the certificate come from the CSD). */
type Unsealed<T> = Omit<T, 'emisor' | 'certificado'> & { regimenFiscalEmisor: string };

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
export function createCfdiService(db: Database, deps: { secret: string; profiles: ProfileService; config: Config['cfdi']; fetchImpl?: typeof fetch; audit?: AuditService }) {
  const queries = createCfdiQueries(db);
  const box = createSecretBox(deps.secret, 'cfdi-csd');
  const pac: Pac | null = deps.config.pac ? createPac(deps.config.pac, deps.fetchImpl) : null;
  const timeoutMs = deps.config.pac?.timeoutMs ?? 20_000;

  /**
   * Seals a comprobante: its Emisor and certificate from the CSD (the SAT's
   * records, not what was typed), the cadena built, signed, and the XML built
   * again with the seal.
   */
  async function sealWith<T extends { emisor: { rfc: string; nombre: string; regimenFiscal: string }; certificado: { noCertificado: string; certificado: string } }>(
    userId: string,
    input: Unsealed<T>,
    build: (comprobante: T, sello?: string) => { xml: string; cadena: string },
  ) {
    const { csd } = await credentialsOf(userId);
    const { regimenFiscalEmisor, ...rest } = input;
    const comprobante = {
      ...rest,
      emisor: { rfc: csd.info.rfc, nombre: csd.info.nombre, regimenFiscal: regimenFiscalEmisor },
      certificado: { noCertificado: csd.info.noCertificado, certificado: csd.info.certificado },
    } as unknown as T;
    const { cadena } = build(comprobante);
    return { xml: build(comprobante, csd.seal(cadena)).xml, cadena };
  }

  /** The lawyer's CSD opened (checked again: valid now), with what a PAC needs to cancel in their name. */
  async function credentialsOf(userId: string) {
    const row = await queries.csd(userId);
    if (!row) throw appError('VALIDATION_ERROR', MSG.cfdi.sinCsd);
    const opened = box.open(row.llaveSellada);
    if (!opened) throw appError('VALIDATION_ERROR', MSG.cfdi.csdIlegible);
    const { key, password } = JSON.parse(opened) as { key: string; password: string };
    const csd = openCsd({ cer: Buffer.from(row.certificado, 'base64'), key: Buffer.from(key, 'base64'), password });
    return { csd, cer: row.certificado, key, password };
  }

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
      await deps.audit?.record(db, userId, { accion: 'guardar_csd', entidad: 'cuenta', resumen: `CSD guardado: certificado ${info.noCertificado} de ${info.rfc}, vigente hasta ${info.vigenteHasta.toISOString().slice(0, 10)}` });
      return toCsd(row);
    },

    async deleteCsd(userId: string): Promise<void> {
      const had = await queries.csd(userId);
      await queries.deleteCsd(userId);
      if (had) await deps.audit?.record(db, userId, { accion: 'eliminar_csd', entidad: 'cuenta', resumen: `CSD eliminado: certificado ${had.noCertificado}` });
    },

    /**
     * A CFDI de Ingreso sealed with the lawyer's CSD (checked again: valid
     * now), the Emisor's RFC and name as the certificate has them. Returns the
     * XML and its cadena original.
     */
    sealIngreso: (userId: string, input: Unsealed<ComprobanteIngreso>) => sealWith(userId, input, buildComprobante),

    /** A CFDI de tipo Pago (Complemento de Pagos 2.0), sealed the same way. */
    sealPago: (userId: string, input: Unsealed<ComprobantePago>) => sealWith(userId, input, buildComprobantePago),

    /** A PAC is configured: stamping can work. */
    pacConfigured: pac !== null,

    /**
     * Stamps a sealed CFDI through the PAC. `customId` is Bufete's id of it:
     * a second call with the same XML and id gets the stamp already made. A
     * refusal is PAC_REJECTED (its message in Spanish; nothing was stamped);
     * no answer is PAC_UNAVAILABLE (whether it was stamped is not known).
     */
    async stamp(xml: string, customId: string): Promise<{ xml: string; timbre: Timbrado }> {
      if (!pac) throw appError('PAC_NOT_CONFIGURED');
      let stamped: string;
      try {
        stamped = await pac.stamp({ xml, customId });
      } catch (error) {
        if (error instanceof PacRejection) throw appError('PAC_REJECTED', MSG.cfdi.pacRechazo(error.message));
        if (error instanceof PacUnavailable) throw appError('PAC_UNAVAILABLE', MSG.cfdi.pacSinRespuesta);
        throw error;
      }
      try {
        return { xml: stamped, timbre: readTimbrado(stamped) };
      } catch (error) {
        // A reply that claims success without a readable stamp: as if it had not answered.
        if (error instanceof TimbreIlegible) throw appError('PAC_UNAVAILABLE', MSG.cfdi.pacSinRespuesta);
        throw error;
      }
    },

    /** Asks the SAT, through the PAC and with the lawyer's CSD, to cancel a CFDI of theirs. */
    async cancel(userId: string, input: { uuid: string; motivo: string; folioSustitucion: string | null }) {
      if (!pac) throw appError('PAC_NOT_CONFIGURED');
      const { csd, cer, key, password } = await credentialsOf(userId);
      try {
        return await pac.cancel({ rfc: csd.info.rfc, uuid: input.uuid, motivo: input.motivo, folioSustitucion: input.folioSustitucion, cer, key, password });
      } catch (error) {
        if (error instanceof PacRejection) throw appError('PAC_REJECTED', MSG.cfdi.pacCancelacionRechazo(error.message));
        if (error instanceof PacUnavailable) throw appError('PAC_UNAVAILABLE', MSG.cfdi.pacCancelacionSinRespuesta);
        throw error;
      }
    },

    /** What the SAT's public status service says of a stamped CFDI. */
    async estadoSat(timbre: Timbrado): Promise<EstadoSat> {
      try {
        return await consultaSat(deps.config.satConsultaUrl, expresionImpresa(timbre), { timeoutMs, fetchImpl: deps.fetchImpl });
      } catch (error) {
        if (error instanceof PacUnavailable) throw appError('PAC_UNAVAILABLE', MSG.cfdi.satSinRespuesta);
        throw error;
      }
    },
  };
}

export const isPacRejection = (error: unknown) => error instanceof AppError && error.code === 'PAC_REJECTED';

export type CfdiService = ReturnType<typeof createCfdiService>;
