import type { DashboardSummary } from '@bufete/shared';
import { LIMITS } from '@bufete/shared';
import { and, asc, desc, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { documentos } from '../documents/schema';

/**
 * A read model: the dashboard only reads other modules' tables (counts and
 * the recent cases, in two round trips whatever the data size); it never
 * writes to them.
 */
export function createDashboardService(db: Database, deps: { today: (userId: string) => Promise<string> }) {
  return {
    async summary(userId: string): Promise<DashboardSummary> {
      const [counts, recientes, vencimientos, hoy] = await Promise.all([
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
        // 'Próximos vencimientos': open cases by due date, so the overdue ones come first.
        db
          .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, fechaVencimiento: casos.fechaVencimiento, clienteNombre: clientes.nombre })
          .from(casos)
          .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)))
          .where(and(eq(casos.userId, userId), isNotNull(casos.fechaVencimiento), ne(casos.estado, 'Cerrado')))
          .orderBy(asc(casos.fechaVencimiento), asc(casos.id))
          .limit(LIMITS.dashboardDueCases),
        deps.today(userId),
      ]);
      const stats = counts[0]!;
      return {
        stats: {
          total_casos: Number(stats.totalCasos),
          casos_activos: Number(stats.casosActivos),
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
        vencimientos: vencimientos.map((row) => ({
          id: row.id,
          titulo: row.titulo,
          estado: row.estado,
          fecha_vencimiento: row.fechaVencimiento!,
          cliente: row.clienteNombre === null ? null : { nombre: row.clienteNombre },
        })),
        hoy,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
