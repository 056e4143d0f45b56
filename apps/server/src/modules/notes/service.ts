import type { Nota, NoteCreateInput, NoteUpdateInput, Page, RichTextNode, Tag } from '@bufete/shared';
import { noteCreateSchema, noteUpdateSchema, richTextToPlain } from '@bufete/shared';
import { and, desc, eq, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { decodeCursor, encodeCursor } from '../../db/paging';
import { casos, clientes, imagenes, notaTags, notas } from '../../db/schema';
import { notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import type { Storage } from '../../storage';
import type { CaseService } from '../cases/service';
import type { ClientService } from '../clients/service';
import type { TagService } from '../tags/service';

type CreateInput = z.output<typeof noteCreateSchema>;
type UpdateInput = z.output<typeof noteUpdateSchema>;
export type { NoteCreateInput, NoteUpdateInput };

/** The note's tags in the same query, as JSON (no query per note). */
const tagsJson = sql<Tag[]>`coalesce((
  select json_agg(json_build_object('id', t.id, 'nombre', t.nombre, 'color', t.color) order by lower(t.nombre))
    from nota_tags nt join tags t on t.id = nt.tag_id
   where nt.nota_id = ${notas.id}), '[]'::json)`;

const columns = {
  id: notas.id,
  titulo: notas.titulo,
  contenido: notas.contenido,
  contenidoTexto: notas.contenidoTexto,
  casoId: notas.casoId,
  clienteId: notas.clienteId,
  isFavorita: notas.isFavorita,
  createdAt: notas.createdAt,
  updatedAt: notas.updatedAt,
  casoTitulo: casos.titulo,
  clienteNombre: clientes.nombre,
  tags: tagsJson,
};

interface Row {
  id: string;
  titulo: string;
  contenido: RichTextNode;
  contenidoTexto: string;
  casoId: string | null;
  clienteId: string | null;
  isFavorita: boolean;
  createdAt: Date;
  updatedAt: Date;
  casoTitulo: string | null;
  clienteNombre: string | null;
  tags: Tag[];
}

function toNota(row: Row): Nota {
  return {
    id: row.id,
    titulo: row.titulo,
    contenido: row.contenido,
    contenido_texto: row.contenidoTexto,
    caso_id: row.casoId,
    cliente_id: row.clienteId,
    is_favorita: row.isFavorita,
    created_at: row.createdAt.toISOString(),
    updated_at: new Date(row.updatedAt).toISOString(),
    caso: row.casoId && row.casoTitulo !== null ? { id: row.casoId, titulo: row.casoTitulo } : null,
    cliente: row.clienteId && row.clienteNombre !== null ? { id: row.clienteId, nombre: row.clienteNombre } : null,
    tags: typeof row.tags === 'string' ? (JSON.parse(row.tags) as Tag[]) : row.tags,
  };
}

export interface NoteListQuery {
  q?: string;
  casoId?: string;
  tagId?: string;
  cursor?: string;
  limit: number;
}

export function createNoteService(db: Database, deps: { cases: CaseService; clients: ClientService; tags: TagService; storage: Storage; logger: Logger }) {
  const select = () =>
    db
      .select(columns)
      .from(notas)
      .leftJoin(casos, and(eq(casos.id, notas.casoId), eq(casos.userId, notas.userId)))
      .leftJoin(clientes, and(eq(clientes.id, notas.clienteId), eq(clientes.userId, notas.userId)));

  async function get(userId: string, id: string): Promise<Nota> {
    const [row] = await select().where(and(eq(notas.id, id), eq(notas.userId, userId))).limit(1);
    if (!row) throw notFound();
    return toNota(row as Row);
  }

  /** A note may only point at the user's own case, client and tags (404 otherwise). */
  async function assertLinks(userId: string, input: { caso_id?: string | null; cliente_id?: string | null; tag_ids?: string[] }) {
    if (input.caso_id) await deps.cases.get(userId, input.caso_id);
    if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
    if (input.tag_ids) await deps.tags.assertOwned(userId, input.tag_ids);
  }

  return {
    /** Most recently updated first; search in title and content (Spanish stemming); by case and by tag. */
    async list(userId: string, query: NoteListQuery): Promise<Page<Nota>> {
      const after = decodeCursor(query.cursor, 2);
      const rows = (await select()
        .where(
          and(
            eq(notas.userId, userId),
            query.casoId ? eq(notas.casoId, query.casoId) : undefined,
            query.tagId ? sql`exists (select 1 from nota_tags nt where nt.nota_id = ${notas.id} and nt.tag_id = ${query.tagId})` : undefined,
            query.q
              ? or(
                  sql`${notas.busqueda} @@ websearch_to_tsquery('spanish', ${query.q})`,
                  sql`lower(${notas.titulo}) like ${`%${query.q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`}`,
                )
              : undefined,
            after ? or(lt(notas.updatedAt, new Date(after[0]!)), and(eq(notas.updatedAt, new Date(after[0]!)), lt(notas.id, after[1]!))) : undefined,
          ),
        )
        .orderBy(desc(notas.updatedAt), desc(notas.id))
        .limit(query.limit + 1)) as Row[];
      const page = rows.slice(0, query.limit);
      const last = page[page.length - 1];
      return { items: page.map(toNota), nextCursor: rows.length > query.limit && last ? encodeCursor([new Date(last.updatedAt).toISOString(), last.id]) : null };
    },

    get,

    /** The cases that have notes: the notes screen shows its case filter only when there are some. */
    async casesWithNotes(userId: string): Promise<{ id: string; titulo: string }[]> {
      return db
        .selectDistinct({ id: casos.id, titulo: casos.titulo })
        .from(notas)
        .innerJoin(casos, and(eq(casos.id, notas.casoId), eq(casos.userId, userId)))
        .where(eq(notas.userId, userId))
        .orderBy(casos.titulo);
    },

    async create(userId: string, input: CreateInput): Promise<Nota> {
      await assertLinks(userId, input);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(notas)
          .values({
            userId,
            titulo: input.titulo,
            contenido: input.contenido,
            contenidoTexto: richTextToPlain(input.contenido),
            casoId: input.caso_id,
            clienteId: input.cliente_id,
          })
          .returning({ id: notas.id });
        const tagIds = [...new Set(input.tag_ids)];
        if (tagIds.length) await tx.insert(notaTags).values(tagIds.map((tagId) => ({ notaId: row!.id, tagId })));
        return row!.id;
      });
      return get(userId, id);
    },

    /** Partial update; the tags, when given, replace the note's tags in the same transaction. */
    async update(userId: string, id: string, input: UpdateInput): Promise<Nota> {
      await assertLinks(userId, input);
      await db.transaction(async (tx) => {
        const values: Partial<typeof notas.$inferInsert> = { updatedAt: new Date() };
        if (input.titulo !== undefined) values.titulo = input.titulo;
        if (input.contenido !== undefined) {
          values.contenido = input.contenido;
          values.contenidoTexto = richTextToPlain(input.contenido);
        }
        if (input.caso_id !== undefined) values.casoId = input.caso_id;
        if (input.cliente_id !== undefined) values.clienteId = input.cliente_id;
        if (input.is_favorita !== undefined) values.isFavorita = input.is_favorita;
        const updated = await tx.update(notas).set(values).where(and(eq(notas.id, id), eq(notas.userId, userId))).returning({ id: notas.id });
        if (updated.length === 0) throw notFound();
        if (input.tag_ids !== undefined) {
          await tx.delete(notaTags).where(eq(notaTags.notaId, id));
          const tagIds = [...new Set(input.tag_ids)];
          if (tagIds.length) await tx.insert(notaTags).values(tagIds.map((tagId) => ({ notaId: id, tagId })));
        }
      });
      return get(userId, id);
    },

    /** Deletes the note, its tag links and its images with their files. */
    async remove(userId: string, id: string): Promise<void> {
      const keys = await db.transaction(async (tx) => {
        const images = await tx.select({ key: imagenes.storageKey }).from(imagenes).where(and(eq(imagenes.notaId, id), eq(imagenes.userId, userId)));
        const deleted = await tx.delete(notas).where(and(eq(notas.id, id), eq(notas.userId, userId))).returning({ id: notas.id });
        if (deleted.length === 0) throw notFound();
        return images.map((image) => image.key);
      });
      for (const key of keys) await deps.storage.delete('imagenes', key).catch((error: unknown) => deps.logger.error(`No se pudo borrar imagenes/${key}`, error));
    },

    async assertOwned(userId: string, id: string): Promise<void> {
      const [row] = await db.select({ id: notas.id }).from(notas).where(and(eq(notas.id, id), eq(notas.userId, userId))).limit(1);
      if (!row) throw notFound();
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
