import {
  agendarPlazoSchema,
  calendarioConAfectados,
  calendarioPlazosSchema,
  efectosQuerySchema,
  efectosSchema,
  nuevoCalendarioSchema,
  reglaPropiaInputSchema,
  reglaPropiaSchema,
  nuevoDiaInhabilSchema,
  plazoCalculadoSchema,
  plazoQuerySchema,
  revisarPlazoSchema,
} from '../plazos';
import { endpoint } from '../endpoint';
import { itemsOf, okSchema } from '../common';
import { z } from '../zod';

/** The plazos endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */
export const plazosApi = {
  calendarios: endpoint({ method: 'GET', path: '/plazos/calendarios', auth: 'user', response: itemsOf(calendarioPlazosSchema) }),
  crearCalendario: endpoint({
    method: 'POST',
    path: '/plazos/calendarios',
    auth: 'user',
    body: nuevoCalendarioSchema,
    response: z.strictObject({ calendario: calendarioPlazosSchema }),
    status: 201,
  }),
  eliminarCalendario: endpoint({ method: 'DELETE', path: '/plazos/calendarios/:id', auth: 'user', response: okSchema }),
  /** Adds a día inhábil; answers with the scheduled plazos it moves (due today or later), to offer moving them. */
  agregarDia: endpoint({ method: 'POST', path: '/plazos/calendarios/:id/dias', auth: 'user', body: nuevoDiaInhabilSchema, response: calendarioConAfectados, status: 201 }),
  /** Counts a scheduled plazo again and moves its appointments to the new due date. */
  mover: endpoint({ method: 'POST', path: '/plazos/agendados/:id/move', auth: 'user', response: z.strictObject({ vence: z.string() }) }),
  /** A plazo marked for review (its actuación moved): counted again from the actuación's day, or kept as it was counted. */
  revisar: endpoint({ method: 'POST', path: '/plazos/agendados/:id/review', auth: 'user', body: revisarPlazoSchema, response: z.strictObject({ vence: z.string() }) }),
  calcular: endpoint({ method: 'GET', path: '/plazos/calculate', auth: 'user', query: plazoQuerySchema, response: plazoCalculadoSchema }),
  agendar: endpoint({
    method: 'POST',
    path: '/plazos/schedule',
    auth: 'user',
    body: agendarPlazoSchema,
    response: z.strictObject({ plazo: plazoCalculadoSchema, evento_id: z.string(), aviso_id: z.string().nullable() }),
    status: 201,
  }),
  /** The lawyer's own rules (the catalogue is code: reglas-plazo.ts). */
  reglas: endpoint({ method: 'GET', path: '/plazos/reglas', auth: 'user', response: itemsOf(reglaPropiaSchema) }),
  crearRegla: endpoint({ method: 'POST', path: '/plazos/reglas', auth: 'user', body: reglaPropiaInputSchema, response: z.strictObject({ regla: reglaPropiaSchema }), status: 201 }),
  eliminarRegla: endpoint({ method: 'DELETE', path: '/plazos/reglas/:id', auth: 'user', response: okSchema }),
  /** The day a publication takes effect in a case: proposed for an actuación, editable. */
  efectos: endpoint({ method: 'GET', path: '/plazos/efectos', auth: 'user', query: efectosQuerySchema, response: efectosSchema }),
};
