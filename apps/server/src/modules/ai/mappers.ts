import type { AiMessage, AiSession } from '@bufete/shared';
import type { aiChatMessages, aiChatSessions } from './schema';

export type SessionRow = typeof aiChatSessions.$inferSelect;
export type MessageRow = typeof aiChatMessages.$inferSelect;

/** A conversation as the contract sends it. */
export const toSession = (row: SessionRow): AiSession => ({
  id: row.id,
  title: row.title,
  description: row.description,
  is_favorite: row.isFavorite,
  context_documents: row.contextDocuments,
  context_case_id: row.contextCaseId,
  updated_at: row.updatedAt.toISOString(),
});

/** One turn of a conversation as the contract sends it. */
export const toMessage = (row: MessageRow): AiMessage => ({
  id: row.id,
  role: row.role,
  content: row.content,
  context_used: row.contextUsed ?? null,
  incompleta: row.incompleta,
  created_at: row.createdAt.toISOString(),
});
