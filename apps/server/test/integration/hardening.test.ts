import { utimes } from 'node:fs/promises';
import path from 'node:path';
import { accountApi, casosApi, clientesApi, type Documento, documentosApi, escritosApi, healthApi, imagenesApi, MSG, notasApi, recordatoriosApi } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeError, redactPath } from '../../src/logger';
import { PASSWORD, signUpConfirmed, uniqueEmail } from '../support/accounts';
import { withTextRead } from '../support/documents';
import { makeDocxBomb, makePdf, makePng } from '../support/fixtures';
import type { HttpClient } from '../support/http-client';
import { multipartOpening, rawRequest } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/server';
import { filesUnder, serverWithLawyer } from '../support/suite';

describe('la puerta de entrada: registro con los campos opcionales vacíos', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it('accepts what the form sends with Especialidad blank, and what older forms sent (null)', async () => {
    for (const especialidad of ['', '   ', null, undefined]) {
      const email = uniqueEmail('sin-especialidad');
      const res = await ts.client().call(accountApi.signUp, { body: { nombre: 'Ana', apellido: 'Ruiz', email, especialidad, password: PASSWORD, confirmPassword: PASSWORD } });
      expect(res.status, `${JSON.stringify(especialidad)}: ${res.text}`).toBe(201);
    }
  });

  it('speaks Spanish even for problems our schemas did not name', async () => {
    const res = await ts
      .client()
      .call(accountApi.signUp, { body: { nombre: 'Ana', apellido: 'Ruiz', email: uniqueEmail(), especialidad: 42, password: PASSWORD, confirmPassword: PASSWORD } });
    expect(res.status).toBe(400);
    expect(res.json.error.field).toBe('especialidad');
    expect(res.json.error.message).not.toMatch(/Invalid|expected|received/);
    expect(res.json.error.message).toMatch(/inválid/i);
  });
});

