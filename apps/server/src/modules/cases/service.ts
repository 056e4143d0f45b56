import type { CaseContentCounts, Caso, CasoCreateOutput, CasoEstado, CasoPrioridad, CasoUpdateOutput, Page } from '@bufete/shared';
import { and, asc, desc, eq, lt, or, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { containsPattern, decodeCursor, encodeCursor } from '../../db/paging';
import { casos, clientes, documentos, imagenes, notas } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage';
import type { ClientService } from '../clients/service';

const selection = {
  id: casos.id,
  titulo: casos.titulo,
  descripcion: casos.descripcion,
  estado: casos.estado,
  prioridad: casos.prioridad,
  clienteId: casos.clienteId,
  fechaVencimiento: casos.fechaVencimiento,
  createdAt: casos.createdAt,
  updatedAt: casos.updatedAt,
  clienteNombre: clientes.nombre,
  clienteEmail: clientes.email,
};

type Row = {
  id: string;
  titulo: string;
  descripcion: string | null;
  estado: CasoEstado;
  prioridad: CasoPrioridad;
  clienteId: string | null;
  fechaVencimiento: string | null;
  createdAt: Date;
  updatedAt: Date;
  clienteNombre: string | null;
  clienteEmail: string | null;
};

function toCaso(row: Row): Caso {
  return {
    id: row.id,
    titulo: row.titulo,
    descripcion: row.descripcion,
    estado: row.estado,
    prioridad: row.prioridad,
    cliente_id: row.clienteId,
    fecha_vencimiento: row.fechaVencimiento,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    cliente: row.clienteId && row.clienteNombre !== null ? { id: row.clienteId, nombre: row.clienteNombre, email: row.clienteEmail } : null,
  };
}

export interface CaseListQuery {
  q?: string;
  estado?: CasoEstado;
  prioridad?: CasoPrioridad;
  cursor?: string;
  limit: number;
}

export function createCaseService(db: Database, deps: { clients: ClientService; storage: Storage; logger: Logger }) {
  /** One query with the client joined (no N+1); the join is scoped by user too. */
  const baseSelect = () =>
    db
      .select(selection)
      .from(casos)
      .leftJoin(clientes, and(eq(clientes.id, casos.clienteId), eq(clientes.userId, casos.userId)));

  async function getOwned(userId: string, id: string): Promise<Caso> {
    const [row] = await baseSelect().where(and(eq(casos.id, id), eq(casos.userId, userId))).limit(1);
    if (!row) throw notFound();
    return toCaso(row);
  }

  return {
    /** Newest first; search in the title or the client's name; filters by state and priority; keyset-paged. */
    async list(userId: string, query: CaseListQuery): Promise<Page<Caso>> {
      const after = decodeCursor(query.cursor, 2);
      const pattern = query.q ? containsPattern(query.q) : null;
      const rows = await baseSelect()
        .where(
          and(
            eq(casos.userId, userId),
            query.estado ? eq(casos.estado, query.estado) : undefined,
            query.prioridad ? eq(casos.prioridad, query.prioridad) : undefined,
            pattern ? or(sql`lower(${casos.titulo}) like ${pattern}`, sql`lower(${clientes.nombre}) like ${pattern}`) : undefined,
            after
              ? or(lt(casos.createdAt, new Date(after[0]!)), and(eq(casos.createdAt, new Date(after[0]!)), lt(casos.id, after[1]!)))
              : undefined,
          ),
        )
        .orderBy(desc(casos.createdAt), desc(casos.id))
        .limit(query.limit + 1);
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return {
        items: page.map(toCaso),
        nextCursor: rows.length > query.limit && last ? encodeCursor([last.createdAt.toISOString(), last.id]) : null,
      };
    },

    get: getOwned,

    /** id and titulo of every case, by title: the pickers and filters of other screens. */
    async options(userId: string): Promise<{ id: string; titulo: string }[]> {
      return db.select({ id: casos.id, titulo: casos.titulo }).from(casos).where(eq(casos.userId, userId)).orderBy(asc(casos.titulo)).limit(5000);
    },

    async create(userId: string, input: CasoCreateOutput): Promise<Caso> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      const [row] = await db
        .insert(casos)
        .values({
          userId,
          titulo: input.titulo,
          descripcion: input.descripcion,
          estado: input.estado,
          prioridad: input.prioridad,
          clienteId: input.cliente_id,
          fechaVencimiento: input.fecha_vencimiento,
        })
        .returning({ id: casos.id });
      return getOwned(userId, row!.id);
    },

    async update(userId: string, id: string, input: CasoUpdateOutput): Promise<Caso> {
      if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
      const values: Partial<typeof casos.$inferInsert> = { updatedAt: new Date() };
      if (input.titulo !== undefined) values.titulo = input.titulo;
      if (input.descripcion !== undefined) values.descripcion = input.descripcion;
      if (input.estado !== undefined) values.estado = input.estado;
      if (input.prioridad !== undefined) values.prioridad = input.prioridad;
      if (input.cliente_id !== undefined) values.clienteId = input.cliente_id;
      if (input.fecha_vencimiento !== undefined) values.fechaVencimiento = input.fecha_vencimiento;
      const updated = await db
        .update(casos)
        .set(values)
        .where(and(eq(casos.id, id), eq(casos.userId, userId)))
        .returning({ id: casos.id });
      if (updated.length === 0) throw notFound();
      return getOwned(userId, id);
    },

    /** How many documents, images and notes belong to the case (tab counts, delete confirmation). */
    async counts(userId: string, id: string): Promise<CaseContentCounts> {
      await getOwned(userId, id);
      const [row] = await db
        .execute(
          sql`select (select count(*) from ${documentos} where ${documentos.casoId} = ${id} and ${documentos.userId} = ${userId})::int as documentos,
                     (select count(*) from ${imagenes} where ${imagenes.casoId} = ${id} and ${imagenes.userId} = ${userId})::int as imagenes,
                     (select count(*) from ${notas} where ${notas.casoId} = ${id} and ${notas.userId} = ${userId})::int as notas`,
        )
        .then(rowsOf<{ documentos: number; imagenes: number; notas: number }>);
      return { documentos: Number(row?.documentos ?? 0), imagenes: Number(row?.imagenes ?? 0), notas: Number(row?.notas ?? 0) };
    },

    /**
     * Deletes the case with its documents, images and notes: rows first (one
     * transaction, cascading), then their stored files, so nothing is left behind.
     */
    async remove(userId: string, id: string): Promise<void> {
      const files = await db.transaction(async (tx) => {
        const docs = await tx.select({ key: documentos.storageKey }).from(documentos).where(and(eq(documentos.casoId, id), eq(documentos.userId, userId)));
        // The case's images and the images of its notes (notes go with the case).
        const images = await tx
          .select({ key: imagenes.storageKey })
          .from(imagenes)
          .where(
            and(
              eq(imagenes.userId, userId),
              or(eq(imagenes.casoId, id), sql`${imagenes.notaId} in (select ${notas.id} from ${notas} where ${notas.casoId} = ${id})`),
            ),
          );
        const deleted = await tx.delete(casos).where(and(eq(casos.id, id), eq(casos.userId, userId))).returning({ id: casos.id });
        if (deleted.length === 0) throw notFound();
        return [...docs.map((d) => ['documentos', d.key] as const), ...images.map((i) => ['imagenes', i.key] as const)];
      });
      for (const [bucket, key] of files) {
        await deps.storage.delete(bucket, key).catch((error: unknown) => deps.logger.error(`No se pudo borrar ${bucket}/${key}`, error));
      }
    },
  };
}

export type CaseService = ReturnType<typeof createCaseService>;
