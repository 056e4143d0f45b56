import { accountApi, clientesApi, diagnosticsApi, MSG, recordatoriosApi } from '@bufete/shared';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { emailReminders } from '../../src/db/schema';
import { PASSWORD, signUpConfirmed, uniqueEmail } from '../support/accounts';
import { linkIn, startFaultySmtp, startSmtpCatcher } from '../support/mail';
import { startTestServer, type TestServer } from '../support/server';
import { until } from '../support/waiting';

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

const SMTP_TIMEOUT_SECONDS = 1;

/** A server whose mail server (a real one) can go silent or away; retries come quickly. */
async function bootWithFaultyMail(options: { failWith?: string; failFor?: RegExp; failCode?: number } = {}) {
  const catcher = await startSmtpCatcher(options);
  cleanup.push(() => catcher.stop());
  const smtp = await startFaultySmtp(catcher);
  cleanup.push(() => smtp.stop());
  const logged: string[] = [];
  const ts = await startTestServer({
    smtp: false,
    env: {
      SMTP_URL: smtp.url,
      SMTP_TIMEOUT_SECONDS: String(SMTP_TIMEOUT_SECONDS),
      MAIL_RETRY_BASE_SECONDS: '0.2',
      REMINDER_RETRY_BASE_SECONDS: '0.2',
      DIAGNOSTICS_ENABLED: 'true',
    },
    logger: { info: (line) => logged.push(line), warn: (line) => logged.push(line), error: (line) => logged.push(line) },
  });
  cleanup.push(() => ts.stop());
  const withMail: Pick<TestServer, 'client' | 'mail'> = { client: () => ts.client(), mail: catcher };
  return { ts, smtp, catcher, withMail, logged };
}

/** Runs the queue until `check` holds (retries are due within a second here). */
const drainUntil = <T>(ts: TestServer, check: () => Promise<T | undefined>, what: string) =>
  until(async () => {
    await ts.server.jobs.tick();
    return check();
  }, what);