describe('subidas interrumpidas, truncadas o malformadas', () => {
  let ts: TestServer;
  let alice: HttpClient;
  let casoId: string;
  const logged: string[] = [];

  beforeAll(async () => {
    ts = await startTestServer({ logger: { info: () => {}, warn: () => {}, error: (message) => logged.push(message) } });
    alice = (await signUpConfirmed(ts)).client;
    casoId = (await alice.call(casosApi.create, { body: { titulo: 'Caso de subidas' } })).json.caso.id;
  });
  afterAll(async () => {
    await ts?.stop();
  });

  const routes = (): { path: string; fields: Record<string, string>; file: { name: string; type: string } }[] => [
    { path: '/api/documentos', fields: { caso_id: casoId }, file: { name: 'demanda.pdf', type: 'application/pdf' } },
    { path: '/api/documentos/extract', fields: {}, file: { name: 'prueba.txt', type: 'text/plain' } },
    { path: '/api/imagenes', fields: { caso_id: casoId }, file: { name: 'foto.png', type: 'image/png' } },
    { path: '/api/profile/avatar', fields: {}, file: { name: 'avatar.jpg', type: 'image/jpeg' } },
  ];

  async function leftBehind() {
    const rows = await ts.server.database.db.execute(sql`
      select (select count(*) from documentos)::int + (select count(*) from imagenes)::int
           + (select count(*) from profiles where avatar_url is not null)::int as n`);
    const count = Number((Array.isArray(rows) ? rows : (rows as { rows: { n: number }[] }).rows)[0]!.n);
    return { rows: count, stored: await filesUnder(path.join(ts.dataDir, 'storage')), temp: await filesUnder(path.join(ts.dataDir, 'tmp')) };
  }

  it('survives a client that hangs up mid-upload on every upload route, leaving nothing behind', async () => {
    for (const route of routes()) {
      const boundary = 'LimiteBufete';
      const result = await rawRequest(ts.url, {
        path: route.path,
        headers: { cookie: alice.cookieHeader(), 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(5 * 1024 * 1024) },
        chunks: [multipartOpening(boundary, route.fields, route.file), Buffer.alloc(256 * 1024, 7)],
        hangUpAfterMs: 50,
      });
      expect(result.status, route.path).toBeNull();
      // The next request is served, and the interrupted one left no trace.
      expect((await alice.call(healthApi.check)).status).toBe(200);
      await expect.poll(async () => (await leftBehind()).temp, { timeout: 5000 }).toEqual([]);
    }
    expect(await leftBehind()).toEqual({ rows: 0, stored: [], temp: [] });
    expect(logged).toEqual([]);
  });

  it('answers a body cut short (no closing boundary) with a Spanish 400 on every upload route', async () => {
    for (const route of routes()) {
      const boundary = 'LimiteBufete';
      const result = await rawRequest(ts.url, {
        path: route.path,
        headers: { cookie: alice.cookieHeader(), 'content-type': `multipart/form-data; boundary=${boundary}` },
        chunks: [multipartOpening(boundary, route.fields, route.file), Buffer.alloc(64 * 1024, 7)],
      });
      expect(result.status, route.path).toBe(400);
      expect(JSON.parse(result.body).error.message).toBe(MSG.documents.archivoIlegible);
    }
    expect(await leftBehind()).toEqual({ rows: 0, stored: [], temp: [] });
    expect(logged).toEqual([]);
  });

  it('answers multipart without a boundary, or with garbage, with a 400', async () => {
    for (const route of routes()) {
      for (const contentType of ['multipart/form-data', 'multipart/form-data; boundary=', 'multipart/form-data; boundary="sin-cierre']) {
        const result = await rawRequest(ts.url, {
          path: route.path,
          headers: { cookie: alice.cookieHeader(), 'content-type': contentType },
          chunks: ['--x\r\nbasura sin formato\r\n'],
        });
        expect(result.status, `${route.path} ${contentType}`).toBe(400);
      }
    }
    expect(await leftBehind()).toEqual({ rows: 0, stored: [], temp: [] });
    expect((await alice.call(healthApi.check)).status).toBe(200);
    expect(logged).toEqual([]);
  });

  it('still accepts a complete upload after all of that', async () => {
    const pdf = await makePdf(['Todo en orden']);
    const res = await alice.upload(documentosApi.upload, { name: 'bien.pdf', bytes: pdf }, { caso_id: casoId });
    expect(res.status, res.text).toBe(201);
    const png = await alice.upload(imagenesApi.upload, { name: 'bien.png', bytes: makePng() }, { caso_id: casoId });
    expect(png.status, png.text).toBe(201);
  });
});

