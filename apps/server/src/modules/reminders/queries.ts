import { and, desc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Transaction } from '../../db/client';
import { clientes } from '../clients/schema';
import type { ReminderRow } from './mappers';
import { emailReminders } from './schema';

/**
 * Emails to clients' SQL. A row goes pending → sending → sent (or failed,
 * cancelled); 'sending' is a claim whose `updated_at` is renewed while the
 * mail server talks and taken back once older than the lease.
 */
export function createReminderQueries(db: Database, options: { leaseMs: number }) {
  const sending = (id: string) => and(eq(emailReminders.id, id), eq(emailReminders.status, 'sending'));

  return {
    /** Takes the reminder to send it: waiting, or 'sending' by a process that stopped renewing its claim (it died mid-send). */
    async claim(id: string): Promise<ReminderRow | undefined> {
      const [row] = await db
        .update(emailReminders)
        .set({ status: 'sending', attempts: sql`${emailReminders.attempts} + 1`, updatedAt: sql`now()` })
        .where(
          and(
            eq(emailReminders.id, id),
            or(
              eq(emailReminders.status, 'pending'),
              and(eq(emailReminders.status, 'sending'), sql`${emailReminders.updatedAt} < now() - make_interval(secs => ${options.leaseMs / 1000})`),
            ),
          ),
        )
        .returning();
      return row;
    },

    async status(id: string) {
      const [row] = await db.select({ status: emailReminders.status }).from(emailReminders).where(eq(emailReminders.id, id)).limit(1);
      return row?.status;
    },

    async renewClaim(id: string): Promise<void> {
      await db
        .update(emailReminders)
        .set({ updatedAt: sql`now()` })
        .where(sending(id));
    },

    /** The send failed: waiting again, with its reason (the queue retries it). */
    async releaseClaim(id: string, lastError: string): Promise<void> {
      await db
        .update(emailReminders)
        .set({ status: 'pending', lastError, updatedAt: sql`now()` })
        .where(sending(id));
    },

    async markSent(id: string): Promise<void> {
      await db
        .update(emailReminders)
        .set({ status: 'sent', sentAt: sql`now()`, lastError: null, updatedAt: sql`now()` })
        .where(eq(emailReminders.id, id));
    },

    /** No retry left: failed, with its reason; undefined when it was no longer waiting or sending. */
    async markFailed(id: string, lastError: string): Promise<ReminderRow | undefined> {
      const [row] = await db
        .update(emailReminders)
        .set({ status: 'failed', lastError, updatedAt: sql`now()` })
        .where(and(eq(emailReminders.id, id), inArray(emailReminders.status, ['pending', 'sending'])))
        .returning();
      return row;
    },

    /**
     * Locks the lawyer's email count for the caller's transaction (one
     * per-user advisory lock) and gives what was sent or scheduled in the last
     * hour and day, cancelled ones aside.
     */
    async lockAndCount(tx: Transaction, userId: string): Promise<{ hour: number; day: number }> {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`client-mail:${userId}`}, 0))`);
      const [used] = rowsOf<{ hour: number; day: number }>(
        await tx.execute(sql`
          select count(*) filter (where ${emailReminders.createdAt} > now() - interval '1 hour')::int as hour,
                 count(*)::int as day
            from ${emailReminders}
           where ${emailReminders.userId} = ${userId} and ${emailReminders.status} <> 'cancelled'
             and ${emailReminders.createdAt} > now() - interval '1 day'`),
      );
      return { hour: Number(used?.hour ?? 0), day: Number(used?.day ?? 0) };
    },

    async insert(tx: Transaction, values: typeof emailReminders.$inferInsert): Promise<ReminderRow> {
      const [row] = await tx.insert(emailReminders).values(values).returning();
      return row!;
    },

    async row(id: string): Promise<ReminderRow | undefined> {
      const [row] = await db.select().from(emailReminders).where(eq(emailReminders.id, id)).limit(1);
      return row;
    },

    /** The lawyer's emails to clients with the client's name, newest first, optionally of one client. */
    list(userId: string, clienteId: string | undefined, limit: number) {
      return db
        .select({ reminder: emailReminders, clienteNombre: clientes.nombre })
        .from(emailReminders)
        .innerJoin(clientes, eq(clientes.id, emailReminders.clienteId))
        .where(and(eq(emailReminders.userId, userId), clienteId ? eq(emailReminders.clienteId, clienteId) : undefined))
        .orderBy(desc(emailReminders.createdAt))
        .limit(limit);
    },

    /** Cancels a reminder still waiting; undefined when it is not (or not the lawyer's). */
    /** Every email to a client, sent or waiting (its data erased at its request); one being sent is left to finish. */
    async deleteForClient(userId: string, clienteId: string): Promise<number> {
      const deleted = await db
        .delete(emailReminders)
        .where(and(eq(emailReminders.userId, userId), eq(emailReminders.clienteId, clienteId), ne(emailReminders.status, 'sending')))
        .returning({ id: emailReminders.id });
      return deleted.length;
    },

    async cancel(userId: string, id: string): Promise<ReminderRow | undefined> {
      const [row] = await db
        .update(emailReminders)
        .set({ status: 'cancelled', updatedAt: new Date() })
        .where(and(eq(emailReminders.id, id), eq(emailReminders.userId, userId), eq(emailReminders.status, 'pending')))
        .returning();
      return row;
    },

    async exists(userId: string, id: string): Promise<boolean> {
      const [row] = await db
        .select({ id: emailReminders.id })
        .from(emailReminders)
        .where(and(eq(emailReminders.id, id), eq(emailReminders.userId, userId)))
        .limit(1);
      return !!row;
    },
  };
}
