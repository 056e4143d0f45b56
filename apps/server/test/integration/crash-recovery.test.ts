import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { calendarioApi, casosApi, clientesApi, documentosApi, equipoApi, MSG, notificacionesApi, portabilidadApi, recordatoriosApi, tiempoApi } from '@bufete/shared';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { multipartOpening, rawRequest } from '../support/raw-http';
import { filesUnder } from '../support/suite';
import { HttpClient } from '../support/http-client';
import { linkIn, startSmtpCatcher, type SmtpCatcher } from '../support/mail';
import { childrenOf } from '../support/processes';
import { bootServerProcess, type ServerProcess, startServerProcess } from '../support/server';
import { freePort, until } from '../support/waiting';
import { readZip } from '../support/zip';

const LEASE_SECONDS = 2;
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const fn of cleanup.splice(0).reverse()) await fn();
});

/** `npm start`'s server in its own process on the embedded database (the laptop), with a short lease. */
async function bootProcess(dataDir: string, port: number, smtp: SmtpCatcher): Promise<ServerProcess> {
  return bootServerProcess(
    {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SMTP_URL: smtp.url,
      WEB_DIST_DIR: '',
      AUTH_RATE_LIMIT_MAX: '1000',
      JOBS_POLL_SECONDS: '0.2',
      JOBS_LEASE_SECONDS: String(LEASE_SECONDS),
      // Longer than the test waits: the mail server's stall is ended by the kill, not by a timeout.
      SMTP_TIMEOUT_SECONDS: '60',
    },
    cleanup,
  );
}

/** A mail catcher, a fresh data folder and the server booted on it; all removed after the test. */
async function bootFresh(prefix = 'bufete-crash-') {
  const smtp = await startSmtpCatcher();
  cleanup.push(() => smtp.stop());
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const first = await bootProcess(dataDir, port, smtp);
  return { smtp, dataDir, port, first, ts: { mail: smtp, client: () => new HttpClient(`http://127.0.0.1:${port}`) } };
}