describe('bombas de descompresión y límites de extracción', () => {
  const suite = serverWithLawyer();

  /** Peak resident memory growth of this process (server and its worker threads) while `run` runs. */
  async function peakGrowth(run: () => Promise<unknown>) {
    global.gc?.();
    const base = process.memoryUsage().rss;
    let peak = base;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      await run();
    } finally {
      clearInterval(timer);
    }
    return peak - base;
  }

  it('stores a 300 KB .docx that inflates to 300 MB, with a fallback text, in bounded memory', async () => {
    const bomb = await makeDocxBomb({ inflatedBytes: 300 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    let res: Awaited<ReturnType<HttpClient['upload']>> | undefined;
    let detail: Documento | undefined;
    // The read is measured wherever it runs: during the upload, or on the queue after it on a busy machine.
    const growth = await peakGrowth(async () => {
      res = await suite.alice.upload(documentosApi.upload, { name: 'bomba.docx', bytes: bomb });
      expect(res.status, res.text).toBe(201);
      detail = await withTextRead(suite.ts, suite.alice, res.json.documento.id);
    });
    expect(detail!.contenido).toMatch(/^\[No se extrajo el texto del documento Word: una parte del archivo ocupa 300 MB descomprimida \(máximo 32 MB\)/);
    expect(growth).toBeLessThan(256 * 1024 * 1024);
  });

  it('refuses a bomb whose headers lie about its size, also in bounded memory', async () => {
    const liar = await makeDocxBomb({ inflatedBytes: 300 * 1024 * 1024, declaredBytes: 4096 });
    let res: Awaited<ReturnType<HttpClient['upload']>> | undefined;
    const growth = await peakGrowth(async () => {
      res = await suite.alice.upload(documentosApi.extractionTest, { name: 'mentira.docx', bytes: liar });
    });
    expect(res!.status, res!.text).toBe(200);
    expect(res!.json.texto).toMatch(/^\[No se pudo extraer el texto del documento Word/);
    expect(growth).toBeLessThan(256 * 1024 * 1024);
  });

  it('rate-limits the extraction test per user', async () => {
    const { client } = await signUpConfirmed(suite.ts);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i += 1) statuses.push((await client.upload(documentosApi.extractionTest, { name: 'a.txt', bytes: Buffer.from('hola') })).status);
    expect(statuses.slice(0, 20).every((status) => status === 200)).toBe(true);
    const refused = await client.upload(documentosApi.extractionTest, { name: 'a.txt', bytes: Buffer.from('hola') });
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toBe(MSG.documents.demasiadasPruebas);
    // Another user is not affected.
    expect((await suite.alice.upload(documentosApi.extractionTest, { name: 'a.txt', bytes: Buffer.from('hola') })).status).toBe(200);
  });
});

describe('límites del cuerpo de las solicitudes JSON', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer();
  });
  afterAll(async () => {
    await ts?.stop();
  });

  const FORTY_MB = 40 * 1024 * 1024;
  const bigBody = () => Array.from({ length: 40 }, () => Buffer.alloc(1024 * 1024, 0x61));

  it('refuses 40 MB to sign-in whatever the body claims to be, without reading it', async () => {
    for (const [contentType, status] of [
      ['multipart/form-data; boundary=x', 415],
      ['text/plain', 415],
      ['application/x-www-form-urlencoded', 415],
      ['application/json', 413],
    ] as const) {
      const result = await rawRequest(ts.url, {
        path: '/api/account/sign-in',
        headers: { 'content-type': contentType, 'content-length': String(FORTY_MB) },
        chunks: bigBody(),
      });
      expect(result.status, contentType).toBe(status);
      expect(JSON.parse(result.body).error.message).toBe(status === 415 ? MSG.http.soloJson : MSG.http.cuerpoGrande);
    }
    // Without a declared length (chunked), reading stops at 1 MB.
    const chunked = await rawRequest(ts.url, {
      path: '/api/account/sign-in',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
      chunks: bigBody(),
    });
    expect(chunked.status).toBe(413);
    expect((await ts.client().call(healthApi.check)).status).toBe(200);
  });
});

describe('límites del correo a clientes', () => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ smtp: true, env: { CLIENT_EMAIL_HOURLY_LIMIT: '3', CLIENT_EMAIL_DAILY_LIMIT: '5' } });
  });
  afterAll(async () => {
    await ts?.stop();
  });

  async function clientWithEmail(client: HttpClient, email: string) {
    return (await client.call(clientesApi.create, { body: { nombre: 'Destinatario', email } })).json.cliente.id as string;
  }

  it('allows a few emails per hour, counted atomically across concurrent requests', async () => {
    const { client } = await signUpConfirmed(ts);
    const clienteId = await clientWithEmail(client, 'destino@cliente.mx');
    const results = await Promise.all(
      Array.from({ length: 8 }, (_, i) => client.call(recordatoriosApi.send, { body: { cliente_id: clienteId, subject: `Aviso ${i}`, message: 'Texto' } })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429]);
    expect(results.find((r) => r.status === 429)!.json.error.message).toBe(MSG.reminders.limiteHora(3));
    expect(await ts.mail.count('destino@cliente.mx')).toBe(3);
    // Scheduled emails count too.
    const later = new Date(Date.now() + 3600_000).toISOString();
    const scheduled = await client.call(recordatoriosApi.send, { body: { cliente_id: clienteId, subject: 'Programado', message: 'x', scheduled_for: later } });
    expect(scheduled.status).toBe(429);
  });

  it('has a daily limit too, and the sender says it comes through Bufete', async () => {
    const { client } = await signUpConfirmed(ts, { nombre: 'Paloma', apellido: 'Ríos' });
    const clienteId = await clientWithEmail(client, 'diario@cliente.mx');
    const db = ts.server.database.db;
    // Five emails earlier today (older than an hour), one would be the sixth.
    for (let i = 0; i < 2; i += 1) expect((await client.call(recordatoriosApi.send, { body: { cliente_id: clienteId, subject: `Hoy ${i}`, message: 'x' } })).status).toBe(200);
    await db.execute(sql`update email_reminders set created_at = now() - interval '3 hours' where to_email = 'diario@cliente.mx'`);
    for (let i = 2; i < 5; i += 1) expect((await client.call(recordatoriosApi.send, { body: { cliente_id: clienteId, subject: `Hoy ${i}`, message: 'x' } })).status).toBe(200);
    const sixth = await client.call(recordatoriosApi.send, { body: { cliente_id: clienteId, subject: 'Sexto', message: 'x' } });
    expect(sixth.status).toBe(429);
    expect(sixth.json.error.message).toBe(MSG.reminders.limiteHora(3));
    await db.execute(sql`update email_reminders set created_at = now() - interval '3 hours' where to_email = 'diario@cliente.mx'`);
    const daily = await client.call(recordatoriosApi.send, { body: { cliente_id: clienteId, subject: 'Sexto', message: 'x' } });
    expect(daily.status).toBe(429);
    expect(daily.json.error.message).toBe(MSG.reminders.limiteDia(5));
  });
});

