import { AsyncLocalStorage } from 'node:async_hooks';
import type { Database } from '../db/client';
import type { Executor } from '../jobs/queries';
import type { JobQueue } from '../jobs/queue';
import { errorCodeOf, type Logger } from '../logger';
import { isPermanentMailError, type Mailer } from '../mail/mailer';
import { accountClosedEmail, accountDeletedEmail, confirmationEmail, exportReadyEmail, newDeviceEmail, passwordResetEmail } from '../mail/templates';
import { createSecretBox } from '../security/secret-box';
import { nombreForEmail } from './names';

export const ACCOUNT_MAIL_JOB = 'correo.cuenta';

type AccountMailKind = 'confirmacion' | 'recuperacion' | 'nuevo_dispositivo' | 'cuenta_cerrada' | 'cuenta_eliminada' | 'exportacion_lista';

/** What the job needs, sealed: the link is a key to the account until it expires. */
interface AccountMail {
  tipo: AccountMailKind;
  user: { id: string; email: string; name: string };
  link: string;
  /** When the link stops working: a mail that could not leave before then is dropped (the person asks again). */
  vence: string;
  /** A new device's sign-in: what it was, from where and when (in the lawyer's zone), and whether two-factor sign-in is on. */
  dispositivo?: { nombre: string; ip: string | null; cuando: string; dosPasos?: boolean };
  /** A closed account: the day everything goes (in the lawyer's words). */
  eliminarEl?: string;
}

const KIND_NAME: Record<AccountMailKind, string> = {
  confirmacion: 'confirmación',
  recuperacion: 'recuperación de contraseña',
  nuevo_dispositivo: 'aviso de nuevo dispositivo',
  cuenta_cerrada: 'cuenta cerrada',
  cuenta_eliminada: 'cuenta eliminada',
  exportacion_lista: 'exportación lista',
};

/**
 * The emails of an account (sign-up confirmation, password reset) go through
 * the queue like every other mail: a mail server that is down or silent
 * delays them (retried for as long as their link lasts) instead of losing
 * them, and no request waits on it. The job is due one lease after it is
 * made and this process sends it at once (`runNow`), so a process that dies
 * first leaves it to another. Its payload is sealed with APP_SECRET: the
 * queue's table never holds a working link in the clear.
 *
 * better-auth calls `deliver` from inside its own endpoints and swallows what
 * it throws; `capture` runs such a call and rethrows a failure to queue the
 * mail, so the screen never says "revisa tu email" for a mail that was never
 * even queued.
 */
export function createAccountMail(deps: { db: Database; queue: JobQueue; mailer: Mailer; logger: Logger; secret: string; leaseMs: number; retryBaseMs: number }) {
  const { db, queue, mailer, logger } = deps;
  const box = createSecretBox(deps.secret, 'account-mail');
  const calls = new AsyncLocalStorage<{ failure?: unknown }>();

  queue.register<{ sobre: string }>(ACCOUNT_MAIL_JOB, {
    // With a 5-minute ceiling, the attempts cover the 24 hours of a confirmation link; a reset link ends sooner.
    maxAttempts: 300,
    retryBaseMs: deps.retryBaseMs,
    retryMaxMs: 5 * 60_000,
    isPermanent: isPermanentMailError,
    async handle({ sobre }, job) {
      const opened = box.open(sobre);
      if (!opened) {
        logger.warn('Un correo de cuenta en cola no se pudo abrir (¿cambió APP_SECRET?); se descarta: la persona puede pedirlo de nuevo.');
        return;
      }
      const mail = JSON.parse(opened) as AccountMail;
      if (Date.parse(mail.vence) <= Date.now()) {
        logger.warn(`Un correo de ${KIND_NAME[mail.tipo]} no salió antes de que venciera su enlace; se descarta: la persona puede pedir otro.`);
        return;
      }
      const nombre = await nombreForEmail(db, mail.user);
      const content =
        mail.tipo === 'recuperacion'
          ? passwordResetEmail({ nombre, link: mail.link })
          : mail.tipo === 'cuenta_eliminada'
            ? accountDeletedEmail({ nombre, link: mail.link })
            : mail.tipo === 'cuenta_cerrada'
              ? accountClosedEmail({ nombre, link: mail.link, eliminarEl: mail.eliminarEl ?? '' })
              : mail.tipo === 'exportacion_lista'
                ? exportReadyEmail({ nombre, link: mail.link })
                : mail.tipo === 'nuevo_dispositivo' && mail.dispositivo
                  ? newDeviceEmail({
                      nombre,
                      dispositivo: mail.dispositivo.nombre,
                      ip: mail.dispositivo.ip,
                      cuando: mail.dispositivo.cuando,
                      link: mail.link,
                      dosPasos: !!mail.dispositivo.dosPasos,
                    })
                  : confirmationEmail({ nombre, link: mail.link });
      await mailer.send({ to: mail.user.email, ...content, messageId: mailer.messageId(`cuenta.${job.id}`) });
    },
    async onGiveUp({ sobre }, error) {
      const opened = box.open(sobre);
      const tipo = opened ? KIND_NAME[(JSON.parse(opened) as AccountMail).tipo] : 'cuenta';
      // For the operator: which kind and why (codes), never to whom.
      logger.error(`Un correo de ${tipo} no se pudo entregar (${errorCodeOf(error)}); la persona puede pedirlo de nuevo.`);
    },
  });

  return {
    /** Queues the mail and sends it now, without waiting for the mail server. */
    async deliver(tipo: AccountMailKind, user: AccountMail['user'], link: string, lifetimeSeconds: number, extra?: Pick<AccountMail, 'dispositivo' | 'eliminarEl'>): Promise<void> {
      try {
        const id = await this.queueIn(db, tipo, user, link, lifetimeSeconds, extra);
        if (id) this.sendQueued(id, tipo);
      } catch (error) {
        const call = calls.getStore();
        if (call) call.failure = error;
        throw error;
      }
    },

    /**
     * Queues the mail through `executor` (a transaction: the mail exists only
     * if what it announces commits); `sendQueued` sends it once committed, or
     * the queue does one lease later. Returns the job's id.
     */
    async queueIn(
      executor: Executor,
      tipo: AccountMailKind,
      user: AccountMail['user'],
      link: string,
      lifetimeSeconds: number,
      extra?: Pick<AccountMail, 'dispositivo' | 'eliminarEl'>,
    ): Promise<string | null> {
      const sealed = box.seal(
        JSON.stringify({
          tipo,
          user: { id: user.id, email: user.email, name: user.name },
          link,
          vence: new Date(Date.now() + lifetimeSeconds * 1000).toISOString(),
          ...extra,
        } satisfies AccountMail),
      );
      return queue.enqueue(ACCOUNT_MAIL_JOB, { sobre: sealed }, { runAt: new Date(Date.now() + deps.leaseMs), executor });
    },

    sendQueued(id: string, tipo: AccountMailKind): void {
      void queue.runNow(id).catch((error: unknown) => logger.warn(`Un correo de ${KIND_NAME[tipo]} se reintentará (${errorCodeOf(error)})`));
    },

    /** Runs a better-auth call that may queue an account mail; throws if queuing it failed. */
    async capture<T>(call: () => Promise<T>): Promise<T> {
      const record: { failure?: unknown } = {};
      const result = await calls.run(record, call);
      if (record.failure) throw record.failure;
      return result;
    },
  };
}

export type AccountMailer = ReturnType<typeof createAccountMail>;