describe('un corte de luz a mitad de un envío (kill -9)', () => {
  it('every email caught mid-send goes out once the lease runs out, once, with the same Message-ID, and the bell says so', async () => {
    const { smtp, dataDir, port, first, ts } = await bootFresh();
    const { client, email: lawyerEmail } = await signUpConfirmed(ts);
    const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Rosa', email: 'rosa@cliente.mx' } })).json.cliente as { id: string };

    // The mail server reads each message to its end and then says nothing: every send is in mid-flight.
    smtp.hold();
    const scheduled = await client.call(recordatoriosApi.send, {
      body: { cliente_id: cliente.id, subject: 'Firma programada', message: 'Mañana firmamos.', scheduled_for: new Date(Date.now() + 500).toISOString() },
    });
    expect(scheduled.json.message).toBe(MSG.reminders.programado);
    // 'Enviar ahora': the request itself is cut by the crash.
    const sentNow = client
      .call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: 'Envío inmediato', message: 'Le escribo ahora.' } })
      .catch((error: unknown) => error);
    // An appointment in two minutes with its 15-minute email reminder: due at once.
    const start = new Date(Date.now() + 2 * 60_000);
    const cita = await client.call(calendarioApi.create, {
      body: { titulo: 'Audiencia urgente', inicio: start.toISOString(), fin: new Date(start.getTime() + 3_600_000).toISOString(), recordatorio_email: 15 },
    });
    expect(cita.status, cita.text).toBe(201);

    const stalled = await until(() => (smtp.stalled().length === 3 ? smtp.stalled() : undefined), 'los tres correos a medio enviar');
    first.child.kill('SIGKILL');
    await first.exited();
    expect(await sentNow).toBeInstanceOf(Error);
    // The server never answered them: it does not deliver them either.
    smtp.discard();
    expect(smtp.received).toBe(1); // the sign-up confirmation only

    await bootProcess(dataDir, port, smtp);
    const subjects = ['Firma programada', 'Envío inmediato', /Audiencia urgente/];
    const delivered = await until(
      async () => {
        const all = await smtp.all();
        const found = subjects.map((subject) => all.filter((mail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject))));
        return found.every((list) => list.length > 0) ? found : undefined;
      },
      'los tres correos entregados tras el reinicio',
      // A lease (2 s) and a few polls (0.2 s) after the restart, not the hour a production poll could take. The
      // bound is loose on purpose: under the whole suite on two cores the restart alone has taken over 20 s (CI,
      // 29 November), and a test does not time the machine.
      60_000,
    );
    for (const [index, copies] of delivered.entries()) {
      expect(copies, `${String(subjects[index])}: una sola copia`).toHaveLength(1);
      // The same Message-ID as the attempt the crash cut: a repeat would be recognisably the same message.
      const attempt = stalled.find((mail) => mail.subject === copies[0]!.subject)!;
      expect(copies[0]!.messageId).toBe(attempt.messageId);
      expect(copies[0]!.messageId).toMatch(/^<(recordatorio|cita)\.[0-9a-f.-]+@bufete\.local>$/);
    }
    expect(delivered[2]![0]!.to).toContain(lawyerEmail);

    const reminders = (await client.call(recordatoriosApi.list, { query: { cliente_id: cliente.id } })).json.items as { subject: string; status: string }[];
    expect(reminders.map((r) => [r.subject, r.status]).sort()).toEqual([
      ['Envío inmediato', 'sent'],
      ['Firma programada', 'sent'],
    ]);
    // The bell is told through the queue too.
    const bell = await until(async () => {
      const titles = ((await client.call(notificacionesApi.list)).json.items as { titulo: string }[]).map((n) => n.titulo);
      return titles.length >= 2 ? titles : undefined;
    }, 'los avisos en la campana');
    expect(bell).toEqual(expect.arrayContaining(['Correo enviado: Firma programada', 'Correo enviado: Envío inmediato']));

    // A whole lease later (the time a duplicate would need), still one copy of each.
    const count = smtp.received;
    await new Promise((resolve) => setTimeout(resolve, (LEASE_SECONDS + 1) * 1000));
    expect(smtp.received).toBe(count);
  }, 120_000);

  it('uploads cut at half by the crash leave nothing in tmp/ once the server is back', async () => {
    const { smtp, dataDir, port, first } = await bootFresh();
    const baseUrl = `http://127.0.0.1:${port}`;
    const { client } = await signUpConfirmed({ mail: smtp, client: () => new HttpClient(baseUrl) });

    // Five 8 MB documents, each sent up to its half and then left hanging.
    const boundary = 'LimiteBufete';
    const uploads = Array.from({ length: 5 }, (_, i) =>
      rawRequest(baseUrl, {
        path: '/api/documentos',
        headers: { cookie: client.cookieHeader(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(8 * 1024 * 1024 + 512) },
        chunks: [multipartOpening(boundary, {}, { name: `expediente-${i}.pdf`, type: 'application/pdf' }), Buffer.alloc(4 * 1024 * 1024, 7)],
        hangUpAfterMs: 60_000,
      }),
    );
    const tmp = path.join(dataDir, 'tmp');
    await until(async () => {
      const files = await filesUnder(tmp);
      const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
      return files.length === 5 && sizes.every((size) => size >= 4 * 1024 * 1024 - 64 * 1024) ? true : undefined;
    }, 'las cinco subidas a medias en tmp/');
    first.child.kill('SIGKILL');
    await first.exited();
    expect(await filesUnder(tmp)).toHaveLength(5);
    await Promise.all(uploads);

    const second = await bootProcess(dataDir, port, smtp);
    expect(await filesUnder(tmp)).toEqual([]);
    expect(second.output()).toContain('Limpieza: 5 archivos temporales de subidas interrumpidas borrados al arrancar.');
  }, 120_000);
});

