import { clientesApi, MSG, recordatoriosApi } from '@bufete/shared';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { rowsOf } from '../../src/db/client';
import { emailReminders } from '../../src/db/schema';
import { createLogger } from '../../src/logger';
import { startServer } from '../../src/server';
import { signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { type Backend, postgresAvailable, startTestServer, type TestServer } from '../support/server';

const servers: TestServer[] = [];
afterEach(async () => {
  for (const ts of servers.splice(0)) await ts.stop();
});

async function boot(options: Parameters<typeof startTestServer>[0]) {
  const ts = await startTestServer(options);
  servers.push(ts);
  return ts;
}

async function clientOf(client: HttpClient, body: Record<string, unknown>) {
  const res = await client.call(clientesApi.create, { body });
  expect(res.status).toBe(201);
  return res.json.cliente as { id: string };
}

const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`recordatorios por email (${backend}, SMTP real)`, () => {
    it('sends now, escaping every value and signing with the lawyer name', async () => {
      const ts = await boot({ backend, smtp: true });
      const { client, email: lawyerEmail } = await signUpConfirmed(ts, { nombre: 'Teresa', apellido: 'Vega', especialidad: 'Derecho Civil' });
      const cliente = await clientOf(client, { nombre: 'Raúl <Ortiz>', email: 'raul@cliente.mx' });

      for (const body of [
        { cliente_id: cliente.id, subject: '', message: 'Hola' },
        { cliente_id: cliente.id, subject: 'Cita', message: '   ' },
      ]) {
        const res = await client.call(recordatoriosApi.send, { body });
        expect(res.status).toBe(400);
        expect(res.json.error.message).toBe(MSG.reminders.camposObligatorios);
      }
      const past = await client.call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: 'x', message: 'y', scheduled_for: inSeconds(-3600) } });
      expect(past.status).toBe(400);
      expect(past.json.error.message).toBe(MSG.reminders.fechaPasada);

      const res = await client.call(recordatoriosApi.send, {
        body: {
          cliente_id: cliente.id,
          subject: 'Audiencia <b>mañana</b>',
          message: 'Estimado Raúl:\n\nLe recuerdo la audiencia <script>x()</script> a las 10:00.',
        },
      });
      expect(res.status).toBe(200);
      expect(res.json.message).toBe(MSG.reminders.enviado);
      expect(res.json.recordatorio).toMatchObject({ status: 'sent', cliente: { nombre: 'Raúl <Ortiz>' } });

      const mail = await ts.mail.waitFor('raul@cliente.mx', /Audiencia/);
      expect(mail.subject).toBe('Audiencia <b>mañana</b>');
      expect(mail.html).toContain('&lt;script&gt;x()&lt;/script&gt;');
      expect(mail.html).not.toContain('<script>');
      expect(mail.html).toContain('Teresa Vega');
      expect(mail.text).toContain('Derecho Civil');
      expect(mail.text).toContain(lawyerEmail);

      const clientWithoutEmail = await clientOf(client, { nombre: 'Sin correo' });
      const noEmail = await client.call(recordatoriosApi.send, { body: { cliente_id: clientWithoutEmail.id, subject: 'x', message: 'y' } });
      expect(noEmail.status).toBe(400);
      expect(noEmail.json.error.message).toBe(MSG.reminders.clienteSinEmail);
    });

    it('the worker sends a scheduled reminder once when it is due, never a cancelled one', async () => {
      const ts = await boot({ backend, smtp: true, env: { JOBS_POLL_SECONDS: '0.2' } });
      const { client } = await signUpConfirmed(ts);
      const cliente = await clientOf(client, { nombre: 'Pilar', email: 'pilar@cliente.mx' });

      const scheduled = await client.call(recordatoriosApi.send, {
        body: { cliente_id: cliente.id, subject: 'Firma programada', message: 'Mañana firmamos.', scheduled_for: inSeconds(2) },
      });
      expect(scheduled.json).toMatchObject({ message: MSG.reminders.programado, recordatorio: { status: 'pending' } });
      const cancelled = await client.call(recordatoriosApi.send, {
        body: { cliente_id: cliente.id, subject: 'Cancelada', message: 'No debe llegar.', scheduled_for: inSeconds(2) },
      });
      const cancel = await client.call(recordatoriosApi.cancel, { params: { id: cancelled.json.recordatorio.id } });
      expect(cancel.json.recordatorio.status).toBe('cancelled');
      expect(await ts.mail.count('pilar@cliente.mx')).toBe(0);

      await ts.mail.waitFor('pilar@cliente.mx', /Firma programada/, { timeoutMs: 10_000 });
      // Several more passes of the worker: still exactly one email, and the cancelled one never.
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const all = await ts.mail.all();
      expect(all.filter((m) => m.subject === 'Firma programada')).toHaveLength(1);
      expect(all.filter((m) => m.subject === 'Cancelada')).toHaveLength(0);

      const list = (await client.call(recordatoriosApi.list, { query: { cliente_id: cliente.id } })).json.items;
      expect(list.map((r: { subject: string; status: string }) => [r.subject, r.status])).toEqual([
        ['Cancelada', 'cancelled'],
        ['Firma programada', 'sent'],
      ]);
      const again = await client.call(recordatoriosApi.cancel, { params: { id: scheduled.json.recordatorio.id } });
      expect(again.status).toBe(409);
      expect(again.json.error.message).toBe(MSG.reminders.noCancelable);
    });

    it('retries a refused SMTP delivery with back-off and ends failed with its reason (kept for the lawyer, never in the log)', async () => {
      const logged: string[] = [];
      const ts = await boot({
        backend,
        smtp: { failWith: 'Buzón temporalmente lleno', failFor: /@cliente\.mx$/ },
        env: { REMINDER_RETRY_BASE_SECONDS: '0.1', REMINDER_MAX_ATTEMPTS: '3' },
        logger: { info: (message) => logged.push(message), warn: (message) => logged.push(message), error: (message) => logged.push(message) },
      });
      const { client } = await signUpConfirmed(ts);
      const cliente = await clientOf(client, { nombre: 'Óscar', email: 'oscar@cliente.mx' });
      const res = await client.call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: 'Recordatorio', message: 'Texto', scheduled_for: inSeconds(0.5) } });
      const id = res.json.recordatorio.id as string;
      const db = ts.server.database.db;
      const read = async () => (await db.select().from(emailReminders).where(eq(emailReminders.id, id)))[0]!;

      await new Promise((resolve) => setTimeout(resolve, 600));
      const attempts: { status: string; attempts: number }[] = [];
      for (let pass = 0; pass < 20 && (await read()).status !== 'failed'; pass += 1) {
        await ts.server.jobs.tick();
        const row = await read();
        attempts.push({ status: row.status, attempts: row.attempts });
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      const final = await read();
      expect(final.status).toBe('failed');
      expect(final.attempts).toBe(3);
      // The lawyer reads why in Spanish, with the server's code, never the mail library's English.
      expect(final.lastError).toBe(MSG.mail.rechazoTemporal(451));
      // Between failures it went back to waiting, with a later next attempt.
      expect(attempts.some((a) => a.status === 'pending' && a.attempts === 1)).toBe(true);
      expect((await client.call(recordatoriosApi.list)).json.items[0]).toMatchObject({ status: 'failed', last_error: MSG.mail.rechazoTemporal(451) });
      // The log says which job failed and how (codes), never whom it was for or what it said.
      const log = logged.join('\n');
      expect(log).toMatch(/Trabajo reminders\.send \([0-9a-f-]+\): intento 1 falló \(.*SMTP 4\d\d/);
      expect(log).not.toMatch(/oscar@cliente\.mx|Recordatorio|Buzón|Óscar/);
      const [job] = rowsOf<{ last_error: string }>(await db.execute(sql`select last_error from jobs where kind = 'reminders.send' order by created_at desc limit 1`));
      if (job) expect(job.last_error).not.toMatch(/oscar@cliente\.mx|Buzón/);
    });
  });
}