describe('registros sin datos confidenciales', () => {
  it('logs a failed query with a reference but without its parameters', async () => {
    const logged: string[] = [];
    const ts = await startTestServer({
      logger: { info: () => {}, warn: () => {}, error: (message, error) => logged.push(`${message}\n${error === undefined ? '' : describeError(error)}`) },
    });
    try {
      const { client } = await signUpConfirmed(ts);
      const marker = 'MARCADOR-CONFIDENCIAL-7f3a';
      await ts.server.database.db.execute(sql.raw(`alter table notas add constraint sin_marcador check (contenido_texto not like '%MARCADOR%')`));
      const res = await client.call(notasApi.create, {
        body: { titulo: 'Estrategia', contenido: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: `El cliente confesó ${marker}` }] }] } },
      });
      expect(res.status).toBe(500);
      const ref = res.json.error.request_id;
      expect(res.json.error.message).toBe(MSG.http.internalRef(ref));
      const log = logged.join('\n');
      expect(log).toContain(`POST /api/notas falló (ref ${ref})`);
      expect(log).toContain('23514'); // the check violation's code is there to debug with
      expect(log).not.toContain(marker);
      expect(log).not.toContain('El cliente');
    } finally {
      await ts.stop();
    }
  });

  it('redacts signed-file tokens from logged paths', () => {
    expect(redactPath('/api/files/eyJidWNrZXQiOiJkb2N1bWVudG9zIn0.firma')).toBe('/api/files/[token]');
    expect(redactPath('/api/casos/123')).toBe('/api/casos/123');
  });
});

describe('contraseñas nuevas y sesiones que no viven para siempre', () => {
  // No session cache: each request asks the database, as another process would.
  const suite = serverWithLawyer({ env: { SESSION_CACHE_SECONDS: '0' } });

  it('new passwords have 12+ characters and are not common ones; older, shorter passwords still sign in', async () => {
    const signUp = (password: string) =>
      suite.ts.client().call(accountApi.signUp, { body: { nombre: 'Ana', apellido: 'Ruiz', email: uniqueEmail('clave'), password, confirmPassword: password } });
    expect((await signUp('secreto1234')).json.error).toMatchObject({ field: 'password', message: MSG.validation.passwordNuevaMin });
    expect((await signUp('Contraseña123')).json.error).toMatchObject({ field: 'password', message: MSG.validation.passwordComun });
    expect((await signUp('abcabcabcabcabc')).json.error).toMatchObject({ field: 'password', message: MSG.validation.passwordComun });
    expect((await signUp('mi-despacho-en-coyoacan')).status).toBe(201);
    // An account made when six characters were enough keeps signing in with them.
    const { email } = await signUpConfirmed(suite.ts);
    const { hashPassword } = await import('better-auth/crypto');
    await suite.ts.server.database.db.execute(sql`update accounts set password = ${await hashPassword('corta1')} where user_id = (select id from users where email = ${email})`);
    expect((await suite.ts.client().call(accountApi.signIn, { body: { email, password: 'corta1' } })).status).toBe(200);
  });

  it('ends a session 30 days after its sign-in, however often it was used', async () => {
    const { client, email } = await signUpConfirmed(suite.ts);
    expect((await client.call(accountApi.session)).json.session).not.toBeNull();
    await suite.ts.server.database.db.execute(
      sql`update sessions set created_at = now() - interval '31 days', expires_at = now() + interval '5 days' where user_id = (select id from users where email = ${email})`,
    );
    expect((await client.call(accountApi.session)).json.session).toBeNull();
    expect((await client.call(casosApi.list)).status).toBe(401);
  });
});