/** A process's command line (Linux: /proc), '' once it has ended. */
const commandOf = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};
const MIGRATE_CHILD = fileURLToPath(new URL('../../src/db/migrate.child.mjs', import.meta.url));

describe('un corte de luz mientras se crea la base de datos (kill -9)', () => {
  it('a server killed while its database is being made leaves nothing half-made: the next start stops the leftover process and makes it whole', async () => {
    const smtp = await startSmtpCatcher();
    cleanup.push(() => smtp.stop());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-crash-migrate-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const server = startServerProcess({ NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', SMTP_URL: smtp.url, WEB_DIST_DIR: '' });
    cleanup.push(async () => {
      if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
      await server.exited();
    });
    // The new database is made by a child process (db/pglite.ts): caught while it works.
    let migrating = 0;
    await until(
      () => {
        if (server.child.exitCode !== null) throw new Error(`El servidor terminó al arrancar:\n${server.output()}`);
        migrating = childrenOf(server.child.pid!).find((pid) => commandOf(pid).includes('migrate.child')) ?? 0;
        return migrating > 0;
      },
      'el proceso que crea la base de datos',
      60_000,
    );
    server.child.kill('SIGKILL');
    await server.exited();
    // Creating a database never yields to hear that its parent died: it may still be writing now.
    const next = await bootProcess(dataDir, port, smtp);
    // The next server stopped it before it opened the folder, and made the database whole.
    expect(commandOf(migrating).includes('migrate.child')).toBe(false);
    const { client } = await signUpConfirmed({ client: () => new HttpClient(`http://127.0.0.1:${port}`), mail: smtp });
    expect((await client.call(casosApi.create, { body: { titulo: 'Después del corte', estado: 'Activo', prioridad: 'Media' } })).status).toBe(201);
    expect(next.output()).not.toMatch(/error/i);
  }, 120_000);

  it('a server killed the instant it starts making the database, before it could note the process to stop, leaves nothing making it behind', async () => {
    const dataDir = path.join(await mkdtemp(path.join(tmpdir(), 'bufete-crash-fork-')), 'datos.nueva');
    cleanup.push(() => rm(path.dirname(dataDir), { recursive: true, force: true }));
    // What db/pglite.ts does on a first start, cut by kill -9 right after the fork: no pid file written for the next server.
    const script = `const c = require('node:child_process').fork(${JSON.stringify(MIGRATE_CHILD)}, [${JSON.stringify(dataDir)}, String(process.pid)], { execArgv: [], stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
process.stdout.write(String(c.pid), () => process.kill(process.pid, 'SIGKILL'));`;
    const server = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let printed = '';
    server.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
    await new Promise((resolve) => server.once('exit', resolve));
    const orphan = Number(printed);
    expect(orphan).toBeGreaterThan(0);
    cleanup.push(async () => (commandOf(orphan).includes('migrate.child') ? process.kill(orphan, 'SIGKILL') : undefined));
    // Left running, it would make the database while the next server makes it again in the same folder (PGlite then aborts).
    await until(() => !commandOf(orphan).includes('migrate.child'), 'el fin del proceso sin servidor', 60_000);
    expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
  }, 90_000);
});

describe('un corte de luz a mitad de una exportación (kill -9)', () => {
  it('the export caught mid-way by the crash starts over once its lease runs out and ends whole: every file byte for byte, one email', async () => {
    const { smtp, dataDir, port, first, ts } = await bootFresh();
    const { client, email } = await signUpConfirmed(ts);
    const caso = (await client.call(casosApi.create, { body: { titulo: 'Juicio ejecutivo mercantil' } })).json.caso as { id: string };
    // Large enough that the export is still writing when the power goes.
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `Anexo ${i}.pdf`, bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(40 * 1024 * 1024)]) }));
    for (const file of files) {
      const sent = await client.upload(documentosApi.upload, { ...file, type: 'application/pdf' }, { caso_id: caso.id }).catch((error: unknown) => {
        // A connection cut here is the server's doing: say what became of it.
        throw new Error(
          `La subida de «${file.name}» se cortó (${String(error)}); el servidor: código ${first.child.exitCode}, señal ${first.child.signalCode}\n${first.output().slice(-4000)}`,
        );
      });
      expect(sent.status, sent.text).toBe(201);
    }

    expect((await client.call(portabilidadApi.startExport)).status).toBe(201);
    await until(async () => (await client.call(portabilidadApi.latestExport)).json.trabajo?.estado === 'en_curso', 'la exportación en curso', 30_000);
    first.child.kill('SIGKILL');
    await first.exited();
    // Cut before it ended: no 'lista' email left the first process.
    expect(await smtp.count(email)).toBe(1);

    await bootProcess(dataDir, port, smtp);
    const trabajo = await until(
      async () => {
        const latest = (await client.call(portabilidadApi.latestExport)).json.trabajo;
        return latest?.estado === 'lista' || latest?.estado === 'fallida' ? latest : undefined;
      },
      'la exportación terminada tras el reinicio',
      60_000,
    );
    expect(trabajo).toMatchObject({ estado: 'lista', avance: 100 });
    const zip = await client.download(`/api/account/exportaciones/${trabajo.id}/archivo`);
    const entries = await readZip(zip.bytes);
    for (const file of files) expect(entries.get(`casos/Juicio ejecutivo mercantil/documentos/${file.name}`)!.equals(file.bytes)).toBe(true);
    await smtp.waitFor(email, /Tu exportación de datos está lista/);
    expect(await smtp.count(email)).toBe(2); // the confirmation and one 'lista'
    // The crash's half-written zip is not left on the disk.
    expect((await filesUnder(path.join(dataDir, 'tmp'))).filter((file) => file.endsWith('.zip.part'))).toEqual([]);
  }, 180_000);
});