describe('recordatorios: aislamiento entre usuarios', () => {
  it("user B gets 404 for user A's client and reminder", async () => {
    const ts = await boot({ smtp: true });
    const a = (await signUpConfirmed(ts)).client;
    const b = (await signUpConfirmed(ts)).client;
    const cliente = await clientOf(a, { nombre: 'Cliente de A', email: 'a@cliente.mx' });
    const reminder = (await a.call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: 'x', message: 'y', scheduled_for: inSeconds(3600) } })).json.recordatorio;

    expect((await b.call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: 'x', message: 'y' } })).status).toBe(404);
    expect((await b.call(recordatoriosApi.cancel, { params: { id: reminder.id } })).status).toBe(404);
    expect((await b.call(recordatoriosApi.list)).json.items).toEqual([]);
    expect((await b.call(recordatoriosApi.list, { query: { cliente_id: cliente.id } })).json.items).toEqual([]);
    expect((await a.call(recordatoriosApi.list)).json.items).toHaveLength(1);
  });
});

describe.runIf(await postgresAvailable())('recordatorios con varios procesos en un PostgreSQL', () => {
  it('two servers draining the same queue send each reminder exactly once', async () => {
    const ts = await boot({ backend: 'postgres' });
    const otherDataDir = await mkdtemp(path.join(tmpdir(), 'bufete-second-'));
    const second = await startServer(loadConfig({ ...ts.env, DATA_DIR: otherDataDir }), createLogger({ silent: true }));
    try {
      const { client } = await signUpConfirmed(ts);
      const cliente = await clientOf(client, { nombre: 'Cola', email: 'cola@cliente.mx' });
      for (let i = 0; i < 24; i += 1) {
        const res = await client.call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: `Aviso ${i}`, message: 'x', scheduled_for: inSeconds(0.3) } });
        expect(res.status).toBe(200);
      }
      await new Promise((resolve) => setTimeout(resolve, 400));
      // Both processes claim due rows at the same moment, several passes each.
      for (let pass = 0; pass < 4; pass += 1) {
        await Promise.all([ts.server.jobs.tick(), second.jobs.tick(), ts.server.jobs.tick()]);
      }
      const subjects = (await ts.mail.all()).filter((m) => m.to.includes('cola@cliente.mx')).map((m) => m.subject);
      expect(subjects).toHaveLength(24);
      expect(new Set(subjects).size).toBe(24);
      const statuses = (await client.call(recordatoriosApi.list, { query: { cliente_id: cliente.id } })).json.items.map((r: { status: string }) => r.status);
      expect(statuses.every((status: string) => status === 'sent')).toBe(true);
    } finally {
      await second.stop();
      await rm(otherDataDir, { recursive: true, force: true });
    }
  });
});
