/** Plain values of the calendario area that screens show (lists, labels, helpers): no zod here, so a page that reads them loads no schema (docs/decisions/0028). */

/** Email reminder choices, minutes before the start (spec part 2, section 5). */
export const EMAIL_REMINDER_MINUTES = [5, 10, 15, 30, 60, 120, 1440, 2880] as const;
/** Popup (in-app) reminder choices, minutes before the start. */
export const POPUP_REMINDER_MINUTES = [5, 10, 15, 30, 60] as const;
export const DEFAULT_REMINDERS = { email: 15, popup: 10 } as const;

/** How a reminder choice reads: '15 minutos antes', '1 día antes'. */
export function reminderLabel(minutes: number): string {
  if (minutes % 1440 === 0) return minutes === 1440 ? '1 día antes' : `${minutes / 1440} días antes`;
  if (minutes % 60 === 0) return minutes === 60 ? '1 hora antes' : `${minutes / 60} horas antes`;
  return `${minutes} minutos antes`;
}

export const EVENTO_ORIGENES = ['bufete', 'google'] as const;

export const DIAGNOSTIC_STATES = ['success', 'warning', 'error'] as const;
