import type { DiagnosticCheck } from '@bufete/shared';
import { MSG, registerSchema } from '@bufete/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../auth/schema';
import { ACCOUNT_MAIL_JOB } from '../../auth/account-mail';
import type { JobQueue } from '../../jobs/queue';
import { describeMailError, type Mailer } from '../../mail/mailer';
import { SEND_JOB as REMINDER_JOB } from '../reminders/service';
import { confirmationEmail, passwordResetEmail } from '../../mail/templates';
import { errorCodeOf, type Logger } from '../../logger';

/** Our own Spanish message (the schema's), shown as it is. */
class RegistrationInvalid extends Error {}

/** The fixed password the diagnostic uses to check a sign-up payload (never stored). */
export const DIAGNOSTIC_PASSWORD = 'Diagnostico-de-registro-1';

const m = MSG.diagnostics;
/** The kinds of job that are an email: the ones the page counts when they end undelivered. */
const MAIL_JOBS = [ACCOUNT_MAIL_JOB, REMINDER_JOB];

/**
 * The checks of /test-auth and /test-email. Emails sent here are the real
 * templates marked "[Prueba]", with links that carry no token: nothing is
 * created or changed for the address typed in.
 */
export function createDiagnosticsService(deps: { config: Config; database: DatabaseHandle; mailer: Mailer; queue: JobQueue; logger: Logger }) {
  const { config, database, mailer, logger } = deps;

  /** One check; a failure reads in Spanish (`describe`), its details go to the log. */
  async function step(checks: DiagnosticCheck[], check: string, run: () => Promise<string | { status: 'warning'; message: string }>, describe: (error: unknown) => string) {
    try {
      const result = await run();
      checks.push(typeof result === 'string' ? { check, status: 'success', message: result } : { check, ...result });
    } catch (error) {
      logger.warn(`Diagnóstico: «${check}» falló (${errorCodeOf(error)})`);
      checks.push({ check, status: 'error', message: describe(error) });
    }
  }

  const transport = async (checks: DiagnosticCheck[]) => {
    await step(
      checks,
      m.transporte,
      async () => {
        await mailer.verify();
        return mailer.transport === 'smtp' ? m.smtpOk : m.buzonLocal(`${config.dataDir}/outbox`);
      },
      describeMailError,
    );
    await step(
      checks,
      m.correosPendientes,
      async () => {
        const failed = await deps.queue.failedSince(MAIL_JOBS, new Date(Date.now() - 24 * 60 * 60_000));
        return failed === 0 ? m.ningunCorreoFallido : { status: 'warning', message: m.correosFallidos(failed) };
      },
      () => m.baseDeDatosSinRespuesta,
    );
  };

  const sendTemplate = (checks: DiagnosticCheck[], check: string, email: string, kind: 'confirm' | 'reset') =>
    step(
      checks,
      check,
      async () => {
        const mail =
          kind === 'confirm'
            ? confirmationEmail({ nombre: 'Prueba', link: `${config.appUrl}/confirm-email` })
            : passwordResetEmail({ nombre: 'Prueba', link: `${config.appUrl}/reset-password` });
        await mailer.send({ to: email, ...mail, subject: `[Prueba] ${mail.subject}` });
        return m.enviadoA(email, mailer.transport === 'outbox');
      },
      describeMailError,
    );

  return {
    async authChecks(email: string): Promise<DiagnosticCheck[]> {
      const checks: DiagnosticCheck[] = [{ check: m.conexionApi, status: 'success', message: m.servidorResponde }];
      await step(
        checks,
        m.baseDeDatos,
        async () => {
          await database.ping();
          return database.kind === 'postgres' ? m.postgresResponde : m.pgliteResponde;
        },
        () => m.baseDeDatosSinRespuesta,
      );
      await step(
        checks,
        m.registro,
        async () => {
          const parsed = registerSchema.safeParse({ nombre: 'Prueba', apellido: 'Diagnóstico', email, password: DIAGNOSTIC_PASSWORD, confirmPassword: DIAGNOSTIC_PASSWORD });
          if (!parsed.success) throw new RegistrationInvalid(parsed.error.issues[0]?.message ?? m.registroInvalido);
          const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, parsed.data.email)).limit(1);
          return existing ? { status: 'warning', message: m.registroExistente } : m.registroValido;
        },
        (error) => (error instanceof RegistrationInvalid ? error.message : m.baseDeDatosSinRespuesta),
      );
      await transport(checks);
      await sendTemplate(checks, m.emailConfirmacion, email, 'confirm');
      await sendTemplate(checks, m.emailRecuperacion, email, 'reset');
      return checks;
    },

    async emailChecks(email: string): Promise<DiagnosticCheck[]> {
      const checks: DiagnosticCheck[] = [{ check: m.conexionApi, status: 'success', message: m.servidorResponde }];
      await transport(checks);
      await step(
        checks,
        m.emailPrueba,
        async () => {
          await mailer.send({ to: email, subject: m.asuntoPrueba, text: m.textoPrueba, html: `<p>${m.textoPrueba}</p>` });
          return m.enviadoA(email, false);
        },
        describeMailError,
      );
      await sendTemplate(checks, m.emailConfirmacion, email, 'confirm');
      return checks;
    },
  };
}

export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
