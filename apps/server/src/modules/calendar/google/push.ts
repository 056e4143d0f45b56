import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { ProfileService } from '../../profile/service';
import { calendarEvents, eventTags, googleDeletions } from '../schema';
import type { EventRow } from '../service';
import type { GoogleClient, GoogleEvent } from './client';

/** Local changes one sync sends at most; the rest go with the next one. */
const MAX_PUSH = 500;

/** Our id as Google's event id (base32hex: a UUID's hex digits qualify): an insert retried never makes a second copy. */
export const googleIdOf = (eventId: string) => eventId.replace(/-/g, '');

/** Bufete → Google: deletions and changes Google has not seen yet, sent with our ids. */
export function createGooglePush(db: Database, deps: { google: GoogleClient; profiles: ProfileService }) {
  const { google } = deps;

  /** Our event as Google takes it: reminders only as popups (Bufete sends the emails itself, once). */
  function toGoogle(event: EventRow, tagIds: string[], timeZone: string): GoogleEvent {
    return {
      id: event.googleEventId ?? googleIdOf(event.id),
      summary: event.titulo,
      description: event.descripcion ?? '',
      location: event.ubicacion ?? '',
      start: { dateTime: event.fechaInicio.toISOString(), timeZone },
      end: { dateTime: event.fechaFin.toISOString(), timeZone },
      reminders: { useDefault: false, overrides: event.recordatorioPopup ? [{ method: 'popup', minutes: event.recordatorioPopup }] : [] },
      extendedProperties: {
        private: {
          bufete_id: event.id,
          caso_id: event.casoId ?? '',
          cliente_id: event.clienteId ?? '',
          etiquetas: tagIds.join(','),
        },
      },
    };
  }

  /** Sends deletions and changes Google has not seen yet. Returns how many it sent. */
  async function push(userId: string, token: string): Promise<{ enviados: number; eliminados: number }> {
    let eliminados = 0;
    const deletions = await db.select().from(googleDeletions).where(eq(googleDeletions.userId, userId)).limit(MAX_PUSH);
    for (const deletion of deletions) {
      await google.deleteEvent(token, deletion.googleEventId);
      await db.delete(googleDeletions).where(and(eq(googleDeletions.userId, userId), eq(googleDeletions.googleEventId, deletion.googleEventId)));
      eliminados += 1;
    }

    const pending = await db
      .select()
      .from(calendarEvents)
      .where(and(eq(calendarEvents.userId, userId), eq(calendarEvents.isSyncedWithGoogle, false)))
      .limit(MAX_PUSH);
    if (pending.length === 0) return { enviados: 0, eliminados };
    const timeZone = await deps.profiles.timeZoneOf(userId);
    const tagRows = await db
      .select({ eventId: eventTags.eventId, tagId: eventTags.tagId })
      .from(eventTags)
      .where(
        and(
          eq(eventTags.userId, userId),
          inArray(
            eventTags.eventId,
            pending.map((event) => event.id),
          ),
        ),
      );
    let enviados = 0;
    for (const event of pending) {
      const googleId = event.googleEventId ?? googleIdOf(event.id);
      // The id is ours before Google sees it: a crash between the two can never produce a duplicate.
      if (!event.googleEventId) await db.update(calendarEvents).set({ googleEventId: googleId }).where(eq(calendarEvents.id, event.id));
      const body = toGoogle(
        { ...event, googleEventId: googleId },
        tagRows.filter((row) => row.eventId === event.id).map((row) => row.tagId),
        timeZone,
      );
      let saved: GoogleEvent | 'missing' | 'exists';
      if (event.googleUpdated) {
        const { id: _id, ...changes } = body;
        saved = await google.patchEvent(token, googleId, changes);
        if (saved === 'missing') {
          if (event.origen === 'google') {
            // It was deleted in Google meanwhile: Google's deletion wins.
            await db.delete(calendarEvents).where(eq(calendarEvents.id, event.id));
            continue;
          }
          saved = await google.insertEvent(token, body);
        }
      } else {
        saved = await google.insertEvent(token, body);
        if (saved === 'exists') {
          const { id: _id, ...changes } = body;
          saved = await google.patchEvent(token, googleId, changes);
        }
      }
      if (saved === 'missing' || saved === 'exists') continue;
      // Marked synced only if nobody changed it while it travelled; otherwise the next push sends the newer version.
      await db
        .update(calendarEvents)
        .set({ isSyncedWithGoogle: true, googleUpdated: saved.updated ? new Date(saved.updated) : new Date(), googleHtmlLink: saved.htmlLink ?? null })
        .where(and(eq(calendarEvents.id, event.id), eq(calendarEvents.updatedAt, event.updatedAt)));
      enviados += 1;
    }
    return { enviados, eliminados };
  }

  return { push };
}
