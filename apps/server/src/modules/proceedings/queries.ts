import { and, count, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import { casos } from '../cases/schema';
import { documentos } from '../documents/schema';
import { plazosAgendados } from '../plazos/schema';
import { actuacionDocumentos, actuaciones } from './schema';
import { soloCasosVisibles } from '../../http/case-scope';

export type PlazoDeActuacion = { id: string; descripcion: string; vence: string; fundamento: string | null; revisar: string | null };
export type ActuacionRow = typeof actuaciones.$inferSelect & { casoTitulo: string; documentos: { id: string; nombre: string }[]; plazos: PlazoDeActuacion[] };
/** How an entry already registered is told apart: its case and its text. */
export const registeredKey = (casoId: string, texto: string) => `${casoId}\u0000${texto}`;
export type ActuacionValues = Pick<typeof actuaciones.$inferInsert, 'fechaPublicacion' | 'fechaEfectos' | 'tipo' | 'texto' | 'origen' | 'fuente'>;

/** Actuaciones' SQL, always by their lawyer. */
export function createProceedingQueries(db: Database, options: { listMax: number }) {
  /** The rows with their case's title and their documents' names, in two statements whatever their number. */
  async function withNames(executor: Database | Transaction, where: ReturnType<typeof and>, limit: number): Promise<ActuacionRow[]> {
    const rows = await executor
      .select({ actuacion: actuaciones, casoTitulo: casos.titulo })
      .from(actuaciones)
      .innerJoin(casos, and(eq(casos.id, actuaciones.casoId), eq(casos.userId, actuaciones.userId)))
      .where(and(where, soloCasosVisibles(actuaciones.casoId)))
      .orderBy(desc(actuaciones.fechaPublicacion), desc(actuaciones.createdAt))
      .limit(limit);
    if (rows.length === 0) return [];
    const links = await executor
      .select({ actuacionId: actuacionDocumentos.actuacionId, id: documentos.id, nombre: documentos.nombre })
      .from(actuacionDocumentos)
      .innerJoin(documentos, eq(documentos.id, actuacionDocumentos.documentoId))
      .where(
        inArray(
          actuacionDocumentos.actuacionId,
          rows.map((row) => row.actuacion.id),
        ),
      )
      .orderBy(documentos.nombre);
    const byActuacion = new Map<string, { id: string; nombre: string }[]>();
    for (const link of links) byActuacion.set(link.actuacionId, [...(byActuacion.get(link.actuacionId) ?? []), { id: link.id, nombre: link.nombre }]);
    // The terms counted from them (modules/plazos links each to its actuación), nearest due first.
    const terms = await executor
      .select({
        actuacionId: plazosAgendados.actuacionId,
        id: plazosAgendados.id,
        descripcion: plazosAgendados.descripcion,
        vence: plazosAgendados.vence,
        fundamento: plazosAgendados.fundamento,
        revisar: plazosAgendados.revisar,
      })
      .from(plazosAgendados)
      .where(
        and(
          eq(plazosAgendados.userId, rows[0]!.actuacion.userId),
          inArray(
            plazosAgendados.actuacionId,
            rows.map((row) => row.actuacion.id),
          ),
        ),
      )
      .orderBy(plazosAgendados.vence);
    const termsOf = new Map<string, PlazoDeActuacion[]>();
    for (const { actuacionId, ...term } of terms) termsOf.set(actuacionId!, [...(termsOf.get(actuacionId!) ?? []), term]);
    return rows.map((row) => ({ ...row.actuacion, casoTitulo: row.casoTitulo, documentos: byActuacion.get(row.actuacion.id) ?? [], plazos: termsOf.get(row.actuacion.id) ?? [] }));
  }

  return {
    /** 'Visible para el cliente' (the client's portal). */
    async setVisible(tx: Transaction, userId: string, id: string, visible: boolean): Promise<void> {
      await tx
        .update(actuaciones)
        .set({ visibleCliente: visible, updatedAt: new Date() })
        .where(and(eq(actuaciones.userId, userId), eq(actuaciones.id, id)));
    },

    async one(userId: string, id: string, executor: Database | Transaction = db): Promise<ActuacionRow | undefined> {
      const [row] = await withNames(executor, and(eq(actuaciones.userId, userId), eq(actuaciones.id, id)), 1);
      return row;
    },

    /** A case's actuaciones, the latest publication first. */
    forCase(userId: string, casoId: string): Promise<ActuacionRow[]> {
      return withNames(db, and(eq(actuaciones.userId, userId), eq(actuaciones.casoId, casoId)), options.listMax);
    },

    /** Registered since `since`, in every case of the lawyer, the latest first (the dashboard's 'Acuerdos de hoy'). */
    registeredSince(userId: string, since: Date, limit: number): Promise<ActuacionRow[]> {
      return withNames(db, and(eq(actuaciones.userId, userId), gte(actuaciones.createdAt, since)), limit);
    },

    async insert(tx: Transaction, userId: string, casoId: string, values: ActuacionValues, documentoIds: string[]): Promise<string> {
      const [row] = await tx
        .insert(actuaciones)
        .values({ userId, casoId, ...values })
        .returning({ id: actuaciones.id });
      if (documentoIds.length) await tx.insert(actuacionDocumentos).values(documentoIds.map((documentoId) => ({ actuacionId: row!.id, documentoId })));
      return row!.id;
    },

    /** False when it is not the lawyer's (or no longer exists). */
    async update(tx: Transaction, userId: string, id: string, values: ActuacionValues, documentoIds: string[]): Promise<boolean> {
      const updated = await tx
        .update(actuaciones)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(actuaciones.userId, userId), eq(actuaciones.id, id)))
        .returning({ id: actuaciones.id });
      if (updated.length === 0) return false;
      await tx.delete(actuacionDocumentos).where(eq(actuacionDocumentos.actuacionId, id));
      if (documentoIds.length) await tx.insert(actuacionDocumentos).values(documentoIds.map((documentoId) => ({ actuacionId: id, documentoId })));
      return true;
    },

    /** Whether the case already has this publication (the same day and text): a bulletin confirmed twice adds nothing. */
    async published(tx: Transaction, userId: string, casoId: string, fechaPublicacion: string, texto: string): Promise<boolean> {
      const [row] = await tx
        .select({ id: actuaciones.id })
        .from(actuaciones)
        .where(and(eq(actuaciones.userId, userId), eq(actuaciones.casoId, casoId), eq(actuaciones.fechaPublicacion, fechaPublicacion), eq(actuaciones.texto, texto)))
        .limit(1);
      return !!row;
    },

    /** Of these entries of a bulletin (case and text), those already registered: published that day, or on any day when the bulletin's is unknown. */
    async registeredAmong(userId: string, entries: { casoId: string; texto: string }[], fechaPublicacion: string | null): Promise<Set<string>> {
      if (entries.length === 0) return new Set();
      const rows = await db
        .select({ casoId: actuaciones.casoId, texto: actuaciones.texto })
        .from(actuaciones)
        .where(
          and(
            eq(actuaciones.userId, userId),
            inArray(actuaciones.casoId, [...new Set(entries.map((entry) => entry.casoId))]),
            inArray(actuaciones.texto, [...new Set(entries.map((entry) => entry.texto))]),
            fechaPublicacion ? eq(actuaciones.fechaPublicacion, fechaPublicacion) : undefined,
          ),
        );
      return new Set(rows.map((row) => registeredKey(row.casoId, row.texto)));
    },

    async countForCase(userId: string, casoId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(actuaciones)
        .where(and(eq(actuaciones.userId, userId), eq(actuaciones.casoId, casoId)));
      return Number(row?.n ?? 0);
    },

    async removeForCase(tx: Transaction, userId: string, casoId: string): Promise<void> {
      await tx.delete(actuaciones).where(and(eq(actuaciones.userId, userId), eq(actuaciones.casoId, casoId)));
    },

    async remove(tx: Transaction, userId: string, id: string): Promise<boolean> {
      const removed = await tx
        .delete(actuaciones)
        .where(and(eq(actuaciones.userId, userId), eq(actuaciones.id, id)))
        .returning({ id: actuaciones.id });
      return removed.length > 0;
    },
  };
}
