import { emailSchema } from './account';
import { MSG } from './messages';
import { ROLES, ROLES_INVITABLES } from './values/equipo';
import { z } from './zod';

export * from './values/equipo';

export const despachoSchema = z.strictObject({
  /** The despacho's id: its titular's account. */
  id: z.string(),
  nombre: z.string(),
  rol: z.enum(ROLES),
  facturacion: z.boolean(),
});
export type Despacho = z.infer<typeof despachoSchema>;

export const miembroSchema = z.strictObject({
  id: z.string(),
  nombre: z.string(),
  email: z.string(),
  rol: z.enum(ROLES),
  facturacion: z.boolean(),
  desde: z.string(),
  /** The person signed in now. */
  tu: z.boolean(),
});
export type Miembro = z.infer<typeof miembroSchema>;

export const invitacionSchema = z.strictObject({
  id: z.string(),
  email: z.string(),
  rol: z.enum(ROLES_INVITABLES),
  facturacion: z.boolean(),
  estado: z.enum(['pendiente', 'caducada']),
  expira: z.string(),
  creada: z.string(),
});
export type Invitacion = z.infer<typeof invitacionSchema>;

const rolInvitable = z.enum(ROLES_INVITABLES, { error: MSG.equipo.rolInvalido });

/** A pasante never handles money: invoicing is not theirs to be opened. */
const sinDineroParaPasantes = <T extends { rol: string; facturacion: boolean }>(input: T): T => ({ ...input, facturacion: input.rol !== 'pasante' && input.facturacion });

export const invitarSchema = z
  .object({
    email: emailSchema,
    rol: rolInvitable,
    facturacion: z.boolean({ error: MSG.equipo.rolInvalido }).optional().default(false),
  })
  .transform(sinDineroParaPasantes);
export const cambiarRolSchema = z
  .object({
    rol: rolInvitable,
    facturacion: z.boolean({ error: MSG.equipo.rolInvalido }).optional().default(false),
  })
  .transform(sinDineroParaPasantes);
export const invitationTokenSchema = z.object({
  token: z.string({ error: MSG.equipo.invitacionInvalida }).trim().min(20, { error: MSG.equipo.invitacionInvalida }).max(200, { error: MSG.equipo.invitacionInvalida }),
});
export const cambiarDespachoSchema = z.object({ despacho_id: z.uuid({ error: MSG.http.notFound }).transform((value) => value.toLowerCase()) });
