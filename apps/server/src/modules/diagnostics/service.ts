import type { DiagnosticCheck } from '@bufete/shared';
import { MSG, registerSchema } from '@bufete/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../auth/schema';
import type { Mailer } from '../../mail/mailer';
import { confirmationEmail, passwordResetEmail } from '../../mail/templates';

/** The fixed password the diagnostic uses to check a sign-up payload (never stored). */
export const DIAGNOSTIC_PASSWORD = 'Diagnostico-de-registro-1';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
const m = MSG.diagnostics;

/**
 * The checks of /test-auth and /test-email. Emails sent here are the real
 * templates marked "[Prueba]", with links that carry no token: nothing is
 * created or changed for the address typed in.
 */
export function createDiagnosticsService(deps: { config: Config; database: DatabaseHandle; mailer: Mailer }) {
  const { config, database, mailer } = deps;

  async function step(checks: DiagnosticCheck[], check: string, run: () => Promise<string | { status: 'warning'; message: string }>) {
    try {
      const result = await run();
      checks.push(typeof result === 'string' ? { check, status: 'success', message: result } : { check, ...result });
    } catch (error) {
      checks.push({ check, status: 'error', message: errorText(error) });
    }
  }

  const transport = (checks: DiagnosticCheck[]) =>
    step(checks, m.transporte, async () => {
      await mailer.verify();
      return mailer.transport === 'smtp' ? m.smtpOk : m.buzonLocal(`${config.dataDir}/outbox`);
    });

  const sendTemplate = (checks: DiagnosticCheck[], check: string, email: string, kind: 'confirm' | 'reset') =>
    step(checks, check, async () => {
      const mail =
        kind === 'confirm'
          ? confirmationEmail({ nombre: 'Prueba', link: `${config.appUrl}/confirm-email` })
          : passwordResetEmail({ nombre: 'Prueba', link: `${config.appUrl}/reset-password` });
      await mailer.send({ to: email, ...mail, subject: `[Prueba] ${mail.subject}` });
      return m.enviadoA(email, mailer.transport === 'outbox');
    });

  return {
    async authChecks(email: string): Promise<DiagnosticCheck[]> {
      const checks: DiagnosticCheck[] = [{ check: m.conexionApi, status: 'success', message: m.servidorResponde }];
      await step(checks, m.baseDeDatos, async () => {
        await database.ping();
        return database.kind === 'postgres' ? m.postgresResponde : m.pgliteResponde;
      });
      await step(checks, m.registro, async () => {
        const parsed = registerSchema.safeParse({ nombre: 'Prueba', apellido: 'Diagnóstico', email, password: DIAGNOSTIC_PASSWORD, confirmPassword: DIAGNOSTIC_PASSWORD });
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? m.registroInvalido);
        const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, parsed.data.email)).limit(1);
        return existing ? { status: 'warning', message: m.registroExistente } : m.registroValido;
      });
      await transport(checks);
      await sendTemplate(checks, m.emailConfirmacion, email, 'confirm');
      await sendTemplate(checks, m.emailRecuperacion, email, 'reset');
      return checks;
    },

    async emailChecks(email: string): Promise<DiagnosticCheck[]> {
      const checks: DiagnosticCheck[] = [{ check: m.conexionApi, status: 'success', message: m.servidorResponde }];
      await transport(checks);
      await step(checks, m.emailPrueba, async () => {
        await mailer.send({ to: email, subject: m.asuntoPrueba, text: m.textoPrueba, html: `<p>${m.textoPrueba}</p>` });
        return m.enviadoA(email, false);
      });
      await sendTemplate(checks, m.emailConfirmacion, email, 'confirm');
      return checks;
    },
  };
}

export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
