import type { BoletinDescargaEstado, BoletinFuente, InformeLectura, Revision } from '@bufete/shared';
import { and, desc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { boletinDescargas, boletinRecibidos, boletinSuscripciones } from './schema';

export type DescargaRow = typeof boletinDescargas.$inferSelect;

/** A revision as it may have been kept before issue 44 (without counts apart, motives or a reading report). */
type KeptRevision = Omit<Revision, 'confirmadas' | 'posibles' | 'informe' | 'coincidencias'> &
  Partial<Pick<Revision, 'confirmadas' | 'posibles' | 'informe'>> & {
    coincidencias: (Omit<Revision['coincidencias'][number], 'motivo' | 'tipo' | 'seccion' | 'pagina'> & Partial<Revision['coincidencias'][number]>)[];
  };

/** A kept revision in today's shape: what older ones did not record is filled as unknown (no motive, no report), never invented. */
function upgradeKept(kept: KeptRevision): Revision {
  const coincidencias = kept.coincidencias.map((match) => ({ motivo: null, tipo: 'acuerdo' as const, seccion: null, pagina: null, ...match }));
  const confirmadas = kept.confirmadas ?? coincidencias.filter((match) => match.certeza === 'confirmada').length;
  return {
    ...kept,
    coincidencias,
    confirmadas,
    posibles: kept.posibles ?? coincidencias.length - confirmadas,
    informe: kept.informe ?? {
      formato: 'generico',
      paginas: null,
      entradas: kept.entradas,
      edictos: 0,
      juzgados: 0,
      por_juzgado: [],
      sin_juzgado: 0,
      encabezados: 0,
      problemas: [],
      legible: true,
    },
  };
}

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
      values: { estado: BoletinDescargaEstado; intentos?: number; siguienteIntento?: Date; entradas?: number | null; informe?: InformeLectura | null; error?: string | null },
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
      const counts = { coincidencias: revision.confirmadas + revision.posibles, confirmadas: revision.confirmadas, posibles: revision.posibles };
      await db
        .insert(boletinRecibidos)
        .values({ userId, fuente, dia, revision, ...counts })
        .onConflictDoUpdate({ target: [boletinRecibidos.userId, boletinRecibidos.fuente, boletinRecibidos.dia], set: { revision, ...counts } });
    },

    async kept(userId: string, fuente: BoletinFuente, dia: string): Promise<Revision | undefined> {
      const [row] = await db
        .select({ revision: boletinRecibidos.revision })
        .from(boletinRecibidos)
        .where(and(eq(boletinRecibidos.userId, userId), eq(boletinRecibidos.fuente, fuente), eq(boletinRecibidos.dia, dia)));
      return row ? upgradeKept(row.revision as KeptRevision) : undefined;
    },

    /** How many confirmed and possible matches each of these days gave the lawyer (for Configuración's 'last read' and the dashboard). */
    async matchCounts(userId: string, days: { fuente: string; dia: string }[]): Promise<Map<string, { confirmadas: number; posibles: number }>> {
      if (days.length === 0) return new Map();
      const rows = await db
        .select({ fuente: boletinRecibidos.fuente, dia: boletinRecibidos.dia, confirmadas: boletinRecibidos.confirmadas, posibles: boletinRecibidos.posibles })
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
      return new Map(rows.map((row) => [`${row.fuente}:${row.dia}`, { confirmadas: row.confirmadas, posibles: row.posibles }]));
    },

    /** What a lawyer was kept of bulletins older than `before` goes (they had their weeks to confirm it). */
    async sweepKept(before: string): Promise<void> {
      await db.delete(boletinRecibidos).where(sql`${boletinRecibidos.dia} < ${before}`);
    },
  };
}

export type BulletinQueries = ReturnType<typeof createBulletinQueries>;
