import { createHash } from 'node:crypto';
import type { Csd, CsdUploadInput, PacCuenta } from '@bufete/shared';
import { MSG, PAC_AMBIENTES, PAC_PROVEEDORES, type pacSaveSchema, type z } from '@bufete/shared';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { AppError, appError } from '../../http/errors';
import { createSecretBox } from '../../security/secret-box';
import type { HistoryService } from '../history/service';
import type { ProfileService } from '../profile/service';
import { buildComprobante, type ComprobanteIngreso } from './comprobante';
import { buildComprobantePago, type ComprobantePago } from './comprobante-pago';
import { consultaSat, type EstadoSat } from './consulta-sat';
import { openCsd } from './csd';
import { createPac } from './pac/create';
import { type Pac, PacRejection, PacUnavailable } from './pac/pac';
import { createCfdiQueries, type CsdRow, type PacRow } from './queries';
import { expresionImpresa, readTimbrado, type Timbrado, TimbreIlegible } from './timbre';

/** A comprobante before sealing: the Emisor's régimen (the rest of the Emisor and the certificate come from the CSD). */
type Unsealed<T> = Omit<T, 'emisor' | 'certificado'> & { regimenFiscalEmisor: string };

const toPacCuenta = (row: PacRow): PacCuenta => ({
  proveedor: row.proveedor,
  ambiente: row.ambiente,
  metodo: row.usuario ? 'usuario' : 'token',
  usuario: row.usuario,
  prueba: row.probadoAt ? { fecha: row.probadoAt.toISOString(), ok: !!row.pruebaOk, mensaje: row.pruebaMensaje ?? '' } : null,
  updated_at: row.updatedAt.toISOString(),
});

