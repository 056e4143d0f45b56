import type { AiContextOptions, AiFile, AiMessage, AiSession, AiStreamEvent, ContextUsed } from '@bufete/shared';
import { AI_PICKER_MAX, LIMITS, MSG, PARTE_ROL_LABELS, sessionTitleOf, type aiAskSchema } from '@bufete/shared';
import type { ModelMessage } from 'ai';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { ReceivedFile } from '../../http/upload';
import type { StorageQuota } from '../../storage/quota';
import { describeError, type Logger } from '../../logger';
import type { CaseService } from '../cases/service';
import type { PartyService } from '../parties/service';
import type { DocumentService } from '../documents/service';
import type { NoteService } from '../notes/service';
import type { Notice } from '../notifications/service';
import type { ProfileService } from '../profile/service';
import { checkGrounding } from './grounding';
import { type AssistantModel, describeProviderError, ModelError } from './model';
import { materialBlock, SYSTEM_PROMPT } from './prompt';
import { type Passage, relevantPassages, type Source } from './retrieval';
import { type SessionRow, toMessage, toSession } from './mappers';
import { createAiQuota } from './quota';
import { createAiQueries } from './queries';

type AskInput = z.output<typeof aiAskSchema>;
/** Earlier turns sent with a question: the last 8 messages, at most 8,000 characters. */
const HISTORY_MESSAGES = 8;
const HISTORY_CHARS = 8000;
/** Passages an answer without a model quotes. */
const OFFLINE_PASSAGES = 5;

export interface AiServiceDeps {
  documents: DocumentService;
  cases: CaseService;
  notes: NoteService;
  /** A case's parties, for the case's facts. */
  parties: Pick<PartyService, 'list'>;
  profiles: ProfileService;
  model: AssistantModel | null;
  quota: StorageQuota;
  logger: Logger;
  dailyLimit: number;
  contextChars: number;
  notify: (userId: string, notice: Notice) => Promise<void>;
}

/** An answer from the lawyer's own passages, quoted exactly with their source: what the assistant says with no model. */
function offlineAnswer(passages: Passage[]): string {
  if (passages.length === 0) return `${MSG.ai.sinModelo}\n\n${MSG.ai.sinPasajes}`;
  const lines = passages.slice(0, OFFLINE_PASSAGES).map((passage) => {
    const flat = passage.text.replace(/\s+/g, ' ').trim();
    const excerpt = flat.length > 400 ? flat.slice(0, flat.lastIndexOf(' ', 400) > 200 ? flat.lastIndexOf(' ', 400) : 400) : flat;
    const where = `${passage.source.nombre}${passage.pagina ? `, pág. ${passage.pagina}` : ''}`;
    return `- «${excerpt}»${excerpt.length < flat.length ? ' …' : ''} [${passage.id}] (${where})`;
  });
  return `${MSG.ai.sinModelo}\n\n**Pasajes de tu material**\n${lines.join('\n')}`;
}

/**
 * The AI legal assistant (spec: the ai-assistant function and its tables):
 * an atomic daily quota on the lawyer's clock, conversations and their
 * attachments, and answers grounded in the lawyer's own material: the most
 * relevant passages (Spanish full-text ranking) within a budget, cited by id,
 * each quotation checked against its source. With no model configured it
 * answers with those passages, and says so.
 */
