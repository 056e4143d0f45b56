import type { DiagnosticCheck } from '@bufete/shared';
import { registerSchema } from '@bufete/shared';
import { eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { DatabaseHandle } from '../../db/client';
import { users } from '../../db/schema';
import type { Mailer } from '../../mail/mailer';
import { confirmationEmail, passwordResetEmail } from '../../mail/templates';

/** The fixed password the diagnostic uses to check a sign-up payload (never stored). */
export const DIAGNOSTIC_PASSWORD = 'Prueba123!';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

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
    step(checks, 'Transporte de correo', async () => {
      await mailer.verify();
      return mailer.transport === 'smtp'
        ? 'El servidor SMTP acepta conexiones.'
        : `Sin SMTP_URL: los correos se guardan como archivos .eml en ${config.dataDir}/outbox y sus enlaces se escriben en el registro del servidor.`;
    });

  const sendTemplate = (checks: DiagnosticCheck[], check: string, email: string, kind: 'confirm' | 'reset') =>
    step(checks, check, async () => {
      const mail =
        kind === 'confirm'
          ? confirmationEmail({ nombre: 'Prueba', link: `${config.appUrl}/confirm-email` })
          : passwordResetEmail({ nombre: 'Prueba', link: `${config.appUrl}/reset-password` });
      await mailer.send({ to: email, ...mail, subject: `[Prueba] ${mail.subject}` });
      return `Enviado a ${email}${mailer.transport === 'outbox' ? ' (guardado en el buzón local)' : ''}.`;
    });

  return {
    async authChecks(email: string): Promise<DiagnosticCheck[]> {
      const checks: DiagnosticCheck[] = [{ check: 'Conexión con la API', status: 'success', message: 'El servidor responde.' }];
      await step(checks, 'Base de datos', async () => {
        await database.ping();
        return database.kind === 'postgres' ? 'PostgreSQL responde.' : 'La base de datos embebida (PGlite) responde.';
      });
      await step(checks, 'Registro', async () => {
        const parsed = registerSchema.safeParse({ nombre: 'Prueba', apellido: 'Diagnóstico', email, password: DIAGNOSTIC_PASSWORD, confirmPassword: DIAGNOSTIC_PASSWORD });
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Datos de registro inválidos');
        const [existing] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, parsed.data.email)).limit(1);
        return existing
          ? { status: 'warning', message: 'Los datos de registro son válidos; ya existe una cuenta con este email.' }
          : 'Los datos de registro son válidos y el email está disponible.';
      });
      await transport(checks);
      await sendTemplate(checks, 'Email de confirmación', email, 'confirm');
      await sendTemplate(checks, 'Email de recuperación', email, 'reset');
      return checks;
    },

    async emailChecks(email: string): Promise<DiagnosticCheck[]> {
      const checks: DiagnosticCheck[] = [{ check: 'Conexión con la API', status: 'success', message: 'El servidor responde.' }];
      await transport(checks);
      await step(checks, 'Email de prueba', async () => {
        await mailer.send({
          to: email,
          subject: '[Prueba] Correo de prueba de Bufete',
          text: 'Este es un correo de prueba enviado desde la página de diagnóstico de Bufete.',
          html: '<p>Este es un correo de prueba enviado desde la página de diagnóstico de Bufete.</p>',
        });
        return `Enviado a ${email}.`;
      });
      await sendTemplate(checks, 'Email de confirmación', email, 'confirm');
      return checks;
    },
  };
}

export type DiagnosticsService = ReturnType<typeof createDiagnosticsService>;
