import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { accountApi, calendarioApi, casosApi, MSG } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { rowsOf } from '../../src/db/client';
import { createLogger } from '../../src/logger';
import { startServer } from '../../src/server';
import { PASSWORD, signUpConfirmed } from '../support/accounts';
import { type FakeGoogle, startFakeGoogle } from '../support/fake-google';
import { HttpClient } from '../support/http-client';
import { backendsToTest, postgresAvailable, startTestServer, type TestServer } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();

const HOUR = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();
/** A day of the week after next, at a fixed hour UTC: far from any boundary of today. */
const inDays = (days: number, hourUtc = 16) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
};

async function create(client: HttpClient, path: string, body: Record<string, unknown>) {
  const res = await client.post(path, body);
  expect(res.status, res.text).toBe(201);
  return Object.values(res.json)[0] as Record<string, any>;
}
const newEvent = (client: HttpClient, body: Record<string, unknown>) => create(client, '/api/calendario/eventos', body);

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`calendario: citas, periodos y recordatorios (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend }, { alice: { nombre: 'Alicia' }, bob: { nombre: 'Bruno' } });

    it('creates an appointment with its case, client and two tags; validates in Spanish; scopes by lawyer', async () => {
      const cliente = await create(suite.alice, '/api/clientes', { nombre: 'Lucía Hernández' });
      const caso = await create(suite.alice, '/api/casos', { titulo: 'Pensión alimenticia', cliente_id: cliente.id });
      const urgente = await create(suite.alice, '/api/etiquetas', { nombre: 'urgente', color: '#f38ba8' });
      const audiencia = await create(suite.alice, '/api/etiquetas', { nombre: 'audiencia', color: '#89b4fa' });
      const evento = await newEvent(suite.alice, {
        titulo: '  Audiencia de pruebas  ',
        descripcion: '',
        ubicacion: 'Juzgado Quinto Familiar',
        inicio: inDays(3),
        fin: inDays(3, 17),
        recordatorio_email: '15',
        recordatorio_popup: 10,
        caso_id: caso.id,
        cliente_id: cliente.id,
        etiquetas: [urgente.id, audiencia.id, urgente.id],
      });
      expect(evento).toMatchObject({
        titulo: 'Audiencia de pruebas',
        descripcion: null,
        ubicacion: 'Juzgado Quinto Familiar',
        recordatorio_email: 15,
        recordatorio_popup: 10,
        caso: { id: caso.id, titulo: 'Pensión alimenticia' },
        cliente: { id: cliente.id, nombre: 'Lucía Hernández' },
        origen: 'bufete',
        sincronizado: false,
      });
      expect(evento.etiquetas.map((tag: { nombre: string }) => tag.nombre)).toEqual(['audiencia', 'urgente']);

      // Optional fields left blank, reminders 'none'.
      const plain = await newEvent(suite.alice, {
        titulo: 'Llamada',
        inicio: inDays(4),
        fin: inDays(4, 17),
        recordatorio_email: 'none',
        recordatorio_popup: '',
        caso_id: '',
        cliente_id: null,
      });
      expect(plain).toMatchObject({ recordatorio_email: null, recordatorio_popup: null, caso: null, cliente: null, etiquetas: [] });

      const cases: [Record<string, unknown>, string, string][] = [
        [{ titulo: ' ', inicio: inDays(3), fin: inDays(3, 17) }, 'titulo', MSG.calendar.tituloObligatorio],
        [{ titulo: 'X', inicio: 'mañana', fin: inDays(3, 17) }, 'inicio', MSG.calendar.inicioInvalido],
        [{ titulo: 'X', inicio: inDays(3, 17), fin: inDays(3, 16) }, 'fin', MSG.calendar.finAntesDeInicio],
        [{ titulo: 'X', inicio: inDays(3), fin: inDays(400) }, 'fin', MSG.calendar.duracionExcesiva],
        [{ titulo: 'X', inicio: inDays(3), fin: inDays(3, 17), recordatorio_email: 7 }, 'recordatorio_email', MSG.calendar.recordatorioInvalido],
        [{ titulo: 'X', inicio: inDays(3), fin: inDays(3, 17), recordatorio_popup: 1440 }, 'recordatorio_popup', MSG.calendar.recordatorioInvalido],
      ];
      for (const [body, field, message] of cases) {
        const res = await suite.alice.call(calendarioApi.create, { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error).toMatchObject({ field, message });
      }

      // Another lawyer's case, client or tag cannot be linked; their events are not found.
      const ajeno = await create(suite.bob, '/api/casos', { titulo: 'Caso de Bruno' });
      const etiquetaAjena = await create(suite.bob, '/api/etiquetas', { nombre: 'ajena', color: '#a6e3a1' });
      expect((await suite.alice.call(calendarioApi.create, { body: { titulo: 'X', inicio: inDays(3), fin: inDays(3, 17), caso_id: ajeno.id } })).status).toBe(404);
      expect((await suite.alice.call(calendarioApi.create, { body: { titulo: 'X', inicio: inDays(3), fin: inDays(3, 17), etiquetas: [etiquetaAjena.id] } })).status).toBe(404);
      expect((await suite.bob.call(calendarioApi.update, { params: { id: evento.id }, body: { titulo: 'Mío', inicio: inDays(3), fin: inDays(3, 17) } })).status).toBe(404);
      expect((await suite.bob.call(calendarioApi.remove, { params: { id: evento.id } })).status).toBe(404);
      expect((await suite.bob.call(calendarioApi.list, { query: { desde: inDays(0), hasta: inDays(10) } })).json.items).toEqual([]);

      // Edit, then delete.
      const edited = await suite.alice.call(calendarioApi.update, {
        params: { id: evento.id },
        body: { titulo: 'Audiencia diferida', inicio: inDays(5), fin: inDays(5, 17), caso_id: caso.id, etiquetas: [urgente.id] },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.json.evento).toMatchObject({ titulo: 'Audiencia diferida', cliente: null, recordatorio_email: null });
      expect(edited.json.evento.etiquetas).toHaveLength(1);
      expect((await suite.alice.call(calendarioApi.remove, { params: { id: plain.id } })).status).toBe(200);
      expect((await suite.alice.call(calendarioApi.remove, { params: { id: plain.id } })).status).toBe(404);

      // Deleting the case keeps the appointment, unlinked.
      expect((await suite.alice.call(casosApi.remove, { params: { id: caso.id } })).status).toBe(200);
      const kept = (await suite.alice.call(calendarioApi.list, { query: { desde: inDays(0), hasta: inDays(10) } })).json.items.find(
        (item: { id: string }) => item.id === evento.id,
      );
      expect(kept).toMatchObject({ titulo: 'Audiencia diferida', caso: null });
    });

    it('reads a period: overlapping events only (long ones too), by start, at most 62 days, per case', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const caso = await create(client, '/api/casos', { titulo: 'Sucesión' });
      const from = new Date(inDays(20, 0));
      const day = (n: number, hour: number) => new Date(from.getTime() + n * 86_400_000 + hour * HOUR).toISOString();
      await newEvent(client, { titulo: 'Antes', inicio: day(-3, 9), fin: day(-3, 10) });
      await newEvent(client, { titulo: 'Cruza el inicio', inicio: day(-1, 23), fin: day(0, 2) });
      await newEvent(client, { titulo: 'Dentro', inicio: day(2, 9), fin: day(2, 10), caso_id: caso.id });
      await newEvent(client, { titulo: 'Vacaciones largas', inicio: day(-45, 0), fin: day(5, 0) });
      await newEvent(client, { titulo: 'Después', inicio: day(7, 9), fin: day(7, 10) });
      const read = (query: string) => client.get(`/api/calendario/eventos?${query}`);
      const week = await read(`desde=${day(0, 0)}&hasta=${day(7, 0)}`);
      expect(week.status, week.text).toBe(200);
      expect(week.json.items.map((item: { titulo: string }) => item.titulo)).toEqual(['Vacaciones largas', 'Cruza el inicio', 'Dentro']);
      expect((await read(`desde=${day(0, 0)}&hasta=${day(7, 0)}&caso_id=${caso.id}`)).json.items.map((item: { titulo: string }) => item.titulo)).toEqual(['Dentro']);
      const tooLong = await read(`desde=${day(0, 0)}&hasta=${day(70, 0)}`);
      expect(tooLong.status).toBe(400);
      expect(tooLong.json.error.message).toBe(MSG.calendar.rangoInvalido);
      expect((await read(`desde=${day(7, 0)}&hasta=${day(0, 0)}`)).status).toBe(400);
      expect((await read('desde=ayer&hasta=hoy')).status).toBe(400);
    });

    it('a month of 500 appointments comes back in one request', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const start = new Date(inDays(40, 0)).getTime();
      for (let i = 0; i < 500; i += 1) {
        const inicio = new Date(start + (i % 30) * 86_400_000 + (8 + (i % 10)) * HOUR + i * 1000);
        await newEvent(client, { titulo: `Cita ${i}`, inicio: inicio.toISOString(), fin: new Date(inicio.getTime() + HOUR / 2).toISOString() });
      }
      const month = await client.call(calendarioApi.list, { query: { desde: new Date(start).toISOString(), hasta: new Date(start + 31 * 86_400_000).toISOString() } });
      expect(month.status).toBe(200);
      expect(month.json.items).toHaveLength(500);
      const starts = month.json.items.map((item: { inicio: string }) => item.inicio);
      expect([...starts].sort()).toEqual(starts);
    });

    it('upcoming: the next 10; the summary counts this month and the next 7 days', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      await newEvent(client, { titulo: 'Ya pasó', inicio: at(-3 * HOUR), fin: at(-2 * HOUR) });
      await newEvent(client, { titulo: 'En curso', inicio: at(-HOUR), fin: at(HOUR) });
      for (let i = 1; i <= 11; i += 1) await newEvent(client, { titulo: `Próxima ${i}`, inicio: at(i * 2 * HOUR), fin: at(i * 2 * HOUR + HOUR) });
      await newEvent(client, { titulo: 'En diez días', inicio: inDays(10), fin: inDays(10, 17) });
      const upcoming = (await client.call(calendarioApi.upcoming)).json.items.map((item: { titulo: string }) => item.titulo);
      expect(upcoming).toHaveLength(10);
      expect(upcoming.slice(0, 2)).toEqual(['En curso', 'Próxima 1']);
      const summary = (await client.call(calendarioApi.summary)).json;
      expect(summary.proximos_7_dias).toBe(11);
      expect(summary.este_mes).toBeGreaterThanOrEqual(1);
    });

    it('sends an email reminder at start − N minutes, once, and not for a moved or deleted appointment', async () => {
      const { client, email } = await signUpConfirmed(suite.ts, { nombre: 'Renata' });
      const before = await suite.ts.mail.count(email);
      // Due in 30 minutes with a 15-minute reminder: the job waits until 15 minutes before.
      const evento = await newEvent(client, {
        titulo: 'Firma de convenio <urgente>',
        ubicacion: 'Notaría 42',
        inicio: at(30 * 60_000),
        fin: at(60 * 60_000),
        recordatorio_email: 15,
      });
      const job = async () =>
        rowsOf<{ run_at: string | Date }>(
          await suite.ts.server.database.db.execute(sql`select run_at from jobs where kind = 'calendar.reminder' and payload->>'eventId' = ${evento.id} and status = 'pending'`),
        );
      const [pending] = await job();
      expect(Math.abs(new Date(pending!.run_at).getTime() - (Date.parse(evento.inicio) - 15 * 60_000))).toBeLessThan(2000);
      await suite.ts.server.jobs.tick();
      expect(await suite.ts.mail.count(email)).toBe(before);

      // Time passes: the job is due. Three passes, one email.
      await suite.ts.server.database.db.execute(sql`update jobs set run_at = now() where kind = 'calendar.reminder' and payload->>'eventId' = ${evento.id}`);
      for (let pass = 0; pass < 3; pass += 1) await suite.ts.server.jobs.tick();
      const mail = await suite.ts.mail.waitFor(email, /Recordatorio: Firma de convenio/);
      expect(mail.text).toContain('Notaría 42');
      expect(mail.text).toMatch(/empieza en 15 minutos/);
      expect(mail.html).toContain('&lt;urgente&gt;');
      expect(await suite.ts.mail.count(email)).toBe(before + 1);

      // Moved later: the old reminder is void; deleted: nothing at all.
      const moved = await newEvent(client, { titulo: 'Se moverá', inicio: at(10 * 60_000), fin: at(20 * 60_000), recordatorio_email: 15 });
      await client.call(calendarioApi.update, { params: { id: moved.id }, body: { titulo: 'Se moverá', inicio: inDays(6), fin: inDays(6, 17), recordatorio_email: 15 } });
      const gone = await newEvent(client, { titulo: 'Se borrará', inicio: at(10 * 60_000), fin: at(20 * 60_000), recordatorio_email: 15 });
      await client.call(calendarioApi.remove, { params: { id: gone.id } });
      for (let pass = 0; pass < 3; pass += 1) await suite.ts.server.jobs.tick();
      expect(await suite.ts.mail.count(email)).toBe(before + 1);
    });
  });
}

describe.runIf(await postgresAvailable())('recordatorios de citas con dos procesos en un PostgreSQL', () => {
  it('two servers on one database send each appointment reminder exactly once', async () => {
    const ts = await startTestServer({ backend: 'postgres' });
    const otherDataDir = await mkdtemp(path.join(tmpdir(), 'bufete-second-'));
    const second = await startServer(loadConfig({ ...ts.env, DATA_DIR: otherDataDir }), createLogger({ silent: true }));
    try {
      const { client, email } = await signUpConfirmed(ts);
      for (let i = 0; i < 12; i += 1) {
        // Starting in 10 minutes with a 15-minute reminder: due right away.
        await newEvent(client, { titulo: `Cita ${i}`, inicio: at(10 * 60_000 + i * 1000), fin: at(40 * 60_000), recordatorio_email: 15 });
      }
      for (let pass = 0; pass < 4; pass += 1) await Promise.all([ts.server.jobs.tick(), second.jobs.tick(), ts.server.jobs.tick(), second.jobs.tick()]);
      const subjects = (await ts.mail.all()).filter((m) => m.to.includes(email) && /^Recordatorio: Cita/.test(m.subject)).map((m) => m.subject);
      expect(subjects).toHaveLength(12);
      expect(new Set(subjects).size).toBe(12);
    } finally {
      await second.stop();
      await ts.stop();
      await rm(otherDataDir, { recursive: true, force: true });
    }
  });
});

const withPostgres = await postgresAvailable();

describe('Google Calendar contra un Google falso', () => {
  let google: FakeGoogle;
  let ts: TestServer;

  beforeAll(async () => {
    google = await startFakeGoogle();
    ts = await startTestServer({ env: google.env });
  });
  afterAll(async () => {
    await ts?.stop();
    await google?.close();
  });

  /** The whole round trip: connect, Google's redirect with code and state, the callback. */
  async function connect(client: HttpClient) {
    const start = await client.call(calendarioApi.connect);
    expect(start.status, start.text).toBe(200);
    const authorize = new URL(start.json.url);
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(authorize.searchParams.get('prompt')).toBe('consent');
    expect(authorize.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/calendar');
    const redirect = await fetch(start.json.url, { redirect: 'manual' });
    const back = new URL(redirect.headers.get('location')!);
    expect(back.pathname).toBe('/calendar/callback');
    return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')!, back };
  }

  it('without Google configured, the lawyer reads one plain line and the diagnostic tells the operator what to set', async () => {
    const plain = await startTestServer();
    try {
      const { client } = await signUpConfirmed(plain);
      const status = await client.call(calendarioApi.google);
      expect(status.json).toMatchObject({ configurado: false, conectado: false });
      const res = await client.call(calendarioApi.connect);
      expect(res.status).toBe(409);
      expect(res.json.error.message).toBe('Tu despacho aún no activó Google Calendar.');
      const diagnostic = await client.call(calendarioApi.diagnostic);
      expect(diagnostic.json.checks.find((check: { id: string }) => check.id === 'configuracion')).toMatchObject({ estado: 'error', detalle: MSG.calendar.noConfiguradoOperador });
    } finally {
      await plain.stop();
    }
  });

  it('refuses a callback whose state is missing, wrong, from another session, reused or old', async () => {
    const { client, email } = await signUpConfirmed(ts);
    const { code, state } = await connect(client);
    const missing = await client.call(calendarioApi.callback, { body: { code } });
    expect(missing.status).toBe(400);
    expect(missing.json.error.message).toBe(MSG.calendar.sinParametros);
    expect((await client.call(calendarioApi.callback, { body: { code, state: `${state}x` } })).json.error.code).toBe('OAUTH_STATE_INVALID');
    // The same lawyer signed in elsewhere (another session) cannot finish this round trip.
    const elsewhere = ts.client();
    expect((await elsewhere.call(accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(200);
    expect((await elsewhere.call(calendarioApi.callback, { body: { code, state } })).json.error.code).toBe('OAUTH_STATE_INVALID');
    // Nobody signed in: the spec's message about the lost session.
    const anonymous = await ts.client().call(calendarioApi.callback, { body: { code, state } });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error.message).toBe(MSG.calendar.sesionPerdida);

    const ok = await client.call(calendarioApi.callback, { body: { code, state } });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.json.message).toBe(MSG.calendar.conectado);
    expect((await client.call(calendarioApi.google)).json).toMatchObject({ configurado: true, conectado: true });
    // Used once.
    expect((await client.call(calendarioApi.callback, { body: { code, state } })).json.error.code).toBe('OAUTH_STATE_INVALID');

    // A state older than 10 minutes.
    const late = await connect(client);
    await ts.server.database.db.execute(sql`update oauth_states set created_at = now() - interval '11 minutes' where used_at is null`);
    expect((await client.call(calendarioApi.callback, { body: { code: late.code, state: late.state } })).json.error.code).toBe('OAUTH_STATE_INVALID');
  });

  it('syncs both ways: Bufete → Google and Google → Bufete, create, update and delete; 410 means a full resync', async () => {
    const { client } = await signUpConfirmed(ts);
    const caso = await create(client, '/api/casos', { titulo: 'Amparo fiscal' });
    const local = await newEvent(client, { titulo: 'Antes de conectar', inicio: inDays(2), fin: inDays(2, 17) });
    const { code, state } = await connect(client);
    expect((await client.call(calendarioApi.callback, { body: { code, state } })).status).toBe(200);
    // The first sync took what Bufete already had.
    const googleId = local.id.replace(/-/g, '');
    expect(google.event(googleId)?.summary).toBe('Antes de conectar');

    // Bufete → Google: created with its case in the private properties, then changed, then deleted.
    const created = await newEvent(client, { titulo: 'Audiencia constitucional', inicio: inDays(3), fin: inDays(3, 17), caso_id: caso.id, recordatorio_popup: 30 });
    let sync = await client.call(calendarioApi.sync);
    expect(sync.status, sync.text).toBe(200);
    const pushed = google.event(created.id.replace(/-/g, ''))!;
    expect(pushed).toMatchObject({ summary: 'Audiencia constitucional', status: 'confirmed' });
    expect(pushed.extendedProperties?.private).toMatchObject({ bufete_id: created.id, caso_id: caso.id });
    expect(pushed.reminders?.overrides).toEqual([{ method: 'popup', minutes: 30 }]);
    await client.call(calendarioApi.update, { params: { id: created.id }, body: { titulo: 'Audiencia diferida', inicio: inDays(4), fin: inDays(4, 17), caso_id: caso.id } });
    await client.call(calendarioApi.sync);
    expect(google.event(pushed.id)?.summary).toBe('Audiencia diferida');
    await client.call(calendarioApi.remove, { params: { id: created.id } });
    sync = await client.call(calendarioApi.sync);
    expect(google.event(pushed.id)?.status).toBe('cancelled');

    // Google → Bufete: created there with a link to the case, changed, deleted.
    const remote = google.addEvent({
      summary: 'Cita creada en Google',
      start: { dateTime: inDays(5) },
      end: { dateTime: inDays(5, 17) },
      extendedProperties: { private: { caso_id: caso.id } },
    });
    sync = await client.call(calendarioApi.sync);
    expect(sync.json.importados).toBeGreaterThanOrEqual(1);
    const list = async () =>
      (await client.call(calendarioApi.list, { query: { desde: inDays(0, 0), hasta: inDays(30, 0) } })).json.items as { titulo: string; origen: string; caso: unknown }[];
    expect((await list()).find((item) => item.titulo === 'Cita creada en Google')).toMatchObject({ origen: 'google', caso: { id: caso.id, titulo: 'Amparo fiscal' } });
    google.updateEvent(remote.id, { summary: 'Cita cambiada en Google' });
    await client.call(calendarioApi.sync);
    expect((await list()).map((item) => item.titulo)).toContain('Cita cambiada en Google');
    google.deleteEvent(remote.id);
    await client.call(calendarioApi.sync);
    expect((await list()).map((item) => item.titulo)).not.toContain('Cita cambiada en Google');

    // The sync token expired: 410, then a full read that still finds the new event.
    google.expireSyncTokens();
    google.addEvent({ summary: 'Después del 410', start: { dateTime: inDays(6) }, end: { dateTime: inDays(6, 17) } });
    sync = await client.call(calendarioApi.sync);
    expect(sync.status, sync.text).toBe(200);
    expect((await list()).map((item) => item.titulo)).toContain('Después del 410');
  });

  it('refreshes a token about to expire; a refusal Google will not undo disconnects and says so', async () => {
    const { client } = await signUpConfirmed(ts);
    google.setTokenLifetime(120);
    try {
      const { code, state } = await connect(client);
      expect((await client.call(calendarioApi.callback, { body: { code, state } })).status).toBe(200);
      const refreshes = google.calls['token:refresh_token'] ?? 0;
      // Under 5 minutes left: every use renews it first.
      await client.call(calendarioApi.sync);
      expect(google.calls['token:refresh_token']).toBeGreaterThan(refreshes);
    } finally {
      google.setTokenLifetime(3600);
    }
    await newEvent(client, { titulo: 'Se queda', inicio: inDays(2), fin: inDays(2, 17) });
    google.addEvent({ summary: 'Solo de Google', start: { dateTime: inDays(2) }, end: { dateTime: inDays(2, 17) } });
    await client.call(calendarioApi.sync);

    google.revokeAccess();
    const sync = await client.call(calendarioApi.sync);
    expect(sync.status).toBe(409);
    expect(sync.json.error.message).toBe(MSG.calendar.desconectadoPorGoogle);
    const status = (await client.call(calendarioApi.google)).json;
    expect(status).toMatchObject({ conectado: false, aviso: MSG.calendar.desconectadoPorGoogle });
    const titles = (await client.call(calendarioApi.list, { query: { desde: inDays(0, 0), hasta: inDays(30, 0) } })).json.items.map((item: { titulo: string }) => item.titulo);
    expect(titles).toContain('Se queda');
    expect(titles).not.toContain('Solo de Google');
  });

  it('a 401 from Google before the token expires is met with one refresh and the call retried: the lawyer stays connected', async () => {
    const { client } = await signUpConfirmed(ts);
    const { code, state } = await connect(client);
    expect((await client.call(calendarioApi.callback, { body: { code, state } })).status).toBe(200);
    const refreshes = google.calls['token:refresh_token'] ?? 0;
    // Google drops the access token an hour early (the refresh token still works).
    google.dropAccessTokens();
    const remote = google.addEvent({ summary: 'Tras el 401', start: { dateTime: inDays(3) }, end: { dateTime: inDays(3, 17) } });
    const sync = await client.call(calendarioApi.sync);
    expect(sync.status, sync.text).toBe(200);
    expect(google.calls['token:refresh_token']).toBe(refreshes + 1);
    expect((await client.call(calendarioApi.google)).json).toMatchObject({ conectado: true, aviso: null });
    const titles = (await client.call(calendarioApi.list, { query: { desde: inDays(0, 0), hasta: inDays(30, 0) } })).json.items.map((item: { titulo: string }) => item.titulo);
    expect(titles).toContain(remote.summary);
    // Only when the refresh itself is refused (invalid_grant) is the lawyer told Google disconnected.
    google.revokeAccess();
    const refused = await client.call(calendarioApi.sync);
    expect(refused.json.error.message).toBe(MSG.calendar.desconectadoPorGoogle);
  });

  it('a new password renews the calendar feed link and, when asked, ends the Google connection (revoked at Google too)', async () => {
    const { client, email } = await signUpConfirmed(ts);
    const { code, state } = await connect(client);
    expect((await client.call(calendarioApi.callback, { body: { code, state } })).status).toBe(200);
    const before = (await client.call(calendarioApi.feed)).json.url as string;
    const local = (url: string) => url.replace(/^https?:\/\/[^/]+/, ts.url);
    expect((await fetch(local(before))).status).toBe(200);
    const revokedBefore = google.revoked.length;
    const changed = await client.call(accountApi.changePassword, {
      body: { currentPassword: PASSWORD, newPassword: 'nueva-clave-del-despacho', confirmPassword: 'nueva-clave-del-despacho', desconectar_google: true },
    });
    expect(changed.status, changed.text).toBe(200);
    // The old link reads nothing any more; a new one works.
    expect((await fetch(local(before))).status).toBe(404);
    const after = (await client.call(calendarioApi.feed)).json.url as string;
    expect(after).not.toBe(before);
    expect((await fetch(local(after))).status).toBe(200);
    expect((await client.call(calendarioApi.google)).json).toMatchObject({ conectado: false, aviso: MSG.calendar.desconectadoPorContrasena });
    expect(google.revoked.length).toBe(revokedBefore + 1);
    // Without the choice, Google stays connected (the feed link is still renewed).
    const second = await connect(client);
    expect((await client.call(calendarioApi.callback, { body: { code: second.code, state: second.state } })).status).toBe(200);
    const again = await client.call(accountApi.changePassword, {
      body: { currentPassword: 'nueva-clave-del-despacho', newPassword: 'otra-clave-mas-del-despacho', confirmPassword: 'otra-clave-mas-del-despacho' },
    });
    expect(again.status).toBe(200);
    expect((await fetch(local(after))).status).toBe(404);
    expect((await client.call(calendarioApi.google)).json.conectado).toBe(true);
    expect(email).toBeTruthy();
  });

  it.runIf(withPostgres)('a long sync keeps its lease (renewed while it runs, released only by its holder) and never deletes an appointment made in Bufete meanwhile', async () => {
    // Two processes on one PostgreSQL, a lease of one second, pages that take three.
    const first = await startTestServer({ backend: 'postgres', env: { ...google.env, GOOGLE_SYNC_LEASE_SECONDS: '1' } });
    const otherDataDir = await mkdtemp(path.join(tmpdir(), 'bufete-second-'));
    const second = await startServer(loadConfig({ ...first.env, DATA_DIR: otherDataDir }), createLogger({ silent: true }));
    try {
      const { client, email } = await signUpConfirmed(first);
      const { code, state } = await connect(client);
      expect((await client.call(calendarioApi.callback, { body: { code, state } })).status).toBe(200);
      // The next sync is a full read.
      await first.server.database.db.execute(sql`update google_calendar_tokens set sync_token = null`);
      google.setListDelay(3000);
      const syncing = client.call(calendarioApi.sync);
      await new Promise((resolve) => setTimeout(resolve, 500));
      // Meanwhile the lawyer makes an appointment on the other process: it tries to send it to Google at once.
      const elsewhere = new HttpClient(second.url);
      expect((await elsewhere.call(accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(200);
      const made = await newEvent(elsewhere, { titulo: 'Hecha durante la sincronización', inicio: inDays(2), fin: inDays(2, 17) });
      // Past its one second, the lease is still the running sync's: renewed, not taken.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const holder = async () =>
        rowsOf<{ holder: string | null }>(await first.server.database.db.execute(sql`select sync_holder as holder from google_calendar_tokens`))[0]!.holder;
      expect(await holder()).not.toBeNull();
      expect((await syncing).status).toBe(200);
      google.setListDelay(0);
      await client.call(calendarioApi.sync);
      const titles = (await client.call(calendarioApi.list, { query: { desde: inDays(0, 0), hasta: inDays(30, 0) } })).json.items.map((item: { titulo: string }) => item.titulo);
      expect(titles).toContain('Hecha durante la sincronización');
      expect(google.event(made.id.replace(/-/g, ''))?.summary).toBe('Hecha durante la sincronización');
      expect(await holder()).toBeNull();
    } finally {
      google.setListDelay(0);
      await second.stop();
      await first.stop();
      await rm(otherDataDir, { recursive: true, force: true });
    }
  });

  it('disconnecting removes the tokens and what came only from Google, and keeps what was made in Bufete', async () => {
    const { client } = await signUpConfirmed(ts);
    const { code, state } = await connect(client);
    expect((await client.call(calendarioApi.callback, { body: { code, state } })).status).toBe(200);
    await newEvent(client, { titulo: 'Hecha en Bufete', inicio: inDays(2), fin: inDays(2, 17) });
    google.addEvent({ summary: 'Hecha en Google', start: { dateTime: inDays(2) }, end: { dateTime: inDays(2, 17) } });
    await client.call(calendarioApi.sync);
    const bye = await client.call(calendarioApi.disconnect);
    expect(bye.json.message).toBe(MSG.calendar.desconectado);
    expect((await client.call(calendarioApi.google)).json).toMatchObject({ conectado: false, aviso: null });
    const items = (await client.call(calendarioApi.list, { query: { desde: inDays(0, 0), hasta: inDays(30, 0) } })).json.items as {
      titulo: string;
      sincronizado: boolean;
      google_url: string | null;
    }[];
    expect(items.map((item) => item.titulo)).toEqual(['Hecha en Bufete']);
    expect(items[0]).toMatchObject({ google_url: null });
    expect((await client.call(calendarioApi.sync)).json.error.code).toBe('GOOGLE_NOT_CONNECTED');
  });

  it('the diagnostic runs its checks and never shows a token or the secret', async () => {
    const { client } = await signUpConfirmed(ts);
    const { code, state } = await connect(client);
    await client.call(calendarioApi.callback, { body: { code, state } });
    const res = await client.call(calendarioApi.diagnostic);
    expect(res.status).toBe(200);
    const ids = res.json.checks.map((check: { id: string }) => check.id);
    expect(ids).toEqual(['usuario', 'sesion', 'configuracion', 'redirect', 'funciones', 'conexion', 'tokens', 'intercambio']);
    expect(res.json.checks.every((check: { estado: string }) => check.estado === 'success')).toBe(true);
    expect(res.text).not.toContain(google.clientSecret);
    expect(res.text).not.toMatch(/[0-9a-f]{32}/);
  });
});

describe('el enlace de suscripción (.ics)', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it('lists only its owner’s appointments, parses with an independent parser, and dies when regenerated', async () => {
    const { client: alice } = await signUpConfirmed(ts, { nombre: 'Alicia' });
    const { client: bob } = await signUpConfirmed(ts, { nombre: 'Bruno' });
    const caso = await create(alice, '/api/casos', { titulo: 'Divorcio' });
    await newEvent(alice, {
      titulo: 'Audiencia, con coma; y punto y coma',
      ubicacion: 'Sala 3',
      inicio: '2026-12-05T15:00:00.000Z',
      fin: '2026-12-05T16:00:00.000Z',
      caso_id: caso.id,
    });
    await newEvent(alice, { titulo: 'Cita con perito', inicio: inDays(10), fin: inDays(10, 17) });
    await newEvent(bob, { titulo: 'Secreto de Bruno', inicio: inDays(10), fin: inDays(10, 17) });

    const { url } = (await alice.call(calendarioApi.feed)).json;
    expect(url).toMatch(/\/api\/calendario\/feed\/[A-Za-z0-9_-]{40,}\.ics$/);
    expect((await alice.call(calendarioApi.feed)).json.url).toBe(url);
    const feed = await fetch(url.replace(/^https?:\/\/[^/]+/, ts.url));
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await feed.text();
    const calendar = new ICAL.Component(ICAL.parse(text));
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/Mexico_City');
    const events = calendar.getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => event.summary).sort()).toEqual(['Audiencia, con coma; y punto y coma', 'Cita con perito']);
    const audiencia = events.find((event) => event.summary.startsWith('Audiencia'))!;
    expect(audiencia.startDate.toJSDate().toISOString()).toBe('2026-12-05T15:00:00.000Z');
    expect(audiencia.location).toBe('Sala 3');
    expect(audiencia.description).toContain('sábado, 5 de diciembre de 2026, 9:00');
    expect(audiencia.description).toContain('Caso: Divorcio');
    expect(text).not.toContain('Secreto de Bruno');

    const regenerated = await alice.call(calendarioApi.regenerateFeed);
    expect(regenerated.json.message).toBe(MSG.calendar.enlaceRegenerado);
    expect(regenerated.json.url).not.toBe(url);
    expect((await fetch(url.replace(/^https?:\/\/[^/]+/, ts.url))).status).toBe(404);
    expect((await fetch(regenerated.json.url.replace(/^https?:\/\/[^/]+/, ts.url))).status).toBe(200);
    expect((await fetch(`${ts.url}/api/calendario/feed/no-existe.ics`)).status).toBe(404);
  });
});