describe('límites por dirección con IPv6', () => {
  const suite = serverWithLawyer({ env: { TRUST_PROXY: '1', AUTH_RATE_LIMIT_MAX: '3' } });

  it('counts per-address limits by the /64 of an IPv6 address', async () => {
    const from = (address: string) =>
      suite.ts.client().call(accountApi.signIn, { body: { email: 'nadie@example.com', password: 'no-importa-cual' }, headers: { 'x-forwarded-for': address } });
    // Three addresses of one /64 share its three attempts.
    for (const address of ['2001:db8:1:2::a', '2001:db8:1:2:ffff::1', '2001:0db8:0001:0002::b']) expect((await from(address)).status).toBe(401);
    expect((await from('2001:db8:1:2::c')).status).toBe(429);
    // Another /64 has its own.
    expect((await from('2001:db8:1:3::1')).status).toBe(401);
  });
});

describe('entradas imposibles: 400 en español, nunca 500', () => {
  const suite = serverWithLawyer();

  it('refuses cursors it did not make', async () => {
    const forge = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
    for (const list of ['/api/casos', '/api/clientes', '/api/documentos', '/api/notas']) {
      for (const cursor of ['basura', forge(['no-es-fecha', 'x']), forge(['2026-01-01T00:00:00.000Z', 'no-uuid']), forge([1, 2]), forge(['a']), '%%%']) {
        const res = await suite.alice.get(`${list}?cursor=${encodeURIComponent(cursor)}`);
        expect(res.status, `${list} ${cursor}`).toBe(400);
        expect(res.json.error.message).toBe(MSG.http.cursorInvalido);
      }
    }
  });

  it('refuses cursors with dates that do not exist on every list, before the database sees them', async () => {
    const forge = (values: unknown) => Buffer.from(JSON.stringify(values)).toString('base64url');
    const id = '00000000-0000-4000-8000-000000000000';
    const impossible = ['2024-02-30', '2024-04-31', '0000-01-01', '2025-13-01'];
    const lists: [string, (day: string) => string][] = [
      ['/api/notas', (day) => `${day}T10:00:00.000000Z`],
      ['/api/documentos', (day) => `${day}T10:00:00.000000Z`],
      ['/api/casos', (day) => `${day}T10:00:00.000000Z`],
      ['/api/casos?orden=vencimiento', (day) => day],
      ['/api/facturas', (day) => day],
      ['/api/notificaciones', (day) => `${day}T10:00:00.000000Z`],
    ];
    for (const [list, key] of lists) {
      for (const day of impossible) {
        const res = await suite.alice.get(`${list}${list.includes('?') ? '&' : '?'}cursor=${forge([key(day), id])}`);
        expect(res.status, `${list} ${day}`).toBe(400);
        expect(res.json.error.message).toBe(MSG.http.cursorInvalido);
      }
      // A time of day that does not exist either.
      if (key('2024-01-01').includes('T')) expect((await suite.alice.get(`${list}?cursor=${forge(['2024-01-01T25:00:00.000000Z', id])}`)).status).toBe(400);
      // And a real one pages.
      expect((await suite.alice.get(`${list}${list.includes('?') ? '&' : '?'}cursor=${forge([key('2024-02-29'), id])}`)).status, list).toBe(200);
    }
    // Cases without a due date sort as 9999-12-31: their cursor stays valid.
    expect((await suite.alice.call(casosApi.list, { query: { orden: 'vencimiento', cursor: forge(['9999-12-31', id]) } })).status).toBe(200);
  });

  it('refuses NUL bytes in any text, body or query', async () => {
    for (const [path, body] of [
      ['/api/casos', { titulo: 'Caso\u0000' }],
      ['/api/clientes', { nombre: 'Ana', direccion: 'Calle\u00001' }],
      ['/api/notas', { titulo: 'Nota', contenido: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'a\u0000b' }] }] } }],
      ['/api/etiquetas', { nombre: 'eti\u0000queta' }],
    ] as const) {
      const res = await suite.alice.post(path, body);
      expect(res.status, path).toBe(400);
      expect(res.json.error.message).toBe(MSG.validation.caracteresNoValidos);
    }
    expect((await suite.alice.get('/api/casos?q=%00')).status).toBe(400);
    const upload = await suite.alice.upload(documentosApi.upload, { name: 'no\u0000mbre.txt', bytes: Buffer.from('hola') });
    expect(upload.status).toBe(400);
  });

  it('checks dates as real calendar dates between 1900 and 2200', async () => {
    for (const fecha of ['2024-02-30', '0000-01-01', '2023-02-29', '1899-12-31', '2201-01-01', '2024-13-01', '2024-1-1']) {
      const res = await suite.alice.call(casosApi.create, { body: { titulo: 'Fechas', fecha_vencimiento: fecha } });
      expect(res.status, fecha).toBe(400);
      expect(res.json.error).toMatchObject({ field: 'fecha_vencimiento', message: MSG.practice.fechaInvalida });
    }
    expect((await suite.alice.call(casosApi.create, { body: { titulo: 'Bisiesto', fecha_vencimiento: '2024-02-29' } })).status).toBe(201);
  });

  it('bounds rich text in depth and size', async () => {
    // 5,000 lists inside lists: 10,000 levels, written as text (too deep even for JSON.stringify).
    const levels = 5000;
    const deep = `${'{"type":"bulletList","content":[{"type":"listItem","content":['.repeat(levels)}{"type":"text","text":"fondo"}${']}]}'.repeat(levels)}`;
    const res = await suite.alice.request('/api/notas', { method: 'POST', rawBody: `{"titulo":"Profunda","contenido":{"type":"doc","content":[${deep}]}}` });
    expect(res.status).toBe(400);
    expect(res.json.error.message).toBe(MSG.notes.contenidoComplejo);
    const wide = { type: 'doc', content: Array.from({ length: 30_000 }, () => ({ type: 'paragraph' })) };
    expect((await suite.alice.call(notasApi.create, { body: { titulo: 'Ancha', contenido: wide } })).status).toBe(400);
  });

  it('answers malformed %-escapes with 400 or 404, not 500', async () => {
    for (const path of ['/casos/%E0%A4%A', '/%', '/assets/%C0', '/api/casos/%E0%A4%A', '/api/casos?q=%E0%A4%A', '/api/files/%FF%FE']) {
      const res = await fetch(`${suite.ts.url}${path}`, { headers: { cookie: suite.alice.cookieHeader() } });
      expect(res.status, path).toBeLessThan(500);
    }
  });
});

