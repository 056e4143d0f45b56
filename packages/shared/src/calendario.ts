import { EMAIL_REMINDER_MINUTES, POPUP_REMINDER_MINUTES, EVENTO_ORIGENES, DIAGNOSTIC_STATES } from './values/calendario';
import { casoRefSchema, clienteNombreSchema, instant } from './common';
import { LIMITS } from './constants';
import { filterId, isoDateTime, optionalId, optionalText, recordId } from './fields';
import { MSG } from './messages';
import { etiquetaSchema } from './notas';
import { z } from './zod';

const c = MSG.calendar;

/**
 * A reminder field: minutes from its list, or none ('', 'none' or null).
 * Accepts the select's text ('15') as well as numbers: forms send what was chosen.
 */
const reminder = (choices: readonly number[]) =>
  z
    .union([z.number({ error: c.recordatorioInvalido }), z.string({ error: c.recordatorioInvalido }), z.null()])
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === null || value === '' || value === 'none') return null;
      const minutes = Number(value);
      if (!choices.includes(minutes)) {
        ctx.addIssue({ code: 'custom', message: c.recordatorioInvalido });
        return z.NEVER;
      }
      return minutes;
    });

/** The appointment dialog: summary, times, place, reminders, its case, client and tags. */
export const eventoSaveSchema = z
  .object({
    titulo: z.string({ error: c.tituloObligatorio }).trim().min(1, { error: c.tituloObligatorio }).max(LIMITS.eventTitleMax, { error: MSG.validation.tooLong }),
    descripcion: optionalText(LIMITS.descripcionMax),
    ubicacion: optionalText(LIMITS.eventPlaceMax),
    inicio: isoDateTime(c.inicioInvalido),
    fin: isoDateTime(c.finInvalido),
    recordatorio_email: reminder(EMAIL_REMINDER_MINUTES),
    recordatorio_popup: reminder(POPUP_REMINDER_MINUTES),
    /** A hearing: shown with the case's due dates ('Próximos vencimientos') and warned of the day before. */
    audiencia: z.boolean({ error: MSG.validation.badRequest }).optional().default(false),
    caso_id: optionalId,
    cliente_id: optionalId,
    etiquetas: z
      .array(recordId, { error: MSG.validation.badRequest })
      .max(LIMITS.calendarTagsMax, { error: c.demasiadasEtiquetas })
      .optional()
      .transform((ids) => [...new Set(ids ?? [])]),
  })
  .superRefine((value, ctx) => {
    const start = Date.parse(value.inicio);
    const end = Date.parse(value.fin);
    if (end <= start) ctx.addIssue({ code: 'custom', path: ['fin'], message: c.finAntesDeInicio });
    else if (end - start > LIMITS.eventMaxDays * 86_400_000) ctx.addIssue({ code: 'custom', path: ['fin'], message: c.duracionExcesiva });
  });
export type EventoSaveInput = z.input<typeof eventoSaveSchema>;
export type EventoSaveOutput = z.output<typeof eventoSaveSchema>;

export const eventoSchema = z.strictObject({
  id: z.string(),
  titulo: z.string(),
  descripcion: z.string().nullable(),
  ubicacion: z.string().nullable(),
  inicio: instant,
  fin: instant,
  recordatorio_email: z.number().nullable(),
  recordatorio_popup: z.number().nullable(),
  audiencia: z.boolean(),
  caso: casoRefSchema.nullable(),
  cliente: clienteNombreSchema.nullable(),
  etiquetas: z.array(etiquetaSchema),
  /** Created in Bufete, or brought in from Google Calendar. */
  origen: z.enum(EVENTO_ORIGENES),
  /** Whether Google has this version (false while a change waits to be sent). */
  sincronizado: z.boolean(),
  /** The event in Google Calendar, once it is there. */
  google_url: z.string().nullable(),
  created_at: instant,
  updated_at: instant,
});
export type Evento = z.infer<typeof eventoSchema>;

/** Events that overlap [desde, hasta): at most 62 days, optionally one case's or one client's. */
export const eventoRangeQuerySchema = z
  .object({
    desde: isoDateTime(c.rangoInvalido),
    hasta: isoDateTime(c.rangoInvalido),
    caso_id: filterId,
    cliente_id: filterId,
    /** 'Míos': the appointments of the cases the person signed in works on. */
    mios: z.enum(['0', '1'], { error: MSG.validation.badRequest }).optional(),
  })
  .superRefine((value, ctx) => {
    const span = Date.parse(value.hasta) - Date.parse(value.desde);
    if (span <= 0 || span > LIMITS.calendarRangeDays * 86_400_000) ctx.addIssue({ code: 'custom', path: ['hasta'], message: c.rangoInvalido });
  });

/** The next appointments from now ('Próximos eventos', a case's upcoming appointments). */
export const eventoUpcomingQuerySchema = z.object({ caso_id: filterId, cliente_id: filterId, mios: z.enum(['0', '1'], { error: MSG.validation.badRequest }).optional() });

export const calendarSummarySchema = z.strictObject({
  /** Appointments this calendar month, in the lawyer's time zone. */
  este_mes: z.number(),
  /** Appointments starting in the next 7 days. */
  proximos_7_dias: z.number(),
});

export const googleStatusSchema = z.strictObject({
  /** Whether this server has Google credentials (GOOGLE_CLIENT_ID / SECRET). */
  configurado: z.boolean(),
  conectado: z.boolean(),
  ultima_sincronizacion: instant.nullable(),
  /** Something the lawyer should know (Google disconnected us and why). */
  aviso: z.string().nullable(),
  /** Where Google sends the lawyer back (must be registered in Google Cloud). */
  redirect_uri: z.string(),
});
export type GoogleStatus = z.infer<typeof googleStatusSchema>;

export const googleCallbackSchema = z.object({
  code: z.string({ error: c.sinCodigo }).trim().min(1, { error: c.sinCodigo }).max(2048, { error: c.sinCodigo }),
  state: z.string({ error: c.sinParametros }).trim().min(1, { error: c.sinParametros }).max(256, { error: c.sinParametros }),
});

export const syncResultSchema = z.strictObject({
  message: z.string(),
  importados: z.number(),
  enviados: z.number(),
  eliminados: z.number(),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const calendarDiagnosticSchema = z.strictObject({
  checks: z.array(z.strictObject({ id: z.string(), nombre: z.string(), estado: z.enum(DIAGNOSTIC_STATES), detalle: z.string() })),
  /** Values worth copying into a support request: never a token or a secret. */
  valores: z.record(z.string(), z.string()),
});
export type CalendarDiagnostic = z.infer<typeof calendarDiagnosticSchema>;

export const eventoReply = z.strictObject({ evento: eventoSchema });
export const feedReply = z.strictObject({ url: z.string() });
