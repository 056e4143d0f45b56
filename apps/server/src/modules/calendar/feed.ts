import { formatMXN, LIMITS, MSG, timeZoneLabel } from '@bufete/shared';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import { createSecretBox, randomToken, tokenHash } from '../../security/secret-box';
import type { ProfileService } from '../profile/service';
import { calendarEvents, calendarSettings } from './schema';
import type { CalendarService } from './service';

const DAY_MS = 86_400_000;

/**
 * The lawyer's private subscription feed (.ics) for Apple Calendar, Outlook or
 * Google: an unguessable address (its token kept encrypted, looked up by its
 * hash), regenerated at will, listing only that lawyer's appointments from a
 * year ago to two years ahead. Times are UTC instants (every calendar app
 * shows them on its own clock) and each description says the date in Spanish
 * on the lawyer's clock.
 */
export function createCalendarFeed(
  db: Database,
  deps: {
    secret: string;
    appUrl: string;
    calendar: CalendarService;
    profiles: ProfileService;
    /** Unpaid invoices' due dates, shown as all-day reminders. */
    dueInvoices?: (userId: string) => Promise<{ id: string; numero: string; fecha: string | null; total: string; cliente: string | null }[]>;
  },
) {
  const box = createSecretBox(deps.secret, 'calendar-feed');
  const urlOf = (token: string) => `${deps.appUrl}/api/calendario/feed/${token}.ics`;

  async function issue(userId: string): Promise<string> {
    const token = randomToken();
    const values = { feedTokenHash: tokenHash(token), feedToken: box.seal(token) };
    await db
      .insert(calendarSettings)
      .values({ userId, ...values })
      .onConflictDoUpdate({ target: calendarSettings.userId, set: values });
    return token;
  }

  return {
    /** The address, made on first use. */
    async url(userId: string): Promise<string> {
      const [settings] = await db.select().from(calendarSettings).where(eq(calendarSettings.userId, userId)).limit(1);
      const token = settings?.feedToken ? box.open(settings.feedToken) : null;
      return urlOf(token ?? (await issue(userId)));
    },

    /** After a password change: an address that existed is renewed (the old one answers 404); none is made otherwise. */
    async revoke(userId: string): Promise<void> {
      const [settings] = await db.select({ hash: calendarSettings.feedTokenHash }).from(calendarSettings).where(eq(calendarSettings.userId, userId)).limit(1);
      if (settings?.hash) await issue(userId);
    },

    /** A new address: the old one answers 404 from now on. */
    async regenerate(userId: string): Promise<{ url: string; message: string }> {
      return { url: urlOf(await issue(userId)), message: MSG.calendar.enlaceRegenerado };
    },

    /** The calendar file for a token (with or without '.ics'); an unknown one is a 404 like any other. */
    async file(rawToken: string, now = new Date()): Promise<string> {
      const token = rawToken.replace(/\.ics$/i, '');
      if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw notFound();
      const [settings] = await db
        .select({ userId: calendarSettings.userId })
        .from(calendarSettings)
        .where(eq(calendarSettings.feedTokenHash, tokenHash(token)))
        .limit(1);
      if (!settings) throw notFound();
      const userId = settings.userId;
      const [timeZone, lawyer] = await Promise.all([deps.profiles.timeZoneOf(userId), deps.profiles.signature(userId)]);
      const rows = await deps.calendar
        .selectEvents(userId, and(gt(calendarEvents.fechaFin, new Date(now.getTime() - 365 * DAY_MS)), lt(calendarEvents.fechaInicio, new Date(now.getTime() + 730 * DAY_MS))))
        .orderBy(asc(calendarEvents.fechaInicio))
        .limit(LIMITS.calendarFeedMax);
      const eventos = await deps.calendar.toEventos(userId, rows);
      const when = new Intl.DateTimeFormat('es-MX', { dateStyle: 'full', timeStyle: 'short', timeZone });
      const calendar = ical({
        name: `Bufete: citas de ${lawyer.nombre}`,
        description: 'Tus citas de Bufete (solo lectura).',
        prodId: { company: 'Bufete', product: 'calendario', language: 'ES' },
        ttl: 15 * 60,
        x: { 'X-WR-TIMEZONE': timeZone },
      });
      const host = new URL(deps.appUrl).host;
      for (const evento of eventos) {
        const details = [
          `${when.format(new Date(evento.inicio))} (${timeZoneLabel(timeZone)})`,
          evento.caso ? `Caso: ${evento.caso.titulo}` : null,
          evento.cliente ? `Cliente: ${evento.cliente.nombre}` : null,
          evento.etiquetas.length ? `Etiquetas: ${evento.etiquetas.map((tag) => tag.nombre).join(', ')}` : null,
          evento.descripcion,
        ].filter(Boolean);
        calendar.createEvent({
          id: `${evento.id}@${host}`,
          start: new Date(evento.inicio),
          end: new Date(evento.fin),
          summary: evento.titulo,
          description: details.join('\n\n'),
          location: evento.ubicacion,
          url: `${deps.appUrl}/calendario`,
          lastModified: new Date(evento.updated_at),
          created: new Date(evento.created_at),
        });
      }
      for (const invoice of (await deps.dueInvoices?.(userId)) ?? []) {
        if (!invoice.fecha) continue;
        calendar.createEvent({
          id: `factura-${invoice.id}@${host}`,
          start: new Date(`${invoice.fecha}T00:00:00Z`),
          allDay: true,
          summary: `Vence la factura ${invoice.numero}${invoice.cliente ? ` (${invoice.cliente})` : ''}`,
          description: `Total: ${formatMXN(invoice.total)}`,
          url: `${deps.appUrl}/facturacion`,
        });
      }
      return calendar.toString();
    },
  };
}

export type CalendarFeed = ReturnType<typeof createCalendarFeed>;
