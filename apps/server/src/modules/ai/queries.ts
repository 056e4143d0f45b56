import type { ContextUsed } from '@bufete/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../db/client';
import type { SessionRow } from './mappers';
import { aiChatFiles, aiChatMessages, aiChatSessions } from './schema';

type FileRow = typeof aiChatFiles.$inferSelect;
type SessionValues = Partial<typeof aiChatSessions.$inferInsert>;

/** The assistant's SQL: conversations, their messages and attachments, always by their lawyer. */
export function createAiQueries(db: Database) {
  return {
    async session(userId: string, id: string): Promise<SessionRow | undefined> {
      const [row] = await db
        .select()
        .from(aiChatSessions)
        .where(and(eq(aiChatSessions.id, id), eq(aiChatSessions.userId, userId)))
        .limit(1);
      return row;
    },

    /** The most recently used conversations. */
    sessions(userId: string, limit: number): Promise<SessionRow[]> {
      return db.select().from(aiChatSessions).where(eq(aiChatSessions.userId, userId)).orderBy(desc(aiChatSessions.updatedAt)).limit(limit);
    },

    messages(sessionId: string) {
      return db.select().from(aiChatMessages).where(eq(aiChatMessages.sessionId, sessionId)).orderBy(asc(aiChatMessages.createdAt), asc(aiChatMessages.id));
    },

    /** The newest whole, non-empty messages of a conversation, newest first. */
    wholeMessages(sessionId: string, limit: number) {
      return db
        .select({ id: aiChatMessages.id, role: aiChatMessages.role, content: aiChatMessages.content })
        .from(aiChatMessages)
        .where(and(eq(aiChatMessages.sessionId, sessionId), eq(aiChatMessages.incompleta, false), sql`length(trim(${aiChatMessages.content})) > 0`))
        .orderBy(desc(aiChatMessages.createdAt))
        .limit(limit);
    },

    async updateSession(userId: string, id: string, values: SessionValues): Promise<SessionRow> {
      const [row] = await db
        .update(aiChatSessions)
        .set(values)
        .where(and(eq(aiChatSessions.id, id), eq(aiChatSessions.userId, userId)))
        .returning();
      return row!;
    },

    /** Deletes a conversation (its messages and attachments go with it) and gives the attachments' stored keys. */
    async deleteSession(userId: string, id: string): Promise<string[]> {
      const files = await db.select({ key: aiChatFiles.storageKey }).from(aiChatFiles).where(eq(aiChatFiles.sessionId, id));
      await db.delete(aiChatSessions).where(and(eq(aiChatSessions.id, id), eq(aiChatSessions.userId, userId)));
      return files.map((file) => file.key);
    },

    filesOfSession(userId: string, sessionId: string): Promise<FileRow[]> {
      return db
        .select()
        .from(aiChatFiles)
        .where(and(eq(aiChatFiles.userId, userId), eq(aiChatFiles.sessionId, sessionId)));
    },

    async filesByIds(userId: string, ids: string[]): Promise<FileRow[]> {
      if (ids.length === 0) return [];
      return db
        .select()
        .from(aiChatFiles)
        .where(and(eq(aiChatFiles.userId, userId), inArray(aiChatFiles.id, ids)));
    },

    /** A new attachment, inside the caller's transaction (the storage quota's). */
    insertFile(tx: Transaction, values: typeof aiChatFiles.$inferInsert) {
      return tx.insert(aiChatFiles).values(values).returning();
    },

    /** Which of these stored keys a chat attachment still points at. */
    async referencedKeys(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const rows = await db.select({ key: aiChatFiles.storageKey }).from(aiChatFiles).where(inArray(aiChatFiles.storageKey, keys));
      return new Set(rows.map((row) => row.key));
    },

    /**
     * A question asked: into its conversation (a new one titled `title`), with
     * the attachments it carries moved into that conversation, in one transaction.
     */
    ask(userId: string, question: { sessionId: string | null; title: string; text: string; fileIds: string[]; context: SessionValues }) {
      return db.transaction(async (tx) => {
        let id = question.sessionId;
        if (id) await tx.update(aiChatSessions).set(question.context).where(eq(aiChatSessions.id, id));
        else {
          const [created] = await tx
            .insert(aiChatSessions)
            .values({ userId, title: question.title, ...question.context })
            .returning({ id: aiChatSessions.id });
          id = created!.id;
        }
        if (question.fileIds.length)
          await tx
            .update(aiChatFiles)
            .set({ sessionId: id })
            .where(and(eq(aiChatFiles.userId, userId), inArray(aiChatFiles.id, question.fileIds)));
        const [row] = await tx.insert(aiChatMessages).values({ sessionId: id, userId, role: 'user', content: question.text }).returning({ id: aiChatMessages.id });
        return { sessionId: id, questionId: row!.id };
      });
    },

    /** A whole answer, saved, and its conversation moved to the top. */
    async saveAnswer(userId: string, sessionId: string, answer: { content: string; contextUsed: ContextUsed }) {
      const [saved] = await db
        .insert(aiChatMessages)
        .values({ sessionId, userId, role: 'assistant', ...answer })
        .returning();
      await db.update(aiChatSessions).set({ updatedAt: new Date() }).where(eq(aiChatSessions.id, sessionId));
      return saved!;
    },

    /** What arrived of a cut answer, kept marked incomplete, with its question marked too. */
    keepIncomplete(userId: string, sessionId: string, questionId: string, text: string) {
      return db.transaction(async (tx) => {
        await tx.update(aiChatMessages).set({ incompleta: true }).where(eq(aiChatMessages.id, questionId));
        if (text.trim()) await tx.insert(aiChatMessages).values({ sessionId, userId, role: 'assistant', content: text, incompleta: true });
        await tx.update(aiChatSessions).set({ updatedAt: new Date() }).where(eq(aiChatSessions.id, sessionId));
      });
    },
  };
}
