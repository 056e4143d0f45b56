import type { ContextUsed } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerColumn } from '../../db/columns';
import { casos } from '../cases/schema';

/** Requests of the AI assistant per user and day (the lawyer's day): the quota counter (spec: ai_usage_limits). */
export const aiUsageLimits = pgTable(
  'ai_usage_limits',
  {
    userId: ownerColumn(),
    resetDate: date('reset_date').notNull(),
    requestsUsed: integer('requests_used').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.resetDate] }), check('ai_usage_limits_used_check', sql`${table.requestsUsed} >= 0`)],
);

/** A conversation with the assistant (spec: ai_chat_sessions). */
export const aiChatSessions = pgTable(
  'ai_chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    title: text('title').notNull(),
    description: text('description'),
    isFavorite: boolean('is_favorite').notNull().default(false),
    contextDocuments: jsonb('context_documents').$type<{ id: string }[]>().notNull().default([]),
    contextCaseId: uuid('context_case_id').references(() => casos.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_chat_sessions_user_updated_idx').on(table.userId, sql`${table.updatedAt} desc`)],
);

/** One message of a conversation, with what the reply was built from (spec: ai_chat_messages). */
export const aiChatMessages = pgTable(
  'ai_chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => aiChatSessions.id, { onDelete: 'cascade' }),
    userId: ownerColumn(),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    contextUsed: jsonb('context_used').$type<ContextUsed>(),
    /** No whole answer: never sent to the model again as history. */
    incompleta: boolean('incompleta').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_chat_messages_session_idx').on(table.sessionId, table.createdAt), check('ai_chat_messages_role_check', sql`${table.role} in ('user', 'assistant')`)],
);

/**
 * A file attached in the chat (spec: bucket documentos, folder chat-uploads):
 * its text extracted once, usable as context for the rest of its session.
 * Until a question uses it, it belongs to no session; unused ones are swept.
 */
export const aiChatFiles = pgTable(
  'ai_chat_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerColumn(),
    sessionId: uuid('session_id').references(() => aiChatSessions.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    tipo: text('tipo').notNull(),
    tamano: bigint('tamano', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    contenido: text('contenido').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('ai_chat_files_session_idx').on(table.sessionId), index('ai_chat_files_user_idx').on(table.userId, table.createdAt)],
);
