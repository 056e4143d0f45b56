import type { Nota, NoteCreateInput, NoteUpdateInput, Page } from '@bufete/shared';
import { type noteCreateSchema, type noteUpdateSchema, richTextToPlain } from '@bufete/shared';
import type { z } from 'zod';
import type { Database, Transaction } from '../../db/client';
import { personaQuePregunta } from '../../http/case-scope';
import { notFound } from '../../http/errors';
import type { Logger } from '../../logger';
import type { CaseContentOwner, CaseService } from '../cases/service';
import { type HistoryService, changesOf, ERASED_AT_REQUEST } from '../history/service';
import type { ClientService } from '../clients/service';
import type { TagService } from '../tags/service';
import { toNota } from './mappers';
import { createNoteQueries, type NoteListQuery } from './queries';
import type { notas } from './schema';

/** A module whose records can belong to a note (its images): deleting notes asks it to remove them. */
export interface NoteContentOwner {
  removeForNotes(tx: Transaction, userId: string, notaIds: string[]): Promise<() => Promise<void>>;
}

type CreateInput = z.output<typeof noteCreateSchema>;
type UpdateInput = z.output<typeof noteUpdateSchema>;
export type { NoteCreateInput, NoteUpdateInput };

/** The history's names of a note's fields: its contents are named when they change, never kept. */
const NOTE_FIELDS = { titulo: 'Título', contenido: 'Contenido', caso: 'Caso', cliente: 'Cliente', favorita: 'Favorita' } as const;
const noteAsRecorded = (nota: Nota) => ({
  titulo: nota.titulo,
  contenido: nota.contenido,
  caso: nota.caso?.titulo ?? null,
  cliente: nota.cliente?.nombre ?? null,
  favorita: nota.is_favorita,
});

export function createNoteService(db: Database, deps: { cases: CaseService; clients: ClientService; tags: TagService; logger: Logger; history: HistoryService }) {
  const contentOwners: NoteContentOwner[] = [];
  const queries = createNoteQueries(db);

  /** Removes notes' own content (images) inside `tx`; returns what to do once it commits. */
  async function removeContent(tx: Transaction, userId: string, notaIds: string[]) {
    const cleanups: (() => Promise<void>)[] = [];
    for (const owner of contentOwners) cleanups.push(await owner.removeForNotes(tx, userId, notaIds));
    return async () => {
      for (const cleanup of cleanups) await cleanup().catch((error: unknown) => deps.logger.error('No se pudieron borrar archivos de notas', error));
    };
  }

  async function get(userId: string, id: string): Promise<Nota> {
    const row = await queries.row(userId, id);
    if (!row) throw notFound();
    return toNota(row);
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
      return queries.paging.page(await queries.page(userId, query), query.limit, toNota);
    },

    get,

    /** The cases that have notes: the notes screen shows its case filter only when there are some. */
    casesWithNotes: queries.casesWithNotes,

    async create(userId: string, input: CreateInput): Promise<Nota> {
      await assertLinks(userId, input);
      const values = {
        titulo: input.titulo,
        contenido: input.contenido,
        contenidoTexto: richTextToPlain(input.contenido),
        casoId: input.caso_id,
        clienteId: input.cliente_id,
        privada: input.privada,
        // Who wrote it: a private note is theirs alone.
        autorId: personaQuePregunta() ?? userId,
      };
      const nota = await get(userId, await queries.insert(userId, values, input.etiqueta_ids));
      await deps.history.record(db, userId, {
        accion: 'crear',
        entidad: 'nota',
        entidadId: nota.id,
        casoId: nota.caso?.id ?? null,
        resumen: `Nota «${nota.titulo.slice(0, 150)}» creada`,
      });
      return nota;
    },

    /** Partial update; the tags, when given, replace the note's tags in the same transaction. */
    async update(userId: string, id: string, input: UpdateInput): Promise<Nota> {
      await assertLinks(userId, input);
      const values: Partial<typeof notas.$inferInsert> = { updatedAt: new Date() };
      if (input.titulo !== undefined) values.titulo = input.titulo;
      if (input.contenido !== undefined) {
        values.contenido = input.contenido;
        values.contenidoTexto = richTextToPlain(input.contenido);
      }
      if (input.caso_id !== undefined) values.casoId = input.caso_id;
      if (input.cliente_id !== undefined) values.clienteId = input.cliente_id;
      if (input.is_favorita !== undefined) values.isFavorita = input.is_favorita;
      if (input.privada !== undefined) values.privada = input.privada;
      const before = await get(userId, id);
      if (!(await queries.update(userId, id, values, input.etiqueta_ids))) throw notFound();
      const after = await get(userId, id);
      const cambios = changesOf(noteAsRecorded(before), noteAsRecorded(after), NOTE_FIELDS, ['contenido']);
      if (cambios.length)
        await deps.history.record(db, userId, {
          accion: 'editar',
          entidad: 'nota',
          entidadId: id,
          casoId: after.caso?.id ?? before.caso?.id ?? null,
          resumen: `Nota «${after.titulo.slice(0, 150)}» editada`,
          cambios,
        });
      return after;
    },

    /**
     * Deletes the note, its tag links and (through their module) its images
     * with their files. Erased at a client's request, its history entry names
     * no title (the title may be the client's data).
     */
    async remove(userId: string, id: string, options: { atClientRequest?: boolean } = {}): Promise<void> {
      const nota = await get(userId, id);
      const afterCommit = await db.transaction(async (tx) => {
        if (!(await queries.lock(tx, userId, id))) throw notFound();
        const cleanup = await removeContent(tx, userId, [id]);
        await queries.delete(tx, userId, [id]);
        await deps.history.record(tx, userId, {
          accion: 'eliminar',
          entidad: 'nota',
          entidadId: id,
          casoId: nota.caso?.id ?? null,
          resumen: options.atClientRequest ? ERASED_AT_REQUEST('Nota eliminada') : `Nota «${nota.titulo.slice(0, 150)}» eliminada`,
        });
        return cleanup;
      });
      await afterCommit();
    },

    /** What the case module asks of notes: count a case's and remove them, with their images. */
    caseContent: {
      name: 'notas',
      countForCase: queries.countForCase,
      async removeForCase(tx: Transaction, userId: string, casoId: string) {
        const ids = await queries.idsOfCase(tx, userId, casoId);
        const cleanup = await removeContent(tx, userId, ids);
        await queries.delete(tx, userId, ids);
        return cleanup;
      },
    } satisfies CaseContentOwner,

    /** A case's notes as plain text (the assistant's context). */
    textsForCase: queries.textsForCase,

    /** The user's notes that best match a question (Spanish full text). */
    searchTexts: queries.searchTexts,

    async assertOwned(userId: string, id: string): Promise<void> {
      if (!(await queries.exists(userId, id))) throw notFound();
    },
  };
}

export type NoteService = ReturnType<typeof createNoteService>;
