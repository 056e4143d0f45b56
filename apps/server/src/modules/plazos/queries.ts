import { CALENDARIO_PRESET_CLAVES, CALENDARIOS_PRESET, type DiaInhabil } from '@bufete/shared';
import { and, asc, count, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { plazoCalendarios, plazoDiasInhabiles, plazosAgendados, reglasPlazoPropias } from './schema';

export type CalendarioRow = typeof plazoCalendarios.$inferSelect;
export type DiaRow = typeof plazoDiasInhabiles.$inferSelect;
export type AgendadoRow = typeof plazosAgendados.$inferSelect;
export type ReglaPropiaRow = typeof reglasPlazoPropias.$inferSelect;

/** Plazos' SQL: the shared preset calendars (no owner), a lawyer's own, their días inhábiles and scheduled plazos. */
export function createPlazoQueries(db: Database) {
  const presetRows = () => db.select().from(plazoCalendarios).where(isNull(plazoCalendarios.userId));

  return {
    /** The preset calendar rows, created once (any process may race: the unique index keeps one). */
    async presets(): Promise<CalendarioRow[]> {
      const rows = await presetRows();
      if (rows.length >= CALENDARIO_PRESET_CLAVES.length) return rows;
      await db
        .insert(plazoCalendarios)
        .values(CALENDARIO_PRESET_CLAVES.map((clave) => ({ clave, base: clave, nombre: CALENDARIOS_PRESET[clave].nombre, descripcion: CALENDARIOS_PRESET[clave].descripcion })))
        .onConflictDoNothing();
      return presetRows();
    },

    /** Which of these years a calendar already has rows for. */
    async yearsPresent(calendarioId: string, years: number[]): Promise<Set<number>> {
      const rows = await db
        .selectDistinct({ anio: plazoDiasInhabiles.anio })
        .from(plazoDiasInhabiles)
        .where(and(eq(plazoDiasInhabiles.calendarioId, calendarioId), inArray(plazoDiasInhabiles.anio, years)));
      return new Set(rows.map((row) => row.anio));
    },

    /** A preset's rows for some years (another process may have written them: kept once). */
    async insertPresetDays(calendarioId: string, days: (DiaInhabil & { anio: number })[]): Promise<void> {
      if (days.length)
        await db
          .insert(plazoDiasInhabiles)
          .values(days.map((day) => ({ ...day, calendarioId })))
          .onConflictDoNothing();
    },

    /** A calendar the lawyer may use: a preset or their own. */
    async usable(userId: string, id: string): Promise<CalendarioRow | undefined> {
      const [row] = await db
        .select()
        .from(plazoCalendarios)
        .where(and(eq(plazoCalendarios.id, id), or(isNull(plazoCalendarios.userId), eq(plazoCalendarios.userId, userId))));
      return row;
    },

    own(userId: string): Promise<CalendarioRow[]> {
      return db.select().from(plazoCalendarios).where(eq(plazoCalendarios.userId, userId)).orderBy(asc(plazoCalendarios.createdAt));
    },

    async countOwn(userId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(plazoCalendarios).where(eq(plazoCalendarios.userId, userId));
      return Number(row?.total ?? 0);
    },

    async insertCalendar(values: typeof plazoCalendarios.$inferInsert): Promise<CalendarioRow> {
      const [row] = await db.insert(plazoCalendarios).values(values).returning();
      return row!;
    },

    async deleteCalendar(userId: string, id: string): Promise<void> {
      await db.delete(plazoCalendarios).where(and(eq(plazoCalendarios.id, id), eq(plazoCalendarios.userId, userId)));
    },

    /** A new version of a calendar (after a day was added). */
    async bumpVersion(id: string): Promise<CalendarioRow> {
      const [row] = await db
        .update(plazoCalendarios)
        .set({ version: sql`${plazoCalendarios.version} + 1`, updatedAt: new Date() })
        .where(eq(plazoCalendarios.id, id))
        .returning();
      return row!;
    },

    daysOf(calendarioId: string): Promise<DiaRow[]> {
      return db.select().from(plazoDiasInhabiles).where(eq(plazoDiasInhabiles.calendarioId, calendarioId)).orderBy(asc(plazoDiasInhabiles.fecha));
    },

    daysIn(calendarioIds: string[], years: number[]): Promise<DiaRow[]> {
      return db
        .select()
        .from(plazoDiasInhabiles)
        .where(and(inArray(plazoDiasInhabiles.calendarioId, calendarioIds), inArray(plazoDiasInhabiles.anio, years)));
    },

    async countDays(calendarioId: string): Promise<number> {
      const [row] = await db.select({ total: count() }).from(plazoDiasInhabiles).where(eq(plazoDiasInhabiles.calendarioId, calendarioId));
      return Number(row?.total ?? 0);
    },

    /** A lawyer's día inhábil; false when the calendar already has that date. */
    async insertDay(values: typeof plazoDiasInhabiles.$inferInsert): Promise<boolean> {
      const inserted = await db.insert(plazoDiasInhabiles).values(values).onConflictDoNothing().returning({ id: plazoDiasInhabiles.id });
      return inserted.length > 0;
    },

    /** The lawyer's scheduled plazos on a calendar still due from `today`, nearest first. */
    pendingOn(userId: string, calendarioId: string, today: string, limit: number): Promise<AgendadoRow[]> {
      return db
        .select()
        .from(plazosAgendados)
        .where(and(eq(plazosAgendados.userId, userId), eq(plazosAgendados.calendarioId, calendarioId), gte(plazosAgendados.vence, today)))
        .orderBy(asc(plazosAgendados.vence))
        .limit(limit);
    },

    async scheduled(userId: string, id: string): Promise<AgendadoRow | undefined> {
      const [row] = await db
        .select()
        .from(plazosAgendados)
        .where(and(eq(plazosAgendados.id, id), eq(plazosAgendados.userId, userId)));
      return row;
    },

    /** A plazo counted again: from `notificacion` (its actuación's new day, or the same), due `vence`, nothing left to review. */
    async setCount(id: string, values: { notificacion: string; vence: string }): Promise<void> {
      await db
        .update(plazosAgendados)
        .set({ ...values, revisar: null })
        .where(eq(plazosAgendados.id, id));
    },

    async setRevisar(id: string, revisar: string | null): Promise<void> {
      await db.update(plazosAgendados).set({ revisar }).where(eq(plazosAgendados.id, id));
    },

    /** The plazos counted from an actuación (the lawyer's). */
    fromActuacion(userId: string, actuacionId: string): Promise<AgendadoRow[]> {
      return db
        .select()
        .from(plazosAgendados)
        .where(and(eq(plazosAgendados.userId, userId), eq(plazosAgendados.actuacionId, actuacionId)));
    },

    async insertScheduled(values: typeof plazosAgendados.$inferInsert): Promise<string> {
      const [row] = await db.insert(plazosAgendados).values(values).returning({ id: plazosAgendados.id });
      return row!.id;
    },

    ownRules(userId: string): Promise<ReglaPropiaRow[]> {
      return db.select().from(reglasPlazoPropias).where(eq(reglasPlazoPropias.userId, userId)).orderBy(asc(reglasPlazoPropias.createdAt), asc(reglasPlazoPropias.id));
    },

    async ownRule(userId: string, id: string): Promise<ReglaPropiaRow | undefined> {
      const [row] = await db
        .select()
        .from(reglasPlazoPropias)
        .where(and(eq(reglasPlazoPropias.userId, userId), eq(reglasPlazoPropias.id, id)));
      return row;
    },

    async countOwnRules(userId: string): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reglasPlazoPropias).where(eq(reglasPlazoPropias.userId, userId));
      return row?.n ?? 0;
    },

    async insertRule(values: typeof reglasPlazoPropias.$inferInsert): Promise<ReglaPropiaRow> {
      const [row] = await db.insert(reglasPlazoPropias).values(values).returning();
      return row!;
    },

    async deleteRule(userId: string, id: string): Promise<ReglaPropiaRow | undefined> {
      const [row] = await db
        .delete(reglasPlazoPropias)
        .where(and(eq(reglasPlazoPropias.userId, userId), eq(reglasPlazoPropias.id, id)))
        .returning();
      return row;
    },
  };
}
