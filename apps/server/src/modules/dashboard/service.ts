import type { DashboardSummary } from '@bufete/shared';
import { LIMITS } from '@bufete/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { isoInstant } from '../../db/columns';
import { withFlatRows } from '../../db/prepared';
import { casos } from '../cases/schema';
import { clientes } from '../clients/schema';
import { conteosPractica } from './schema';
import { upcomingDeadlines } from './vencimientos';

/**
 * A read model: the dashboard only reads other modules' tables (the kept
 * counts, the recent cases, the nearest deadlines); it never writes to them.
 * Each of its statements is prepared once (db/prepared.ts' reasoning: no
 * query building or planning per visit) and reads a handful of index entries
 * whatever the practice's size: the counts are one row kept by triggers
 * (schema.ts), the two lists walk an index in their order and stop at five.
 */
export function createDashboardService(db: Database, deps: { today: (userId: string) => Promise<string> }) {
  const owner = sql.placeholder('userId');
  const countsStatement = withFlatRows(
    db
      .select({ casos: conteosPractica.casos, casosActivos: conteosPractica.casosActivos, clientes: conteosPractica.clientes, documentos: conteosPractica.documentos })
      .from(conteosPractica)
      .where(eq(conteosPractica.userId, owner))
      .prepare('dashboard_conteos'),
  );
  const recentStatement = withFlatRows(
    db
      .select({ id: casos.id, titulo: casos.titulo, estado: casos.estado, createdAt: isoInstant(casos.createdAt), clienteNombre: clientes.nombre })
      .from(casos)
      .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)))
      .where(eq(casos.userId, owner))
      .orderBy(desc(casos.createdAt), desc(casos.id))
      .limit(LIMITS.dashboardRecentCases)
      .prepare('dashboard_recientes'),
  );
  return {
    async summary(userId: string): Promise<DashboardSummary> {
      const [counts, recientes, vencimientos, hoy] = await Promise.all([
        countsStatement.execute({ userId }),
        recentStatement.execute({ userId }),
        upcomingDeadlines(db, userId, LIMITS.dashboardDueCases),
        deps.today(userId),
      ]);
      const stats = counts[0];
      return {
        stats: {
          total_casos: stats?.casos ?? 0,
          casos_activos: stats?.casosActivos ?? 0,
          clientes: stats?.clientes ?? 0,
          documentos: stats?.documentos ?? 0,
        },
        recientes: recientes.map((row) => ({
          id: row.id,
          titulo: row.titulo,
          estado: row.estado,
          created_at: row.createdAt,
          cliente: row.clienteNombre === null ? null : { nombre: row.clienteNombre },
        })),
        vencimientos,
        hoy,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