describe('un servidor de correo caído o mudo', () => {
  it('a reset and a confirmation asked for while the mail server is down arrive once it is back, and the link works', async () => {
    const { ts, smtp, catcher, logged } = await bootWithFaultyMail();
    smtp.mode = 'down';
    const email = uniqueEmail();
    const client = ts.client();
    const signUp = await client.call(accountApi.signUp, { body: { nombre: 'Irma', apellido: 'Solís', password: PASSWORD, confirmPassword: PASSWORD, email } });
    expect(signUp.status).toBe(201);
    const forgot = await client.call(accountApi.forgotPassword, { body: { email } });
    expect(forgot.status, forgot.text).toBe(200);
    // Tried and failed while it is down: nothing arrived, nothing is lost.
    await drainUntil(ts, async () => (smtp.connections >= 2 ? true : undefined), 'los intentos contra el servidor caído');
    expect(catcher.received).toBe(0);
    // They wait in the queue's table, sealed: neither the address nor a working link in the clear.
    const waiting = rowsOf<{ payload: string }>(await ts.server.database.db.execute(sql`select payload::text as payload from jobs where kind = 'correo.cuenta'`));
    expect(waiting).toHaveLength(2);
    for (const job of waiting) {
      expect(job.payload).toMatch(/"sobre": ?"v1\./);
      expect(job.payload).not.toContain(email);
      expect(job.payload).not.toContain('token');
    }

    smtp.mode = 'ok';
    const reset = await drainUntil(ts, async () => (await catcher.all()).find((mail) => /Restablece/.test(mail.subject)), 'el correo de recuperación');
    await drainUntil(ts, async () => (await catcher.all()).find((mail) => /Confirma/.test(mail.subject)), 'el correo de confirmación');
    expect(reset.to).toContain(email);
    // Once each, however many passes of the queue.
    for (let pass = 0; pass < 3; pass += 1) await ts.server.jobs.tick();
    expect((await catcher.all()).map((mail) => mail.subject).sort()).toEqual(['Confirma tu cuenta de Bufete', 'Restablece tu contraseña de Bufete']);

    const token = linkIn(reset, '/reset-password').searchParams.get('token');
    const done = await ts.client().call(accountApi.resetPassword, { body: { token, password: 'otra-clave-de-despacho-2027', confirmPassword: 'otra-clave-de-despacho-2027' } });
    expect(done.status, done.text).toBe(200);
    // The operator reads that a mail waits and why (codes), never for whom, nor its link.
    const log = logged.join('\n');
    expect(log).toMatch(/Trabajo correo\.cuenta \([0-9a-f-]+\): intento 1 falló/);
    expect(log).not.toContain(email);
    expect(log).not.toContain(token!);
  });

  it('a silent mail server holds no request longer than SMTP_TIMEOUT_SECONDS; what it kept waits in the queue and goes out later', async () => {
    const { ts, smtp, catcher, withMail } = await bootWithFaultyMail();
    const { client, email } = await signUpConfirmed(withMail);
    const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Tomás', email: 'tomas@cliente.mx' } })).json.cliente as { id: string };

    smtp.mode = 'silent';
    let started = Date.now();
    const now = await client.call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: 'Documentos listos', message: 'Puede pasar por ellos.' } });
    const nowTook = Date.now() - started;
    expect(now.status, now.text).toBe(200);
    expect(now.json.message).toBe(MSG.reminders.enCola);
    expect(nowTook).toBeLessThan(SMTP_TIMEOUT_SECONDS * 1000 + 1500);
    started = Date.now();
    expect((await ts.client().call(accountApi.forgotPassword, { body: { email } })).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);

    // The attempts end by the timeout (nodemailer's own would wait two minutes), and are retried once it answers.
    const row = async () => (await ts.server.database.db.select().from(emailReminders).where(eq(emailReminders.id, now.json.recordatorio.id)))[0]!;
    await until(async () => ((await row()).lastError === MSG.mail.sinRespuesta ? true : undefined), 'el primer intento agotado por el tiempo');
    expect((await row()).status).toBe('pending');
    smtp.mode = 'ok';
    await drainUntil(ts, async () => ((await catcher.all()).some((mail) => mail.subject === 'Documentos listos') ? true : undefined), 'el correo al cliente');
    await drainUntil(ts, async () => ((await catcher.all()).some((mail) => /Restablece/.test(mail.subject)) ? true : undefined), 'el correo de recuperación');
    expect((await row()).status).toBe('sent');
    const list = (await client.call(recordatoriosApi.list, { query: { cliente_id: cliente.id } })).json.items;
    expect(list[0]).toMatchObject({ status: 'sent', last_error: null });
  });

  it('an address the server refuses (550) fails at once, in Spanish, without retries; a "try later" (451) waits in the queue', async () => {
    const { ts, withMail, catcher } = await bootWithFaultyMail({ failWith: 'Mailbox unavailable', failFor: /@nadie\.mx$/, failCode: 550 });
    const { client } = await signUpConfirmed(withMail);
    const nadie = (await client.call(clientesApi.create, { body: { nombre: 'Nadie', email: 'x@nadie.mx' } })).json.cliente as { id: string };
    const refused = await client.call(recordatoriosApi.send, { body: { cliente_id: nadie.id, subject: 'Aviso', message: 'Texto' } });
    expect(refused.status).toBe(502);
    expect(refused.json.error.message).toBe(MSG.reminders.errorEnviando);
    const [failed] = (await client.call(recordatoriosApi.list, { query: { cliente_id: nadie.id } })).json.items;
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, last_error: MSG.mail.direccionDesconocida(550) });
    expect(JSON.stringify(failed)).not.toContain('Mailbox unavailable');
    for (let pass = 0; pass < 3; pass += 1) await ts.server.jobs.tick();
    expect((await client.call(recordatoriosApi.list, { query: { cliente_id: nadie.id } })).json.items[0].attempts).toBe(1);
    expect(catcher.received).toBe(1); // the confirmation only
    // The operator's diagnostic page counts what the queue gave up on.
    const checks = (await ts.client().call(diagnosticsApi.email, { body: { email: 'operador@example.com' } })).json.checks as { check: string; status: string; message: string }[];
    expect(checks.find((check) => check.check === MSG.diagnostics.correosPendientes)).toMatchObject({ status: 'warning', message: MSG.diagnostics.correosFallidos(1) });

    const later = await bootWithFaultyMail({ failWith: 'Try again later', failFor: /@lleno\.mx$/, failCode: 451 });
    const other = await signUpConfirmed(later.withMail);
    const lleno = (await other.client.call(clientesApi.create, { body: { nombre: 'Lleno', email: 'y@lleno.mx' } })).json.cliente as { id: string };
    const queued = await other.client.call(recordatoriosApi.send, { body: { cliente_id: lleno.id, subject: 'Aviso', message: 'Texto' } });
    expect(queued.status).toBe(200);
    expect(queued.json.message).toBe(MSG.reminders.enCola);
    expect(queued.json.recordatorio).toMatchObject({ status: 'pending', attempts: 1, last_error: MSG.mail.rechazoTemporal(451) });
  });
});
