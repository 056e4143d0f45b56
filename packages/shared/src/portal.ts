import { emailSchema, newPasswordValue } from './account';
import { LIMITS } from './constants';
import { day, instant } from './common';
import { MSG } from './messages';
import { pagoEnLineaSchema } from './pagos-en-linea';
import { CFDI_ESTADOS } from './values/cfdi';
import { FACTURA_ESTADOS_REGISTRO } from './values/facturas';
import { z } from './zod';

/**
 * The client's portal (issue 38): a client of a lawyer signs in with a
 * one-use link sent to the address the lawyer invited, and sees only what is
 * theirs and what the lawyer shared.
 */

/** 'Entrar al portal': the address a link is sent to. */
export const portalEnlaceSchema = z.object({ email: emailSchema });

/** The link's token, as the page read it from its address (43 base64url characters). */
export const portalEntrarSchema = z.object({
  token: z
    .string({ error: MSG.portal.enlaceInvalido })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, { error: MSG.portal.enlaceInvalido }),
});

/** 'Entrar con contraseña': the address and the password the client set in the portal. */
export const portalEntrarContrasenaSchema = z.object({
  email: emailSchema,
  contrasena: z
    .string({ error: MSG.portal.credencialesInvalidas })
    .min(1, { error: MSG.portal.credencialesInvalidas })
    .max(LIMITS.passwordMax, { error: MSG.portal.credencialesInvalidas }),
});

/** 'Guardar contraseña' in the portal (optional): as long as a lawyer's new one. */
export const portalContrasenaSchema = z.object({ contrasena: newPasswordValue });

/** Who is signed in to the portal: the client, and whose client they are. */
export const portalSesionSchema = z.strictObject({
  cliente: z.strictObject({ nombre: z.string(), email: z.string(), con_contrasena: z.boolean() }),
  /** The lawyer as their profile names them ('abogada': 'Tu abogada'). */
  abogado: z.strictObject({ nombre: z.string(), especialidad: z.string().nullable(), email: z.string(), tratamiento: z.enum(['abogada', 'abogado']).nullable() }),
});
export type PortalSesion = z.infer<typeof portalSesionSchema>;

/** A case's next hearing, when the lawyer shows it: said in the lawyer's time zone (`zona`), the court's. */
export const proximaAudienciaSchema = z.strictObject({ titulo: z.string(), inicio: instant, ubicacion: z.string().nullable(), zona: z.string() });
export type ProximaAudiencia = z.infer<typeof proximaAudienciaSchema>;

/** A case as its client sees it. */
export const portalCasoSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  estado: z.string(),
  expediente: z.string().nullable(),
  juzgado: z.string().nullable(),
  updated_at: instant,
  proxima_audiencia: proximaAudienciaSchema.nullable(),
});
export type PortalCaso = z.infer<typeof portalCasoSchema>;

/** A document the lawyer shared. */
export const portalDocumentoSchema = z.strictObject({ id: z.string(), nombre: z.string(), tipo: z.string(), tamano: z.number(), created_at: instant });
/** An actuación the lawyer shared. */
export const portalActuacionSchema = z.strictObject({ id: z.string(), fecha_publicacion: day, tipo: z.string(), texto: z.string() });

/** A case with what was shared of it. */
export const portalCasoDetalleSchema = z.strictObject({
  caso: portalCasoSchema,
  actuaciones: z.array(portalActuacionSchema),
  documentos: z.array(portalDocumentoSchema),
  /** What the client sent to this case from the portal. */
  enviados: z.array(portalDocumentoSchema),
});
export type PortalCasoDetalle = z.infer<typeof portalCasoDetalleSchema>;

/** An invoice as its client sees it: the figures, what is owed, its CFDI. */
export const portalFacturaSchema = z.strictObject({
  id: z.string(),
  numero_factura: z.string(),
  fecha_emision: day,
  fecha_vencimiento: day.nullable(),
  concepto: z.string(),
  monto_total: z.string(),
  monto_pagado: z.string(),
  saldo: z.string(),
  estado: z.enum(FACTURA_ESTADOS_REGISTRO),
  cfdi: z.strictObject({ uuid: z.string().nullable(), estado: z.enum(CFDI_ESTADOS) }).nullable(),
  /** An OXXO voucher of it waiting to be paid: no second payment is offered meanwhile. */
  ficha: pagoEnLineaSchema.nullable(),
});
export type PortalFactura = z.infer<typeof portalFacturaSchema>;

/** `pago_en_linea`: the lawyer takes payments online ('Pagar' on what is owed). */
export const portalFacturasSchema = z.strictObject({ items: z.array(portalFacturaSchema), saldo: z.string(), pago_en_linea: z.boolean() });

/** The lawyer's side of a case in the portal: whether its next hearing is shown, and which one that is. */
export const casoPortalSchema = z.strictObject({ audiencia_visible: z.boolean(), proxima_audiencia: proximaAudienciaSchema.nullable() });
export type CasoPortal = z.infer<typeof casoPortalSchema>;
export const casoPortalInputSchema = z.object({ audiencia_visible: z.boolean() });

/** The lawyer's side: the client's access to the portal. */
export const portalAccesoSchema = z.strictObject({
  email: z.string(),
  estado: z.enum(['activo', 'suspendido']),
  invitado_at: instant,
  ultima_visita_at: instant.nullable(),
});
export type PortalAcceso = z.infer<typeof portalAccesoSchema>;
export const portalAccesoReply = z.strictObject({ acceso: portalAccesoSchema.nullable() });

/** A message of a case between the client and the lawyer. */
export const mensajeSchema = z.strictObject({ id: z.string(), autor: z.enum(['cliente', 'abogado']), texto: z.string(), created_at: instant });
export type Mensaje = z.infer<typeof mensajeSchema>;
export const mensajesReply = z.strictObject({ items: z.array(mensajeSchema) });

/** 'Enviar mensaje': the text, up to 4,000 characters. */
export const mensajeInputSchema = z.object({
  texto: z.string({ error: MSG.portal.mensajeVacio }).trim().min(1, { error: MSG.portal.mensajeVacio }).max(4000, { error: MSG.portal.mensajeLargo }),
});
export type MensajeInput = z.input<typeof mensajeInputSchema>;
