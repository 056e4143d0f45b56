import { instantIn, LIMITS } from '@bufete/shared';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { casos } from '../../cases/schema';
import { clientes } from '../../clients/schema';
import type { ProfileService } from '../../profile/service';
import { tags } from '../../tags/schema';
import { calendarEvents } from '../schema';
import type { CalendarService } from '../service';
import type { GoogleClient, GoogleEvent } from './client';

/** A full resync reads a year back (older events stay as they are). */
const FULL_SYNC_DAYS = 365;
/** Pages of 250 events one sync reads at most (10,000 events). */
const MAX_PAGES = 40;

/** Google → Bufete: changes read incrementally with Google's sync token, or a full year after a 410. */
export function createGooglePull(db: Database, deps: { google: GoogleClient; profiles: ProfileService; calendar: CalendarService }) {
  const { google } = deps;

  /** A Google start or end as an instant: all-day dates are midnight on the lawyer's clock. */
  function instantOf(value: GoogleEvent['start'], timeZone: string): Date | null {
    if (value?.dateTime) {
      const parsed = new Date(value.dateTime);
      return Number.isNaN(parsed.getTime()) ? null : parsed;
    }
    if (value?.date && /^\d{4}-\d{2}-\d{2}$/.test(value.date)) return instantIn(value.date, '00:00', timeZone);
    return null;
  }

  /** Links kept in the event's private properties, only where they are still this lawyer's. */
  async function linksOf(userId: string, props: Record<string, string> | undefined) {
    const caso = props?.caso_id
      ? (
          await db
            .select({ id: casos.id })
            .from(casos)
            .where(and(eq(casos.id, props.caso_id), eq(casos.userId, userId)))
            .limit(1)
        )[0]
      : undefined;
    const cliente = props?.cliente_id
      ? (
          await db
            .select({ id: clientes.id })
            .from(clientes)
            .where(and(eq(clientes.id, props.cliente_id), eq(clientes.userId, userId)))
            .limit(1)
        )[0]
      : undefined;
    const wanted = (props?.etiquetas ?? '')
      .split(',')
      .filter((id) => /^[0-9a-f-]{36}$/i.test(id))
      .slice(0, LIMITS.calendarTagsMax);
    const owned = wanted.length
      ? await db
          .select({ id: tags.id })
          .from(tags)
          .where(and(eq(tags.userId, userId), inArray(tags.id, wanted)))
      : [];
    return { casoId: caso?.id ?? null, clienteId: cliente?.id ?? null, tagIds: owned.map((tag) => tag.id) };
  }

  /** Applies one event from Google. Returns what happened to our copy. */
  async function applyFromGoogle(userId: string, item: GoogleEvent, timeZone: string): Promise<'imported' | 'deleted' | 'unchanged'> {
    if (typeof item.id !== 'string' || !item.id || item.id.length > 1024) return 'unchanged';
    const [local] = await db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.googleEventId, item.id)))
      .limit(1);
    if (item.status === 'cancelled') {
      if (!local) return 'unchanged';
      await db.delete(calendarEvents).where(eq(calendarEvents.id, local.id));
      return 'deleted';
    }
    // Our own change not yet sent wins: the next push overwrites Google's copy.
    if (local && !local.isSyncedWithGoogle) return 'unchanged';
    const updated = item.updated ? new Date(item.updated) : new Date();
    if (local?.googleUpdated && updated.getTime() <= local.googleUpdated.getTime()) return 'unchanged';
    const start = instantOf(item.start, timeZone);
    let end = instantOf(item.end, timeZone);
    if (!start) return 'unchanged';
    if (!end || end <= start) end = new Date(start.getTime() + 30 * 60_000);
    const popup = item.reminders?.overrides?.find((override) => override.method === 'popup')?.minutes ?? null;
    const email = item.reminders?.overrides?.find((override) => override.method === 'email')?.minutes ?? null;
    const links = await linksOf(userId, item.extendedProperties?.private);
    const values = {
      titulo: (item.summary?.trim() || '(Sin título)').slice(0, LIMITS.eventTitleMax),
      descripcion: item.description?.slice(0, LIMITS.descripcionMax) || null,
      ubicacion: item.location?.slice(0, LIMITS.eventPlaceMax) || null,
      fechaInicio: start,
      fechaFin: end,
      recordatorioPopup: popup,
      recordatorioEmail: email,
      casoId: links.casoId,
      clienteId: links.clienteId,
      googleUpdated: updated,
      googleHtmlLink: typeof item.htmlLink === 'string' ? item.htmlLink.slice(0, 2000) : null,
      isSyncedWithGoogle: true,
      updatedAt: new Date(),
    };
    await db.transaction(async (tx) => {
      let eventId = local?.id;
      if (local) await tx.update(calendarEvents).set(values).where(eq(calendarEvents.id, local.id));
      else {
        const [inserted] = await tx
          .insert(calendarEvents)
          .values({ userId, ...values, origen: 'google', googleEventId: item.id })
          .onConflictDoNothing()
          .returning({ id: calendarEvents.id });
        eventId = inserted?.id;
      }
      if (eventId) await deps.calendar.replaceTags(tx, userId, eventId, links.tagIds);
    });
    return 'imported';
  }

  /** Reads Google's changes: incrementally, or a full year after a 410 or on the first sync. */
  async function pull(userId: string, token: string, syncToken: string | null): Promise<{ importados: number; eliminados: number; syncToken: string | null }> {
    const timeZone = await deps.profiles.timeZoneOf(userId);
    let importados = 0;
    let eliminados = 0;
    const full = !syncToken;
    const timeMin = new Date(Date.now() - FULL_SYNC_DAYS * 86_400_000);
    const seen = new Set<string>();
    // What a full read may find gone is only what Google had before the read began: an
    // appointment made in Bufete (and sent to Google) while the pages were read is never in
    // this list, so it can never be taken for one deleted in Google.
    const known = full
      ? await db
          .select({ id: calendarEvents.id, googleEventId: calendarEvents.googleEventId })
          .from(calendarEvents)
          .where(
            and(
              eq(calendarEvents.userId, userId),
              isNotNull(calendarEvents.googleEventId),
              isNotNull(calendarEvents.googleUpdated),
              eq(calendarEvents.isSyncedWithGoogle, true),
              sql`${calendarEvents.fechaFin} >= ${timeMin.toISOString()}::timestamptz`,
            ),
          )
      : [];
    let pageToken: string | undefined;
    let nextSyncToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const result = await google.listEvents(token, full ? { timeMin: timeMin.toISOString(), pageToken } : { syncToken: syncToken!, pageToken });
      for (const item of result.items) {
        if (typeof item?.id === 'string') seen.add(item.id);
        const outcome = await applyFromGoogle(userId, item, timeZone);
        if (outcome === 'imported') importados += 1;
        if (outcome === 'deleted') eliminados += 1;
      }
      pageToken = result.nextPageToken;
      nextSyncToken = result.nextSyncToken ?? nextSyncToken;
      if (!pageToken) break;
    }
    if (full && !pageToken) {
      // After a full read, what Google no longer has (within the year read) is gone there: remove it here too
      // (only if it was not changed here meanwhile: unsent changes win, as in applyFromGoogle).
      const gone = known.filter((row) => !seen.has(row.googleEventId!)).map((row) => row.id);
      if (gone.length) {
        const deleted = await db
          .delete(calendarEvents)
          .where(and(inArray(calendarEvents.id, gone), eq(calendarEvents.isSyncedWithGoogle, true)))
          .returning({ id: calendarEvents.id });
        eliminados += deleted.length;
      }
    }
    // A read cut short keeps the old token: the next sync continues from it.
    return { importados, eliminados, syncToken: pageToken ? syncToken : (nextSyncToken ?? syncToken) };
  }

  return { pull };
}
