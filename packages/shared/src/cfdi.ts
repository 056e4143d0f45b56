import { FORMA_PAGO_CLAVES } from './values/fiscal';
import {
  CFDI_ESTADOS,
  MOTIVOS_CANCELACION_GLOBAL,
  PAC_AMBIENTES,
  PAC_PROVEEDORES,
  type PacAmbiente,
  type PacProveedor,
  PERIODICIDADES_GLOBAL,
  type PeriodicidadGlobal,
} from './values/cfdi';
import { isCalendarDate } from './values/fields';
import { instant } from './common';
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

export const csdReply = z.strictObject({ csd: csdSchema.nullable() });

/** 'Timbrar complemento': the payment's real form when it was recorded as 'No registrada' (an empty body otherwise). */
export const complementoPagoSchema = z.strictObject({ forma_pago: z.enum(FORMA_PAGO_CLAVES, { error: MSG.invoices.formaPagoInvalida }).optional() }).optional();

const proveedores = PAC_PROVEEDORES.map((proveedor) => proveedor.clave) as [PacProveedor, ...PacProveedor[]];
const ambientes = PAC_AMBIENTES.map((ambiente) => ambiente.clave) as [PacAmbiente, ...PacAmbiente[]];

/**
 * The lawyer's own PAC account (Configuración → Perfil), instead of the one
 * the operator set for everyone: a user and password, or a token. Saved
 * sealed with the app's secret; never sent back.
 */
export const pacSaveSchema = z
  .object({
    proveedor: z.enum(proveedores, { error: MSG.validation.badRequest }).default('sw'),
    ambiente: z.enum(ambientes, { error: MSG.cfdi.pacAmbienteObligatorio }),
    metodo: z.enum(['usuario', 'token'], { error: MSG.validation.badRequest }),
    usuario: z.string({ error: MSG.cfdi.pacUsuarioObligatorio }).trim().max(200, { error: MSG.validation.tooLong }).optional().default(''),
    contrasena: z.string({ error: MSG.cfdi.pacContrasenaObligatoria }).max(200, { error: MSG.validation.tooLong }).optional().default(''),
    token: z.string({ error: MSG.cfdi.pacTokenObligatorio }).trim().max(4000, { error: MSG.validation.tooLong }).optional().default(''),
  })
  .superRefine((input, ctx) => {
    if (input.metodo === 'usuario' && !input.usuario) ctx.addIssue({ code: 'custom', path: ['usuario'], message: MSG.cfdi.pacUsuarioObligatorio });
    if (input.metodo === 'usuario' && !input.contrasena) ctx.addIssue({ code: 'custom', path: ['contrasena'], message: MSG.cfdi.pacContrasenaObligatoria });
    if (input.metodo === 'token' && !input.token) ctx.addIssue({ code: 'custom', path: ['token'], message: MSG.cfdi.pacTokenObligatorio });
  });
export type PacSaveInput = z.input<typeof pacSaveSchema>;

/** What the lawyer sees of their PAC account: never its password or token. */
export const pacCuentaSchema = z.strictObject({
  proveedor: z.enum(proveedores),
  ambiente: z.enum(ambientes),
  metodo: z.enum(['usuario', 'token']),
  usuario: z.string().nullable(),
  /** The last 'Probar conexión': when, whether it worked and what the PAC said. */
  prueba: z.strictObject({ fecha: instant, ok: z.boolean(), mensaje: z.string() }).nullable(),
  updated_at: instant,
});
export type PacCuenta = z.infer<typeof pacCuentaSchema>;
/** The lawyer's own PAC, and whether the installation has one for everyone (used when they have none). */
export const pacReply = z.strictObject({ propio: pacCuentaSchema.nullable(), del_despacho: z.boolean() });

const MOTIVO_CLAVES = ['01', '02', '03', '04'] as const;

/** A CFDI of an invoice: its CFDI de Ingreso, or the Complemento de Pago of one of its payments. */
export const cfdiComprobanteSchema = z.strictObject({
  id: z.string(),
  tipo: z.enum(['I', 'P', 'E']),
  pago_id: z.string().nullable(),
  /** A credit note's (tipo E). */
  nota_credito: z.strictObject({ id: z.string(), motivo: z.string(), descripcion: z.string().nullable() }).nullable(),
  estado: z.enum(CFDI_ESTADOS),
  /** Folio fiscal. */
  uuid: z.string().nullable(),
  fecha_timbrado: instant.nullable(),
  serie: z.string().nullable(),
  folio: z.string().nullable(),
  total: z.string(),
  metodo_pago: z.string().nullable(),
  cancelacion: z.strictObject({ motivo: z.string(), folio_sustitucion: z.string().nullable(), solicitada: instant }).nullable(),
  /** What the SAT's status service said last ('Vigente', 'Cancelado', with the cancellation's status) and when. */
  estatus_sat: z.string().nullable(),
  consultado_at: instant.nullable(),
});
export type CfdiComprobante = z.infer<typeof cfdiComprobanteSchema>;

