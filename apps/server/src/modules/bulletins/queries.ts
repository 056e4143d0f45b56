import type { BoletinDescargaEstado, BoletinFuente, Revision } from '@bufete/shared';
import { and, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { boletinDescargas, boletinRecibidos, boletinSuscripciones } from './schema';

export type DescargaRow = typeof boletinDescargas.$inferSelect;

/** The watched bulletins' SQL: the lawyers' subscriptions, each source's day, and what was read for each lawyer. */
export function createBulletinQueries(db: Database) {
  return {
    followedBy: async (userId: string): Promise<BoletinFuente[]> =>
      (await db.select({ fuente: boletinSuscripciones.fuente }).from(boletinSuscripciones).where(eq(boletinSuscripciones.userId, userId))).map(
        (row) => row.fuente as BoletinFuente,
      ),

    async follow(userId: string, fuentes: BoletinFuente[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(boletinSuscripciones).where(and(eq(boletinSuscripciones.userId, userId), fuentes.length ? notInArray(boletinSuscripciones.fuente, fuentes) : undefined));
        if (fuentes.length)
          await tx
            .insert(boletinSuscripciones)
            .values(fuentes.map((fuente) => ({ userId, fuente })))
            .onConflictDoNothing();
      });
    },

    /** The sources anybody follows. */
    followed: async (): Promise<BoletinFuente[]> =>
      (await db.selectDistinct({ fuente: boletinSuscripciones.fuente }).from(boletinSuscripciones)).map((row) => row.fuente as BoletinFuente),

    subscribers: async (fuente: BoletinFuente): Promise<string[]> =>
      (await db.select({ userId: boletinSuscripciones.userId }).from(boletinSuscripciones).where(eq(boletinSuscripciones.fuente, fuente))).map((row) => row.userId),

    /** The source's day, if a fetch of it is due now (created pending the first time). */
    async due(fuente: BoletinFuente, dia: string, now: Date): Promise<DescargaRow | undefined> {
      await db.insert(boletinDescargas).values({ fuente, dia, siguienteIntento: now }).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(boletinDescargas)
        .where(and(eq(boletinDescargas.fuente, fuente), eq(boletinDescargas.dia, dia), eq(boletinDescargas.estado, 'pendiente'), lte(boletinDescargas.siguienteIntento, now)));
      return row;
    },

    async settle(
      fuente: BoletinFuente,
      dia: string,
      values: { estado: BoletinDescargaEstado; intentos?: number; siguienteIntento?: Date; entradas?: number | null; error?: string | null },
    ) {
      await db
        .update(boletinDescargas)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(boletinDescargas.fuente, fuente), eq(boletinDescargas.dia, dia)));
    },

    /** The source's last days, newest first. */
    lastDays: (fuente: BoletinFuente, limit: number): Promise<DescargaRow[]> =>
      db.select().from(boletinDescargas).where(eq(boletinDescargas.fuente, fuente)).orderBy(desc(boletinDescargas.dia)).limit(limit),

    async keepFor(userId: string, fuente: BoletinFuente, dia: string, revision: Revision): Promise<void> {
      await db
        .insert(boletinRecibidos)
        .values({ userId, fuente, dia, revision, coincidencias: revision.coincidencias.length })
        .onConflictDoUpdate({ target: [boletinRecibidos.userId, boletinRecibidos.fuente, boletinRecibidos.dia], set: { revision, coincidencias: revision.coincidencias.length } });
    },

    async kept(userId: string, fuente: BoletinFuente, dia: string): Promise<Revision | undefined> {
      const [row] = await db
        .select({ revision: boletinRecibidos.revision })
        .from(boletinRecibidos)
        .where(and(eq(boletinRecibidos.userId, userId), eq(boletinRecibidos.fuente, fuente), eq(boletinRecibidos.dia, dia)));
      return row?.revision as Revision | undefined;
    },

    /** How many matches each of these days gave the lawyer (for Configuración's 'last read'). */
    async matchCounts(userId: string, days: { fuente: string; dia: string }[]): Promise<Map<string, number>> {
      if (days.length === 0) return new Map();
      const rows = await db
        .select({ fuente: boletinRecibidos.fuente, dia: boletinRecibidos.dia, coincidencias: boletinRecibidos.coincidencias })
        .from(boletinRecibidos)
        .where(
          and(
            eq(boletinRecibidos.userId, userId),
            inArray(
              boletinRecibidos.dia,
              days.map((day) => day.dia),
            ),
          ),
        );
      return new Map(rows.map((row) => [`${row.fuente}:${row.dia}`, row.coincidencias]));
    },

    /** What a lawyer was kept of bulletins older than `before` goes (they had their weeks to confirm it). */
    async sweepKept(before: string): Promise<void> {
      await db.delete(boletinRecibidos).where(sql`${boletinRecibidos.dia} < ${before}`);
    },
  };
}

export type BulletinQueries = ReturnType<typeof createBulletinQueries>;