describe('un corte de luz durante un cambio de rol (kill -9)', () => {
  it('a role change cut by the crash is whole or not at all: after the restart the member has one role, and every request answers by it', async () => {
    const { smtp, dataDir, port, first, ts } = await bootFresh();
    const { client: titular } = await signUpConfirmed(ts);
    const email = `asociado.${Date.now().toString(36)}@example.com`;
    expect((await titular.call(equipoApi.invitar, { body: { email, rol: 'asociado' } })).status).toBe(201);
    const token = linkIn(await smtp.waitFor(email, /te invita a su despacho/), '/invitacion').hash.slice(1);
    const { client: member } = await signUpConfirmed(ts, { email });
    expect((await member.call(equipoApi.aceptar, { body: { token } })).status).toBe(200);
    const memberId = (await member.call(equipoApi.despachos)).json.despachos[0].id as string;

    // The titular keeps switching the role; the power goes in the middle of it.
    let changes = 0;
    const switching = (async () => {
      for (;;) {
        const rol = changes % 2 === 0 ? 'asistente' : 'asociado';
        const res = await titular.call(equipoApi.cambiarRol, { params: { id: memberId }, body: { rol } }).catch(() => null);
        if (!res) return;
        changes += 1;
      }
    })();
    await until(() => changes >= 5 || undefined, 'unos cambios de rol', 30_000);
    first.child.kill('SIGKILL');
    await first.exited();
    await switching;

    await bootProcess(dataDir, port, smtp);
    const team = (await titular.call(equipoApi.miembros)).json.miembros as { id: string; rol: string }[];
    const rows = team.filter((miembro) => miembro.id === memberId);
    expect(rows).toHaveLength(1);
    const rol = rows[0]!.rol;
    expect(['asociado', 'asistente']).toContain(rol);
    // The member's next request answers by that role, and only by it.
    // The time recorded is an associate's work, not an assistant's.
    const tiempo = await member.call(tiempoApi.list);
    expect(tiempo.status).toBe(rol === 'asociado' ? 200 : 403);
    expect((await member.call(casosApi.list)).status).toBe(200);
  }, 120_000);
});
