import type { Csd, CsdUploadInput } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import type { Database } from '../../db/client';
import { appError } from '../../http/errors';
import { createSecretBox } from '../../security/secret-box';
import type { ProfileService } from '../profile/service';
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
  };
}

export type CfdiService = ReturnType<typeof createCfdiService>;