/** Lawyers' own PAC clients kept ready (each holds its session with the PAC): the most recently used, up to this many. */
const OWN_PACS_KEPT = 500;

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
export function createCfdiService(db: Database, deps: { secret: string; profiles: ProfileService; config: Config['cfdi']; fetchImpl?: typeof fetch; history?: HistoryService }) {
  const queries = createCfdiQueries(db);
  const box = createSecretBox(deps.secret, 'cfdi-csd');
  const pacBox = createSecretBox(deps.secret, 'cfdi-pac');
  const operatorPac: Pac | null = deps.config.pac ? createPac(deps.config.pac, { fetchImpl: deps.fetchImpl }) : null;
  const timeoutMs = deps.config.pacTimeoutMs;
  const ownPacs = new Map<string, { version: number; pac: Pac }>();

  /**
   * The PAC a lawyer stamps with: their own account when they saved one,
   * else the operator's, else none. `ref` names it, so a CFDI sent and not
   * confirmed is only sent again to the same one.
   */
  async function pacOf(userId: string): Promise<{ pac: Pac; ref: string; propio: boolean } | null> {
    const row = await queries.pac(userId);
    if (!row) return operatorPac ? { pac: operatorPac, ref: 'despacho', propio: false } : null;
    const opened = pacBox.open(row.credencialesSelladas);
    if (!opened) throw appError('VALIDATION_ERROR', MSG.cfdi.pacIlegible);
    const secret = JSON.parse(opened) as { password?: string; token?: string };
    const who =
      row.usuario ??
      `token:${createHash('sha256')
        .update(secret.token ?? '')
        .digest('hex')
        .slice(0, 12)}`;
    const ref = `propio:${row.proveedor}:${row.ambiente}:${who}`;
    const version = row.updatedAt.getTime();
    let kept = ownPacs.get(userId);
    if (kept?.version !== version) {
      const auth = secret.token ? { token: secret.token } : { user: row.usuario!, password: secret.password ?? '' };
      const config = { provider: row.proveedor, url: deps.config.pacUrls[row.proveedor][row.ambiente], auth, timeoutMs, retries: deps.config.pacRetries };
      kept = { version, pac: createPac(config, { fetchImpl: deps.fetchImpl, credentialsRefused: MSG.cfdi.pacCredencialesPropias }) };
    }
    // Most recently used last; the oldest goes past the bound.
    ownPacs.delete(userId);
    ownPacs.set(userId, kept);
    if (ownPacs.size > OWN_PACS_KEPT) ownPacs.delete(ownPacs.keys().next().value!);
    return { pac: kept.pac, ref, propio: true };
  }

  async function requirePac(userId: string) {
    const found = await pacOf(userId);
    if (!found) throw appError('PAC_NOT_CONFIGURED');
    return found;
  }

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
      await deps.history?.record(db, userId, {
        accion: 'guardar_csd',
        entidad: 'cuenta',
        resumen: `CSD guardado: certificado ${info.noCertificado} de ${info.rfc}, vigente hasta ${info.vigenteHasta.toISOString().slice(0, 10)}`,
      });
      return toCsd(row);
    },

    async deleteCsd(userId: string): Promise<void> {
      const had = await queries.csd(userId);
      await queries.deleteCsd(userId);
      if (had) await deps.history?.record(db, userId, { accion: 'eliminar_csd', entidad: 'cuenta', resumen: `CSD eliminado: certificado ${had.noCertificado}` });
    },

    /**
     * A CFDI de Ingreso sealed with the lawyer's CSD (checked again: valid
     * now), the Emisor's RFC and name as the certificate has them. Returns the
     * XML and its cadena original.
     */
    sealIngreso: (userId: string, input: Unsealed<ComprobanteIngreso>) => sealWith(userId, input, buildComprobante),

    /** A CFDI de tipo Pago (Complemento de Pagos 2.0), sealed the same way. */
    sealPago: (userId: string, input: Unsealed<ComprobantePago>) => sealWith(userId, input, buildComprobantePago),

    /** The lawyer can stamp: their own PAC account, or the operator's. */
    hasPac: async (userId: string) => (await queries.pac(userId)) !== undefined || operatorPac !== null,

    /** Which PAC a CFDI sent now would go to (see `pacOf`); null without one. */
    pacRef: async (userId: string) => (await pacOf(userId))?.ref ?? null,

    /**
     * Stamps a sealed CFDI through the lawyer's PAC. `customId` is Bufete's id
     * of it: a second call with the same XML and id gets the stamp already
     * made — from the same PAC only (`sentTo`, when it was sent before). A
     * refusal is PAC_REJECTED (its message in Spanish; nothing was stamped);
     * no answer is PAC_UNAVAILABLE (whether it was stamped is not known).
     */
    async stamp(userId: string, xml: string, customId: string, sentTo: string | null = null): Promise<{ xml: string; timbre: Timbrado }> {
      const { pac, ref } = await requirePac(userId);
      if (sentTo && sentTo !== ref) throw appError('CFDI_CONFLICT', MSG.cfdi.pacCambiado);
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

    /** Asks the SAT, through the lawyer's PAC and with their CSD, to cancel a CFDI of theirs. */
    async cancel(userId: string, input: { uuid: string; motivo: string; folioSustitucion: string | null }) {
      const { pac } = await requirePac(userId);
      const { csd, cer, key, password } = await credentialsOf(userId);
      try {
        return await pac.cancel({ rfc: csd.info.rfc, uuid: input.uuid, motivo: input.motivo, folioSustitucion: input.folioSustitucion, cer, key, password });
      } catch (error) {
        if (error instanceof PacRejection) throw appError('PAC_REJECTED', MSG.cfdi.pacCancelacionRechazo(error.message));
        if (error instanceof PacUnavailable) throw appError('PAC_UNAVAILABLE', MSG.cfdi.pacCancelacionSinRespuesta);
        throw error;
      }
    },

    /** The lawyer's own PAC account (never its secret), and whether the operator set one for everyone. */
    async pacStatus(userId: string) {
      const row = await queries.pac(userId);
      return { propio: row ? toPacCuenta(row) : null, del_despacho: operatorPac !== null };
    },

    /** Saves the lawyer's own PAC account, its password or token sealed; its last test is forgotten. */
    async savePac(userId: string, input: z.output<typeof pacSaveSchema>) {
      const secret = input.metodo === 'token' ? { token: input.token } : { password: input.contrasena };
      await queries.savePac({
        userId,
        proveedor: input.proveedor,
        ambiente: input.ambiente,
        usuario: input.metodo === 'usuario' ? input.usuario : null,
        credencialesSelladas: pacBox.seal(JSON.stringify(secret)),
        updatedAt: new Date(),
      });
      const proveedor = PAC_PROVEEDORES.find((item) => item.clave === input.proveedor)!.nombre;
      await deps.history?.record(db, userId, {
        accion: 'guardar_pac',
        entidad: 'cuenta',
        resumen: `Cuenta de PAC guardada: ${proveedor}, ${input.ambiente === 'produccion' ? 'producción' : 'pruebas'}`,
      });
      return this.pacStatus(userId);
    },

    async deletePac(userId: string) {
      if (await queries.deletePac(userId)) await deps.history?.record(db, userId, { accion: 'eliminar_pac', entidad: 'cuenta', resumen: 'Cuenta de PAC propia eliminada' });
      ownPacs.delete(userId);
      return this.pacStatus(userId);
    },

    /**
     * 'Probar conexión': signs in to the PAC the lawyer would stamp with and
     * reads their stamps left. The result of their own account's test is kept
     * (shown beside it); a refusal is the PAC's message, in Spanish.
     */
    async testPac(userId: string): Promise<{ ok: true; mensaje: string }> {
      const { pac, propio } = await requirePac(userId);
      const row = propio ? await queries.pac(userId) : undefined;
      const proveedor = PAC_PROVEEDORES.find((item) => item.clave === (row?.proveedor ?? deps.config.pac?.provider ?? 'sw'))!.nombre;
      const ambiente = row ? PAC_AMBIENTES.find((item) => item.clave === row.ambiente)!.clave.replace('produccion', 'producción') : 'cuenta del despacho';
      try {
        const { timbres } = await pac.check();
        const mensaje = MSG.cfdi.pacConexionCorrecta(proveedor, ambiente, timbres);
        if (propio) await queries.recordPacTest(userId, { ok: true, mensaje });
        return { ok: true, mensaje };
      } catch (error) {
        const failure =
          error instanceof PacRejection
            ? appError('PAC_REJECTED', error.message)
            : error instanceof PacUnavailable
              ? appError('PAC_UNAVAILABLE', MSG.cfdi.pacPruebaSinRespuesta)
              : null;
        if (!failure) throw error;
        if (propio) await queries.recordPacTest(userId, { ok: false, mensaje: failure.message });
        throw failure;
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