describe('inicio de sesión limitado por cuenta y por dirección (TRUST_PROXY)', () => {
  it('makes an account wait after repeated wrong passwords, wherever they come from', async () => {
    const ts = await startTestServer();
    try {
      const { email } = await signUpConfirmed(ts);
      for (let i = 0; i < 5; i += 1) {
        const wrong = await ts.client().call(accountApi.signIn, { body: { email, password: 'equivocada' }, headers: { 'x-forwarded-for': `10.0.0.${i}` } });
        expect(wrong.status).toBe(401);
      }
      const blocked = await ts.client().call(accountApi.signIn, { body: { email, password: PASSWORD } });
      expect(blocked.status).toBe(429);
      expect(blocked.json.error.message).toBe(MSG.login.cuentaBloqueada(30));
      // Once the wait is over, the right password works and the count starts again.
      await ts.server.database.db.execute(sql`update sign_in_failures set blocked_until = now() - interval '1 second'`);
      expect((await ts.client().call(accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(200);
      expect((await ts.client().call(accountApi.signIn, { body: { email, password: 'equivocada' } })).status).toBe(401);
    } finally {
      await ts.stop();
    }
  });

  it('keys address limits on the peer, or on X-Forwarded-For behind a trusted proxy', async () => {
    for (const trusted of [false, true]) {
      const ts = await startTestServer({ env: { AUTH_RATE_LIMIT_MAX: '2', ...(trusted ? { TRUST_PROXY: '1' } : {}) } });
      try {
        const attempt = (address: string) => ts.client().call(accountApi.forgotPassword, { body: { email: 'nadie@example.com' }, headers: { 'x-forwarded-for': address } });
        const statuses = [];
        for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.1, 203.0.113.4']) statuses.push((await attempt(address)).status);
        // Trusted: four different clients (the last entry is what the proxy saw). Not trusted: one peer, spoofing ignored.
        expect(statuses).toEqual(trusted ? [404, 404, 404, 404] : [404, 404, 429, 429]);
      } finally {
        await ts.stop();
      }
    }
  });
});

describe('cabeceras de la API', () => {
  it('marks JSON answers no-store, and sends HSTS when APP_URL is https', async () => {
    const ts = await startTestServer({ env: { APP_URL: 'https://bufete.example.mx' } });
    try {
      const res = await fetch(`${ts.url}/api/account/session`);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
      const missing = await fetch(`${ts.url}/api/casos`);
      expect(missing.status).toBe(401);
      expect(missing.headers.get('cache-control')).toBe('no-store');
    } finally {
      await ts.stop();
    }
    const plain = await startTestServer();
    try {
      expect((await fetch(`${plain.url}/api/health`)).headers.get('strict-transport-security')).toBeNull();
    } finally {
      await plain.stop();
    }
  });
});

describe('archivos huérfanos', () => {
  it('removes stored files older than an hour that no row points at, and keeps the rest', async () => {
    const ts = await startTestServer();
    try {
      const { client } = await signUpConfirmed(ts);
      const casoId = (await client.call(casosApi.create, { body: { titulo: 'Con archivos' } })).json.caso.id;
      const kept = await client.upload(documentosApi.upload, { name: 'vigente.txt', bytes: Buffer.from('se queda') }, { caso_id: casoId });
      expect(kept.status).toBe(201);
      // A lawyer's escrito template is a stored file of the same bucket, kept by its row too.
      const word = (await client.download('/api/escritos/plantillas/archivo?plantilla=promocion-simple')).bytes;
      const template = await client.upload(escritosApi.subir, { name: 'mia.docx', bytes: word }, { nombre: 'Mía' });
      expect(template.status, template.text).toBe(201);
      const storage = path.join(ts.dataDir, 'storage');
      const { writeFile, mkdir } = await import('node:fs/promises');
      await mkdir(path.join(storage, 'documentos', 'huerfano'), { recursive: true });
      await mkdir(path.join(storage, 'imagenes', 'huerfano'), { recursive: true });
      const old = [path.join(storage, 'documentos', 'huerfano', '1-perdido.pdf'), path.join(storage, 'imagenes', 'huerfano', '1-perdida.png')];
      const young = path.join(storage, 'documentos', 'huerfano', '2-subiendo.pdf');
      for (const file of [...old, young]) await writeFile(file, 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 3600_000);
      for (const file of old) await utimes(file, twoHoursAgo, twoHoursAgo);
      // The kept document is old too: only the row decides.
      for (const file of await filesUnder(path.join(storage, 'documentos'))) if (!file.includes('huerfano')) await utimes(file, twoHoursAgo, twoHoursAgo);

      expect(await ts.server.sweepOrphans()).toBe(2);
      const remaining = (await filesUnder(storage)).map((file) => path.relative(storage, file)).sort();
      expect(remaining).toHaveLength(3);
      expect(remaining).toContain(path.join('documentos', 'huerfano', '2-subiendo.pdf'));
      expect((await client.download(`/api/escritos/plantillas/archivo?plantilla=${template.json.plantilla.id}`)).bytes.equals(word)).toBe(true);
      const download = await client.download(`/api/documentos/${kept.json.documento.id}/file`);
      expect(download.bytes.toString()).toBe('se queda');
    } finally {
      await ts.stop();
    }
  });
});
