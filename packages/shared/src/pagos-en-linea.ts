import { instant } from './common';
import { MSG } from './messages';
import { z } from './zod';

/**
 * Online payments from the portal (issue 38): the lawyer's own account with
 * the provider (Stripe: cards and OXXO, in pesos), off until switched on.
 */
export const PAGO_EN_LINEA_ESTADOS = ['abierto', 'en_espera', 'pagado', 'fallido', 'expirado'] as const;
export type PagoEnLineaEstado = (typeof PAGO_EN_LINEA_ESTADOS)[number];

/** Stripe's secret or restricted key (test or live); blank keeps the one saved. */
const claveSecreta = z
  .string({ error: MSG.pagos.claveInvalida })
  .trim()
  .max(255, { error: MSG.pagos.claveInvalida })
  .refine((value) => value === '' || /^(sk|rk)_(test|live)_[A-Za-z0-9][A-Za-z0-9_]{7,}$/.test(value), { error: MSG.pagos.claveInvalida });
const secretoWebhook = z
  .string({ error: MSG.pagos.secretoInvalido })
  .trim()
  .max(255, { error: MSG.pagos.secretoInvalido })
  .refine((value) => value === '' || /^whsec_[A-Za-z0-9+/=_-]{8,}$/.test(value), { error: MSG.pagos.secretoInvalido });

/** 'Guardar' of 'Pagos en línea': blank secrets keep the saved ones. */
export const cuentaPagosSaveSchema = z.object({
  activo: z.boolean({ error: MSG.pagos.claveObligatoria }),
  clave_secreta: claveSecreta.default(''),
  secreto_webhook: secretoWebhook.default(''),
});
export type CuentaPagosSaveInput = z.input<typeof cuentaPagosSaveSchema>;

/** The account as the screen shows it: never a secret, only the key's end. */
export const cuentaPagosSchema = z.strictObject({
  proveedor: z.literal('stripe'),
  activo: z.boolean(),
  modo: z.enum(['pruebas', 'produccion']),
  clave_fin: z.string(),
  con_secreto_webhook: z.boolean(),
  ultimo_evento_at: instant.nullable(),
  updated_at: instant,
});
export type CuentaPagos = z.infer<typeof cuentaPagosSchema>;
/** The address to register with the provider exists before the account does (the lawyer needs it to get the signing secret). */
export const cuentaPagosReply = z.strictObject({ cuenta: cuentaPagosSchema.nullable(), webhook_url: z.string(), eventos: z.array(z.string()) });

/** An online payment as the client's portal shows it. */
export const pagoEnLineaSchema = z.strictObject({
  id: z.string(),
  estado: z.enum(PAGO_EN_LINEA_ESTADOS),
  metodo: z.enum(['card', 'oxxo']).nullable(),
  monto: z.string(),
  factura: z.strictObject({ id: z.string(), numero_factura: z.string() }),
  ficha_url: z.string().nullable(),
  ficha_vence: instant.nullable(),
});
export type PagoEnLinea = z.infer<typeof pagoEnLineaSchema>;
