import type { DashboardSummary } from '@bufete/shared';
import { LIMITS } from '@bufete/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { casos, clientes, documentos } from '../../db/schema';

export function createDashboardService(db: Database) {
  return {
    /** The four stat cards and the recent cases, in two round trips whatever the data size. */
    async summary(userId: string): Promise<DashboardSummary> {
      const [counts, recientes] = await Promise.all([
        db
          .select({
            totalCasos: sql<number>`(select count(*) from ${casos} where ${casos.userId} = ${userId})::int`,
            casosActivos: sql<number>`(select count(*) from ${casos} where ${casos.userId} = ${userId} and ${casos.estado} = 'Activo')::int`,
            clientes: sql<number>`(select count(*) from ${clientes} where ${clientes.userId} = ${userId})::int`,
            documentos: sql<number>`(select count(*) from ${documentos} where ${documentos.userId} = ${userId})::int`,
          })
          .from(sql`(select 1) as one`),
        db
          .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, createdAt: casos.createdAt, clienteNombre: clientes.nombre })
          .from(casos)
          .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)))
          .where(eq(casos.userId, userId))
          .orderBy(desc(casos.createdAt), desc(casos.id))
          .limit(LIMITS.dashboardRecentCases),
      ]);
      const stats = counts[0]!;
      return {
        stats: {
          totalCasos: Number(stats.totalCasos),
          casosActivos: Number(stats.casosActivos),
          clientes: Number(stats.clientes),
          documentos: Number(stats.documentos),
        },
        recientes: recientes.map((row) => ({
          id: row.id,
          titulo: row.titulo,
          estado: row.estado,
          created_at: row.createdAt.toISOString(),
          cliente: row.clienteNombre === null ? null : { nombre: row.clienteNombre },
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
