import { especialidadOf, fullNameOf } from '@bufete/shared';
import { eq, sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../db/client';
import { emailReminders, profiles, users } from '../db/schema';
import type { Logger } from '../logger';
import type { Mailer } from '../mail/mailer';
import { clientMessageEmail } from '../mail/templates';

type Row = typeof emailReminders.$inferSelect;

export interface ReminderWorkerOptions {
  pollMs: number;
  /** First retry after this long; each further retry waits twice as long. */
  retryBaseMs: number;
  maxAttempts: number;
  /** Rows stuck in 'sending' this long (their process died) go back to the queue. */
  staleAfterMs?: number;
  batchSize?: number;
}

export interface ReminderWorker {
  start(): void;
  stop(): Promise<void>;
  /** One pass: claim what is due and deliver it. Returns how many were attempted. */
  tick(): Promise<number>;
  /** Delivers a row this process already claimed (a "send now" request). */
  deliverNow(id: string): Promise<{ ok: true; row: Row } | { ok: false; row: Row; error: string }>;
}

/**
 * Sends scheduled client emails. Due rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so any number of server processes on one
 * PostgreSQL share the queue without sending anything twice; a failure is
 * retried with exponential back-off and ends 'failed' with its reason.
 */
export function createReminderWorker(deps: { db: Database; mailer: Mailer; logger: Logger } & ReminderWorkerOptions): ReminderWorker {
  const { db, mailer, logger } = deps;
  const staleAfterMs = deps.staleAfterMs ?? 10 * 60_000;
  const batchSize = deps.batchSize ?? 10;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = true;

  async function claimDue(): Promise<string[]> {
    const result = await db.execute(sql`
      update email_reminders
         set status = 'sending', attempts = attempts + 1, locked_at = now(), updated_at = now()
       where id in (
         select id from email_reminders
          where status = 'pending' and next_attempt_at <= now()
          order by next_attempt_at
          limit ${batchSize}
          for update skip locked)
      returning id`);
    return rowsOf<{ id: string }>(result).map((row) => row.id);
  }

  async function requeueStale() {
    await db.execute(sql`
      update email_reminders set status = 'pending', locked_at = null, updated_at = now()
       where status = 'sending' and locked_at < now() - make_interval(secs => ${staleAfterMs / 1000})`);
  }

  async function deliver(id: string, retry: boolean) {
    const [found] = await db
      .select({ reminder: emailReminders, email: users.email, name: users.name, profile: profiles })
      .from(emailReminders)
      .innerJoin(users, eq(users.id, emailReminders.userId))
      .leftJoin(profiles, eq(profiles.id, emailReminders.userId))
      .where(eq(emailReminders.id, id))
      .limit(1);
    if (!found) throw new Error(`Recordatorio ${id} desaparecido`);
    const { reminder } = found;
    const lawyerName = found.profile ? fullNameOf(found.profile) : found.name;
    try {
      const mail = clientMessageEmail({
        subject: reminder.subject,
        message: reminder.message,
        lawyerName,
        especialidad: especialidadOf(found.profile),
        lawyerEmail: found.email,
      });
      await mailer.send({ to: reminder.toEmail, ...mail, fromName: lawyerName, replyTo: found.email });
      const [row] = await db
        .update(emailReminders)
        .set({ status: 'sent', sentAt: new Date(), lockedAt: null, lastError: null, updatedAt: new Date() })
        .where(eq(emailReminders.id, id))
        .returning();
      return { ok: true as const, row: row! };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      const giveUp = !retry || reminder.attempts >= deps.maxAttempts;
      const delayMs = deps.retryBaseMs * 2 ** (reminder.attempts - 1);
      const [row] = await db
        .update(emailReminders)
        .set({
          status: giveUp ? 'failed' : 'pending',
          lastError: reason.slice(0, 1000),
          lockedAt: null,
          nextAttemptAt: new Date(Date.now() + delayMs),
          updatedAt: new Date(),
        })
        .where(eq(emailReminders.id, id))
        .returning();
      logger.warn(`Recordatorio ${id}: intento ${reminder.attempts} falló (${reason})${giveUp ? '; no se reintentará' : `; reintento en ${Math.round(delayMs / 1000)} s`}`);
      return { ok: false as const, row: row!, error: reason };
    }
  }

  async function tick(): Promise<number> {
    await requeueStale();
    const ids = await claimDue();
    for (const id of ids) await deliver(id, true);
    return ids.length;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      running = tick().catch((error: unknown) => {
        logger.error('El envío de recordatorios falló', error);
        return 0;
      });
      void running.finally(schedule);
    }, deps.pollMs);
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    tick,
    deliverNow: (id) => deliver(id, false),
  };
}
