import { instant, okSchema } from './common';
import { endpoint } from './endpoint';
import { MSG } from './messages';
import { z } from './zod';

/** A .cer or .key as the SAT delivers them is 1–2 KB; 16 KB in base64 is far more than any. */
const CSD_FILE_MAX_BASE64 = 16_384;
const fileBase64 = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, { error: message })
    .max(CSD_FILE_MAX_BASE64, { error: message })
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: message });

/** 'Subir CSD' (Configuración → Datos fiscales): the two files in base64 and the key's password. */
export const csdUploadSchema = z.object({
  cer: fileBase64(MSG.cfdi.cerInvalido),
  key: fileBase64(MSG.cfdi.llaveOPasswordIncorrecta),
  password: z.string({ error: MSG.cfdi.passwordObligatoria }).min(1, { error: MSG.cfdi.passwordObligatoria }).max(256, { error: MSG.validation.tooLong }),
});
export type CsdUploadInput = z.input<typeof csdUploadSchema>;

/** What the lawyer sees of their CSD: never the key, its password or the certificate's bytes. */
export const csdSchema = z.strictObject({
  rfc: z.string(),
  nombre: z.string(),
  no_certificado: z.string(),
  vigente_desde: instant,
  vigente_hasta: instant,
  updated_at: instant,
});
export type Csd = z.infer<typeof csdSchema>;

const csdReply = z.strictObject({ csd: csdSchema.nullable() });

/** CFDI 4.0 (issue 27): the lawyer's Certificado de Sello Digital. */
export const cfdiApi = {
  csd: endpoint({ method: 'GET', path: '/cfdi/csd', auth: 'user', response: csdReply }),
  saveCsd: endpoint({ method: 'PUT', path: '/cfdi/csd', auth: 'user', body: csdUploadSchema, response: csdReply }),
  deleteCsd: endpoint({ method: 'DELETE', path: '/cfdi/csd', auth: 'user', response: okSchema }),
};
