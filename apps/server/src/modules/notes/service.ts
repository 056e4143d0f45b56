import type { Etiqueta, Nota, NoteCreateInput, NoteUpdateInput, Page, RichTextNode } from '@bufete/shared';
import { type noteCreateSchema, type noteUpdateSchema, richTextToPlain } from '@bufete/shared';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { containsPattern, keyset } from '../../db/paging';
import { notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import { casos } from '../cases/schema';
import type { CaseContentOwner, CaseService } from '../cases/service';
import { clientes } from '../clients/schema';
import type { ClientService } from '../clients/service';
import type { TagService } from '../tags/service';
import { notaTags, notas } from './schema';
import { anyTermsQuery } from '../../db/search';

/** A module whose records can belong to a note (its images): deleting notes asks it to remove them. */
export interface NoteContentOwner {
  removeForNotes(tx: Transaction, userId: string, notaIds: string[]): Promise<() => Promise<void>>;
}

type CreateInput = z.output<typeof noteCreateSchema>;
type UpdateInput = z.output<typeof noteUpdateSchema>;
export type { NoteCreateInput, NoteUpdateInput };

/** The note's tags in the same query, as JSON (no query per note). */
const tagsJson = sql<Etiqueta[]>`coalesce((
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
  tags: Etiqueta[];
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
    etiquetas: typeof row.tags === 'string' ? (JSON.parse(row.tags) as Etiqueta[]) : row.tags,
  };
}

export interface NoteListQuery {
  q?: string;
  casoId?: string;
  clienteId?: string;
  etiquetaId?: string;
  cursor?: string;
  limit: number;
}

const paging = keyset({ sort: notas.updatedAt, id: notas.id, order: 'desc', kind: 'timestamp' });

export function createNoteService(db: Database, deps: { cases: CaseService; clients: ClientService; tags: TagService; logger: Logger }) {
  const contentOwners: NoteContentOwner[] = [];

  /** Removes notes' own content (images) inside `tx`; returns what to do once it commits. */
  async function removeContent(tx: Transaction, userId: string, notaIds: string[]) {
    const cleanups: (() => Promise<void>)[] = [];
    for (const owner of contentOwners) cleanups.push(await owner.removeForNotes(tx, userId, notaIds));
    return async () => {
      for (const cleanup of cleanups) await cleanup().catch((error: unknown) => deps.logger.error('No se pudieron borrar archivos de notas', error));
    };
  }

  const select = () =>
    db
      .select({ ...columns, cursorKey: paging.cursorKey })
      .from(notas)
      .leftJoin(casos, and(eq(casos.id, notas.casoId), eq(casos.userId, notas.userId)))
      .leftJoin(clientes, and(eq(clientes.id, notas.clienteId), eq(clientes.userId, notas.userId)));

  async function get(userId: string, id: string): Promise<Nota> {
    const [row] = await select().where(and(eq(notas.id, id), eq(notas.userId, userId))).limit(1);
    if (!row) throw notFound();
    return toNota(row as Row);
  }

  /** A note may only point at the user's own case, client and tags (404 otherwise). */
  async function assertLinks(userId: string, input: { caso_id?: string | null; cliente_id?: string | null; etiqueta_ids?: string[] }) {
    if (input.caso_id) await deps.cases.assertOwned(userId, input.caso_id);
    if (input.cliente_id) await deps.clients.assertOwned(userId, input.cliente_id);
    if (input.etiqueta_ids) await deps.tags.assertOwned(userId, input.etiqueta_ids);
  }

  return {
    /** Images register here, so deleting a note asks them to go too. */
    registerContent(owner: NoteContentOwner) {
      contentOwners.push(owner);
    },

    /** Most recently updated first; search in title and content (Spanish stemming); by case and by tag. */
    async list(userId: string, query: NoteListQuery): Promise<Page<Nota>> {
      const rows = (await select()
        .where(
          and(
            eq(notas.userId, userId),
            query.casoId ? eq(notas.casoId, query.casoId) : undefined,
            // A client's notes: linked to the client, or to one of the client's cases.
            query.clienteId ? or(eq(notas.clienteId, query.clienteId), eq(casos.clienteId, query.clienteId)) : undefined,
            query.etiquetaId ? sql`exists (select 1 from nota_tags nt where nt.nota_id = ${notas.id} and nt.tag_id = ${query.etiquetaId})` : undefined,
            query.q
              ? or(
                  sql`${notas.busqueda} @@ websearch_to_tsquery('bufete_es', ${query.q})`,
                  sql`lower(${notas.titulo}) like ${containsPattern(query.q)}`,
                )
              : undefined,
            paging.after(query.cursor),
          ),
        )
        .orderBy(...paging.orderBy)
        .limit(query.limit + 1)) as (Row & { cursorKey: string })[];
      return paging.page(rows, query.limit, toNota);
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
        const tagIds = [...new Set(input.etiqueta_ids)];
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
        if (input.etiqueta_ids !== undefined) {
          await tx.delete(notaTags).where(eq(notaTags.notaId, id));
          const tagIds = [...new Set(input.etiqueta_ids)];
          if (tagIds.length) await tx.insert(notaTags).values(tagIds.map((tagId) => ({ notaId: id, tagId })));
        }
      });
      return get(userId, id);
    },

    /** Deletes the note, its tag links and (through their module) its images with their files. */
    async remove(userId: string, id: string): Promise<void> {
      const afterCommit = await db.transaction(async (tx) => {
        const [row] = await tx.select({ id: notas.id }).from(notas).where(and(eq(notas.id, id), eq(notas.userId, userId))).for('update');
        if (!row) throw notFound();
        const cleanup = await removeContent(tx, userId, [id]);
        await tx.delete(notas).where(and(eq(notas.id, id), eq(notas.userId, userId)));
        return cleanup;
      });
      await afterCommit();
    },

    /** What the case module asks of notes: count a case's and remove them, with their images. */
    caseContent: {
      name: 'notas',
      async countForCase(userId: string, casoId: string) {
        const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notas).where(and(eq(notas.casoId, casoId), eq(notas.userId, userId)));
        return Number(row?.n ?? 0);
      },
      async removeForCase(tx: Transaction, userId: string, casoId: string) {
        const ids = (await tx.select({ id: notas.id }).from(notas).where(and(eq(notas.casoId, casoId), eq(notas.userId, userId)))).map((row) => row.id);
        const cleanup = await removeContent(tx, userId, ids);
        if (ids.length) await tx.delete(notas).where(and(inArray(notas.id, ids), eq(notas.userId, userId)));
        return cleanup;
      },
    } satisfies CaseContentOwner,

    /** A case's notes as plain text (the assistant's context). */
    async textsForCase(userId: string, casoId: string): Promise<{ titulo: string; texto: string }[]> {
      const rows = await db
        .select({ titulo: notas.titulo, texto: notas.contenidoTexto })
        .from(notas)
        .where(and(eq(notas.userId, userId), eq(notas.casoId, casoId)))
        .orderBy(desc(notas.updatedAt))
        .limit(50);
      return rows;
    },

    /** The user's notes that best match a question (Spanish full text). */
    async searchTexts(userId: string, question: string, limit: number): Promise<{ titulo: string; texto: string }[]> {
      return db
        .select({ titulo: notas.titulo, texto: notas.contenidoTexto })
        .from(notas)
        .where(and(eq(notas.userId, userId), sql`${notas.busqueda} @@ ${anyTermsQuery(question)}`))
        .orderBy(sql`ts_rank_cd(${notas.busqueda}, ${anyTermsQuery(question)}) desc`)
        .limit(limit);
    },

    async assertOwned(userId: string, id: string): Promise<void> {
      const [row] = await db.select({ id: notas.id }).from(notas).where(and(eq(notas.id, id), eq(notas.userId, userId))).limit(1);
      if (!row) throw notFound();
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