export function createAiService(db: Database, deps: AiServiceDeps) {
  const { logger } = deps;
  const { usageOf, takeUnit, refund } = createAiQuota(db, deps);
  const queries = createAiQueries(db);

  async function ownSession(userId: string, id: string): Promise<SessionRow> {
    const row = await queries.session(userId, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * What the question may read, once its unit is taken: the chosen documents,
   * the case (its data and notes), the session's attachments; or, with nothing
   * chosen, the lawyer's best-matching documents and notes; ranked into the
   * passages sent with it.
   */
  async function materialFor(userId: string, input: AskInput, sessionId: string | null) {
    const documents = await deps.documents.textsFor(userId, input.document_ids);
    const files = sessionId ? await queries.filesOfSession(userId, sessionId) : [];
    const pending = await queries.filesByIds(userId, input.file_ids);
    const caso = input.caso_id ? await deps.cases.get(userId, input.caso_id) : null;
    const sources: Source[] = [
      ...documents.map((doc): Source => ({ kind: 'documento', documentoId: doc.id, nombre: doc.nombre, tipo: doc.tipo, text: doc.contenido })),
      ...[...files, ...pending.filter((file) => !files.some((other) => other.id === file.id))].map((file): Source => ({
        kind: 'archivo',
        documentoId: null,
        nombre: file.nombre,
        tipo: file.tipo,
        text: file.contenido,
      })),
    ];
    if (caso) {
      // The case itself (its description) and its notes are material too.
      const facts = [
        `Título: ${caso.titulo}`,
        `Estado: ${caso.estado}`,
        caso.expediente ? `Expediente: ${caso.expediente}` : '',
        caso.juzgado ? `Juzgado: ${caso.juzgado}` : '',
        ...(await deps.parties.list(userId, caso.id)).map((parte) => `${PARTE_ROL_LABELS[parte.rol]}: ${parte.nombre}${parte.abogado ? ` (abogado: ${parte.abogado})` : ''}`),
        caso.descripcion ?? '',
      ];
      sources.push({ kind: 'caso', documentoId: null, nombre: caso.titulo, tipo: 'caso', text: facts.filter(Boolean).join('\n\n') });
      for (const nota of await deps.notes.textsForCase(userId, caso.id)) sources.push({ kind: 'nota', documentoId: null, nombre: nota.titulo, tipo: 'nota', text: nota.texto });
    }
    if (sources.length === 0 && !caso && input.message) {
      for (const doc of await deps.documents.searchTexts(userId, input.message, 8)) {
        sources.push({ kind: 'documento', documentoId: doc.id, nombre: doc.nombre, tipo: doc.tipo, text: doc.contenido });
      }
      for (const nota of await deps.notes.searchTexts(userId, input.message, 8))
        sources.push({ kind: 'nota', documentoId: null, nombre: nota.titulo, tipo: 'nota', text: nota.texto });
    }
    const passages = await relevantPassages(db, sources, input.message, deps.contextChars);
    return { passages, caso, documents: documents.map((doc) => ({ id: doc.id, nombre: doc.nombre, tipo: doc.tipo })) };
  }

  /**
   * The earlier turns sent with a question: whole ones only (a question that
   * got no whole answer, and what arrived of it, are never sent again), no
   * empty text (Anthropic refuses an empty block), starting with the lawyer.
   */
  async function history(sessionId: string): Promise<{ id: string; role: 'user' | 'assistant'; content: string }[]> {
    const rows = await queries.wholeMessages(sessionId, HISTORY_MESSAGES);
    const messages: typeof rows = [];
    let chars = 0;
    for (const row of rows) {
      chars += row.content.length;
      if (chars > HISTORY_CHARS) break;
      messages.unshift(row);
    }
    while (messages[0]?.role === 'assistant') messages.shift();
    return messages;
  }

  return {
    modelLabel: deps.model?.label ?? null,

    /** `quotaHolder`: whose daily quota it is: the person asking, in whichever despacho they work (issue 46). */
    async status(userId: string, quotaHolder = userId) {
      return { uso: await usageOf(quotaHolder), modelo: deps.model?.label ?? null };
    },

    usage: usageOf,

    async contextOptions(userId: string): Promise<AiContextOptions> {
      const [documentos, casos] = await Promise.all([deps.documents.recent(userId, AI_PICKER_MAX), deps.cases.recent(userId, AI_PICKER_MAX)]);
      const byCase = await deps.documents.idsByCase(
        userId,
        casos.map((caso) => caso.id),
      );
      return {
        documentos: documentos.map(({ createdAt, ...doc }) => ({ ...doc, created_at: createdAt.toISOString() })),
        casos: casos.map((caso) => ({ id: caso.id, titulo: caso.titulo, estado: caso.estado, created_at: caso.createdAt.toISOString(), documento_ids: byCase.get(caso.id) ?? [] })),
      };
    },

    async upload(userId: string, file: ReceivedFile): Promise<AiFile> {
      const stored = await deps.documents.storeChatFile(userId, file);
      try {
        const [row] = await deps.quota.insertWithin((tx) => queries.insertFile(tx, { userId, ...stored }));
        return { id: row!.id, nombre: row!.nombre, tipo: row!.tipo, tamaño: row!.tamano, caracteres: row!.contenido.length };
      } catch (error) {
        await deps.documents.deleteStored(stored.storageKey).catch(() => undefined);
        throw error;
      }
    },

    /** The 10 most recently used conversations (spec: 'Chats guardados', at most 10). */
    async sessions(userId: string): Promise<AiSession[]> {
      return (await queries.sessions(userId, LIMITS.savedChatsMax)).map(toSession);
    },

    async session(userId: string, id: string): Promise<{ session: AiSession; messages: AiMessage[] }> {
      const session = await ownSession(userId, id);
      const messages = await queries.messages(id);
      return { session: toSession(session), messages: messages.map(toMessage) };
    },

    /** 'Guardar chat' sets the title and 'Chat guardado el {date}'; the star toggles the favourite. */
    async updateSession(userId: string, id: string, input: { title?: string; is_favorite?: boolean }): Promise<AiSession> {
      await ownSession(userId, id);
      const values: Parameters<typeof queries.updateSession>[2] = {};
      if (input.title !== undefined) {
        const timeZone = await deps.profiles.timeZoneOf(userId);
        values.title = input.title;
        values.description = MSG.ai.descripcionGuardado(new Intl.DateTimeFormat('es-MX', { dateStyle: 'long', timeZone }).format(new Date()));
        values.updatedAt = new Date();
      }
      if (input.is_favorite !== undefined) values.isFavorite = input.is_favorite;
      return toSession(await queries.updateSession(userId, id, values));
    },

    async removeSession(userId: string, id: string): Promise<void> {
      await ownSession(userId, id);
      for (const key of await queries.deleteSession(userId, id))
        await deps.documents.deleteStored(key).catch((error: unknown) => logger.warn(`No se pudo borrar un adjunto del chat (${describeError(error).split('\n')[0]})`));
    },

    /** Which of these stored keys a chat attachment still points at (the orphan sweeper). */
    referencedKeys: queries.referencedKeys,

    /**
     * A question. First everything it names is checked (another lawyer's
     * document, case, attachment or session is a 404 and costs nothing), then
     * one unit of today's quota is taken (with a model: without one nothing
     * is spent) before any text is read, then the reply is produced as a
     * stream of events. A reply the provider failed to give whole (refused,
     * cut, empty, or no first words in time) gives the unit back and is kept
     * marked incomplete; one the lawyer stopped counts. (Long on purpose:
     * those steps read in their order, each where the stream reaches it.)
     */
    async ask(userId: string, input: AskInput, quotaHolder = userId) {
      const existing = input.session_id ? await ownSession(userId, input.session_id) : null;
      await deps.documents.assertOwnedMany(userId, input.document_ids);
      if (input.caso_id) await deps.cases.assertOwned(userId, input.caso_id);
      const files = await queries.filesByIds(userId, input.file_ids);
      if (files.length !== new Set(input.file_ids).size) throw notFound();

      const model = deps.model;
      const taken = model ? await takeUnit(quotaHolder) : null;
      const day = taken?.day ?? (await deps.profiles.today(quotaHolder));
      const usage = taken?.usage ?? (await usageOf(quotaHolder, day));
      let material: Awaited<ReturnType<typeof materialFor>>;
      try {
        material = await materialFor(userId, input, existing?.id ?? null);
      } catch (error) {
        if (taken) await refund(quotaHolder, day);
        throw error;
      }
      const { passages, caso, documents: documentsUsed } = material;

      const fileNames = files.map((file) => file.nombre);
      const userText = [input.message, fileNames.length ? `Archivos adjuntos: ${fileNames.join(', ')}` : ''].filter(Boolean).join('\n\n');
      const { sessionId, questionId } = await queries.ask(userId, {
        sessionId: existing?.id ?? null,
        title: sessionTitleOf(input.message || fileNames[0] || 'Consulta'),
        text: userText,
        fileIds: files.map((file) => file.id),
        context: { contextDocuments: input.document_ids.map((docId) => ({ id: docId })), contextCaseId: input.caso_id, updatedAt: new Date() },
      });
      const previous = existing ? (await history(sessionId)).filter((message) => message.id !== questionId).map(({ role, content }) => ({ role, content }) as ModelMessage) : [];
      const caseSummary = caso ? `Caso seleccionado: ${caso.titulo} (estado: ${caso.estado})` : null;

      /** What arrived before the reply was cut stays, marked incomplete; the question is marked too (never history again). */
      const keepIncomplete = (text: string) => queries.keepIncomplete(userId, sessionId, questionId, text);

      async function* run(signal: AbortSignal): AsyncGenerator<AiStreamEvent> {
        let text = '';
        // Until the reply is settled either way, a closed tab (the generator is returned) means the lawyer stopped it.
        let settled = false;
        try {
          yield { type: 'start', session_id: sessionId, usage, modelo: model?.label ?? null };
          if (model) {
            const messages: ModelMessage[] = [
              ...previous,
              { role: 'user', content: `${materialBlock(passages, caseSummary)}Consulta: ${input.message || 'Analiza los archivos adjuntos.'}` },
            ];
            try {
              for await (const piece of model.stream({ system: SYSTEM_PROMPT, messages, signal })) {
                text += piece;
                yield { type: 'delta', text: piece };
              }
            } catch (error) {
              const failure = error instanceof ModelError ? error : new ModelError('provider', describeProviderError(error));
              if (failure.kind === 'stopped') throw failure;
              settled = true;
              logger.warn(`El modelo de IA no dio una respuesta completa (${failure.kind}: ${failure.detail})`);
              await keepIncomplete(text);
              const message = failure.kind === 'timeout' ? MSG.ai.sinRespuestaATiempo : failure.kind === 'empty' ? MSG.ai.respuestaVacia : MSG.ai.errorProveedor;
              yield { type: 'error', message, usage: await refund(quotaHolder, day) };
              return;
            }
          } else {
            text = offlineAnswer(passages);
            // Streamed in pieces too, so the screen behaves the same.
            for (const piece of text.match(/\S+\s*/g) ?? []) yield { type: 'delta', text: piece };
          }
          const grounding = await checkGrounding(text, passages);
          const shown = grounding.cited.length ? grounding.cited : passages;
          const contextUsed: ContextUsed = {
            documents: documentsUsed,
            case: caso ? { id: caso.id, titulo: caso.titulo } : null,
            pasajes: shown.map((passage) => ({ id: passage.id, documento_id: passage.source.documentoId, nombre: passage.source.nombre, pagina: passage.pagina })),
            citas: grounding.citas,
          };
          const saved = await queries.saveAnswer(userId, sessionId, { content: grounding.content, contextUsed });
          settled = true;
          yield { type: 'done', message: toMessage(saved), usage: await usageOf(quotaHolder, day) };
        } catch (error) {
          if (!(error instanceof ModelError && error.kind === 'stopped')) throw error;
        } finally {
          // Stopped by the lawyer ('Detener', a closed tab): the unit was spent; what arrived is kept, marked.
          if (!settled) await keepIncomplete(text).catch((error: unknown) => logger.warn(`No se pudo guardar una respuesta detenida (${describeError(error).split('\n')[0]})`));
        }
      }

      return { run };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