/** 'Cancelar CFDI': the SAT's motivo; with '01', the UUID of the CFDI that replaces it. */
export const cfdiCancelSchema = z
  .object({
    motivo: z.enum(MOTIVO_CLAVES, { error: MSG.cfdi.motivoInvalido }),
    folio_sustitucion: z
      .string({ error: MSG.cfdi.folioSustitucionInvalido })
      .trim()
      .max(36, { error: MSG.cfdi.folioSustitucionInvalido })
      .nullable()
      .optional()
      .transform((value) => (value ? value.toUpperCase() : null)),
  })
  .superRefine((input, ctx) => {
    if (input.motivo === '01' && !input.folio_sustitucion) ctx.addIssue({ code: 'custom', path: ['folio_sustitucion'], message: MSG.cfdi.folioSustitucionObligatorio });
    else if (input.folio_sustitucion && !/^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}$/.test(input.folio_sustitucion)) {
      ctx.addIssue({ code: 'custom', path: ['folio_sustitucion'], message: MSG.cfdi.folioSustitucionInvalido });
    }
  })
  .transform((input) => ({ motivo: input.motivo, folio_sustitucion: input.motivo === '01' ? input.folio_sustitucion : null }));
export type CfdiCancelInput = z.input<typeof cfdiCancelSchema>;

export const cfdiReply = z.strictObject({ cfdi: cfdiComprobanteSchema });

/** One side of a sustitución: the invoice and its CFDI de Ingreso (none yet for a substitute not stamped). */
const ladoSustitucion = z.strictObject({ id: z.string(), numero_factura: z.string(), uuid: z.string().nullable(), estado: z.enum(CFDI_ESTADOS).nullable() });

/**
 * 'Sustituir CFDI', where it stands: the substitute's CFDI to stamp (related
 * 04), the original's to cancel with motivo 01 naming it, the receptor's
 * answer awaited, or done.
 */
export const sustitucionSchema = z.strictObject({
  original: ladoSustitucion,
  sustituto: ladoSustitucion,
  paso: z.enum(['timbrar_sustituto', 'cancelar_original', 'esperando_receptor', 'terminada']),
});
export type Sustitucion = z.infer<typeof sustitucionSchema>;
export const sustitucionReply = z.strictObject({ sustitucion: sustitucionSchema });

/** 'Factura global': the period, by its periodicidad and any day in it. */
export const facturaGlobalSchema = z.object({
  periodicidad: z.enum(PERIODICIDADES_GLOBAL.map((item) => item.clave) as [PeriodicidadGlobal, ...PeriodicidadGlobal[]], { error: MSG.cfdi.globalPeriodicidad }),
  fecha: z.string({ error: MSG.cfdi.globalFecha }).trim().refine(isCalendarDate, { error: MSG.cfdi.globalFecha }),
});
export type FacturaGlobalInput = z.input<typeof facturaGlobalSchema>;

/** A receipt a factura global holds (or would hold): its number, client, day paid and amounts. */
export const reciboGlobalSchema = z.strictObject({
  id: z.string(),
  numero_factura: z.string(),
  cliente: z.string().nullable(),
  fecha_pago: z.string(),
  forma_pago: z.string(),
  subtotal: z.string(),
  iva: z.string(),
  total: z.string(),
});
export type ReciboGlobal = z.infer<typeof reciboGlobalSchema>;

const periodoGlobalSchema = z.strictObject({ periodicidad: z.string(), meses: z.string(), anio: z.number(), desde: z.string(), hasta: z.string() });

/** What a factura global of the period would hold, before it is stamped. */
export const globalPreviewSchema = z.strictObject({
  periodo: periodoGlobalSchema,
  recibos: z.array(reciboGlobalSchema),
  subtotal: z.string(),
  iva: z.string(),
  total: z.string(),
  forma_pago: z.string().nullable(),
});
export type GlobalPreview = z.infer<typeof globalPreviewSchema>;

/** A factura global issued: 'GLO-0001', its period and CFDI. */
export const facturaGlobalOutSchema = z.strictObject({
  id: z.string(),
  numero: z.string(),
  periodo: periodoGlobalSchema,
  total: z.string(),
  recibos: z.number(),
  estado: z.enum(CFDI_ESTADOS),
  uuid: z.string().nullable(),
  fecha_timbrado: instant.nullable(),
  /** Its cancellation once asked for: the SAT's motivo and when. */
  cancelacion: z.strictObject({ motivo: z.string(), solicitada: instant }).nullable(),
});
export type FacturaGlobal = z.infer<typeof facturaGlobalOutSchema>;

export const globalCancelSchema = z.object({
  motivo: z.enum(MOTIVOS_CANCELACION_GLOBAL, { error: MSG.cfdi.motivoGlobalInvalido }),
});
export type GlobalCancelInput = z.input<typeof globalCancelSchema>;
