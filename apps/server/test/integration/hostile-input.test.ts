import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { rawRequest } from '../support/raw-http';
import { startTestServer, type TestServer } from '../support/server';

/** The SAT's test CSD (test/fixtures/cfdi), in base64 as 'Subir CSD' sends it. */
const CSD = Object.fromEntries(['cer', 'key'].map((ext) => [ext, readFileSync(path.resolve(import.meta.dirname, `../fixtures/cfdi/csd/EKU9003173C9.${ext}`)).toString('base64')]));

/**
 * Generated hostile input against every route the app answers (taken from
 * its own route table, so a new endpoint is covered the day it is added):
 * wrong types, NUL bytes, lone surrogates, impossible dates, huge and deeply
 * nested values, forged ids and cursors, malformed %-escapes, bodies that lie
 * about their type and multipart garbage. No answer may be a 500, and the
 * server must still be up at the end.
 */
const RUNS_PER_ROUTE = 40;

const FIELD_NAMES = [
  'titulo',
  'descripcion',
  'estado',
  'prioridad',
  'cliente_id',
  'caso_id',
  'fecha_vencimiento',
  'nombre',
  'apellido',
  'email',
  'telefono',
  'empresa',
  'direccion',
  'especialidad',
  'password',
  'confirmPassword',
  'currentPassword',
  'newPassword',
  'token',
  'contenido',
  'etiqueta_ids',
  'is_favorita',
  'color',
  'cliente_id',
  'subject',
  'message',
  'q',
  'cursor',
  'limit',
  'caso_id',
  'etiqueta_id',
  'etiqueta_ids',
  'scheduled_for',
  'type',
  'content',
  'text',
  'attrs',
  'marks',
  '__proto__',
  'constructor',
];

const troublemakers = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '%',
  '%E0%A4%A',
  '%00',
  '../../etc/passwd',
  "'; drop table casos; --",
  '2024-02-30',
  '0000-01-01',
  '9999-12-31',
  '2024-02-29T25:61:00Z',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  'null',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ejemplo-demo-caso-001',
  '<script>alert(1)</script>',
  '😀'.repeat(300),
  'a'.repeat(300_000),
  'Ñandú ÁÉÍÓÚ',
  '\r\nBcc: x@y.z',
  'https://evil.example',
  'javascript:alert(1)',
  'mailto:x',
  Buffer.from(JSON.stringify(['no-es-fecha', 'x'])).toString('base64url'),
);

const hostileString = fc.oneof(
  { weight: 3, arbitrary: troublemakers },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 60 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }).map((text) => `${text}\u0000${text}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
);
const hostileScalar = fc.oneof(hostileString, fc.integer(), fc.double(), fc.boolean(), fc.constant(null), fc.bigInt().map(String));
const hostileValue = fc.letrec((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, hostileScalar, tie('array'), tie('object')),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.oneof(fc.constantFrom(...FIELD_NAMES), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 5 }),
})).value;

/** A body that names the fields our endpoints read, with hostile values, or anything at all. */
const hostileBody = fc.oneof(fc.dictionary(fc.constantFrom(...FIELD_NAMES), hostileValue, { minKeys: 1, maxKeys: 8 }), hostileValue);

/** Nested arrays deeper than any validator's recursion, as raw JSON text. */
const deepJson = fc.integer({ min: 500, max: 4000 }).map((depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`);

/** Percent-encoding, where a lone surrogate becomes the invalid UTF-8 a hostile client would send. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return encodeURIComponent(value.replace(/[\uD800-\uDFFF]/g, '\uFFFD')).replace(/%EF%BF%BD/g, '%ED%A0%80');
  }
}

const pathValue = fc.oneof(
  troublemakers.map((value) => encode(value).slice(0, 2000)),
  fc.constantFrom('%', '%E0%A4%A', '%FF', '..', '%2e%2e', 'ñ', '%00'),
  fc.uuid().map(String),
);

const queryString = fc
  .dictionary(
    fc.oneof(fc.constantFrom('q', 'cursor', 'limit', 'estado', 'prioridad', 'caso_id', 'cliente_id', 'etiqueta_id', 'nota_id', 'download'), fc.string({ maxLength: 6 })),
    hostileString,
    { maxKeys: 4 },
  )
  .map((params) => Object.entries(params).map(([key, value]) => `${encode(key)}=${encode(value.slice(0, 3000))}`))
  .chain((pairs) => fc.oneof(fc.constant(pairs.join('&')), fc.constant(`${pairs.join('&')}&q=%E0%A4%A&cursor=%`)));

type Body =
  | { kind: 'json'; value: unknown }
  | { kind: 'mutated'; changes: [number | string, unknown][] }
  | { kind: 'raw-json'; text: string }
  | { kind: 'lying'; contentType: string; text: string }
  | { kind: 'multipart'; contentType: string; text: string };

const multipartGarbage = fc.record({
  boundary: fc.oneof(fc.constant(''), fc.string({ maxLength: 70 })),
  text: fc.oneof(
    fc.string({ unit: 'binary', maxLength: 400 }),
    fc
      .tuple(fc.string({ maxLength: 20 }), hostileString)
      .map(([name, value]) => `--b\r\nContent-Disposition: form-data; name="${name}"; filename="${value.slice(0, 50)}"\r\n\r\n%PDF-1.4 ${value.slice(0, 200)}`),
  ),
});

/**
 * One or two fields of a valid body replaced with hostile values (a field of
 * that body, by index, or any known field name): reaches the service and the
 * database instead of stopping at the first validation.
 */
const mutation = fc.array(
  fc.tuple(
    fc.oneof({ weight: 4, arbitrary: fc.nat(20) }, { weight: 1, arbitrary: fc.constantFrom(...FIELD_NAMES) }),
    fc.oneof({ weight: 3, arbitrary: hostileString }, { weight: 1, arbitrary: hostileValue }),
  ),
  { minLength: 1, maxLength: 2 },
);

const body: fc.Arbitrary<Body> = fc.oneof(
  { weight: 10, arbitrary: mutation.map((changes): Body => ({ kind: 'mutated', changes })) },
  { weight: 3, arbitrary: hostileBody.map((value): Body => ({ kind: 'json', value })) },
  { weight: 1, arbitrary: deepJson.map((text): Body => ({ kind: 'raw-json', text })) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', 'nul', '"\\ud800"', '[1,2', '{"titulo":"x"}}').map((text): Body => ({ kind: 'raw-json', text })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/jsonx', ''), hostileString)
      .map(([contentType, text]): Body => ({ kind: 'lying', contentType, text })),
  },
  { weight: 2, arbitrary: multipartGarbage.map(({ boundary, text }): Body => ({ kind: 'multipart', contentType: `multipart/form-data; boundary=${boundary}`, text })) },
);

describe('entradas hostiles generadas: ninguna respuesta 500', () => {
  let ts: TestServer;
  let alice: HttpClient;
  /** Alice's own records, by the route prefix that names them; and one of Bob's. */
  const ids: Record<string, string> = {};
  let bobCaseId: string;
  const logged: string[] = [];

  /** A valid body for each route that reads one: the mutations start from here. */
  const validBody = (method: string, path: string): Record<string, unknown> => {
    const doc = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Texto' }] }] };
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const table: [RegExp, Record<string, unknown>][] = [
      [
        /sign-up$/,
        {
          nombre: 'Ana',
          apellido: 'Ruiz',
          email: `fuzz${Math.random().toString(36).slice(2)}@example.com`,
          especialidad: '',
          password: 'secreto-de-fuzz-1',
          confirmPassword: 'secreto-de-fuzz-1',
        },
      ],
      [/sign-in$/, { email: 'fuzz@example.com', password: 'secreto-de-fuzz-1' }],
      [/(forgot-password|resend-confirmation|diagnostics\/\w+)$/, { email: 'fuzz@example.com' }],
      [/reset-password$/, { token: 'x', password: 'secreto-de-fuzz-1', confirmPassword: 'secreto-de-fuzz-1' }],
      [/(reset-password\/check|confirm-email)$/, { token: 'x' }],
      [/profile$/, { nombre: 'Alicia', apellido: 'Mora', especialidad: '', telefono: '' }],
      [
        /casos(\/[^/]+)?$/,
        { titulo: 'Caso', descripcion: '', estado: method === 'POST' ? 'Pendiente' : 'Cerrado', prioridad: 'Media', cliente_id: '', fecha_vencimiento: '2027-01-31' },
      ],
      [/clientes(\/[^/]+)?$/, { nombre: 'Cliente', email: '', telefono: '', empresa: '', direccion: '' }],
      [/reminders$/, { cliente_id: ids.clientes, subject: 'Asunto', message: 'Mensaje', scheduled_for: future }],
      [/notas(\/[^/]+)?$/, { titulo: 'Nota', contenido: doc, caso_id: '', cliente_id: '', etiqueta_ids: [] }],
      [/etiquetas$/, { nombre: 'etiqueta', color: '#89b4fa' }],
      [/facturas\/[^/]+\/cancel$/, { motivo: 'Se facturó dos veces' }],
      [
        /facturas(\/[^/]+)?$/,
        method === 'PATCH'
          ? { estado: 'pagada', fecha_pago: '2026-11-20', forma_pago: '01' }
          : { concepto: 'Honorarios', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '100' },
      ],
      [/tiempo(\/[^/]+)?$/, { caso_id: ids.casos, fecha: '2026-11-20', horas: '1', descripcion: 'Revisión', tarifa_por_hora: '100' }],
      [/cfdi\/csd$/, { cer: CSD.cer, key: CSD.key, password: '12345678a' }],
      [/boletines\/revision$/, { texto: 'QUINTO DE LO CIVIL\nBANCO vs. PÉREZ. Exp. 123/2024.' }],
      [/boletines\/confirmacion$/, { fecha_publicacion: '2026-11-26', fuente: '', actuaciones: [{ caso_id: ids.casos, texto: 'Exp. 123/2024', tipo: 'acuerdo' }] }],
      [
        /actuaciones(\/[^/]+)?$/,
        {
          caso_id: ids.casos,
          fecha_publicacion: '2026-11-20',
          fecha_efectos: '',
          tipo: 'acuerdo',
          texto: 'Se tiene por presentado',
          origen: 'manual',
          fuente: '',
          documento_ids: [],
        },
      ],
    ];
    return table.find(([pattern]) => pattern.test(path))?.[1] ?? {};
  };

  beforeAll(async () => {
    ts = await startTestServer({ logger: { info: () => {}, warn: () => {}, error: (message) => logged.push(message) } });
    alice = (await signUpConfirmed(ts)).client;
    const bob = (await signUpConfirmed(ts)).client;
    ids.casos = (await alice.post('/api/casos', { titulo: 'Caso de Alicia' })).json.caso.id;
    ids.clientes = (await alice.post('/api/clientes', { nombre: 'Cliente de Alicia', email: 'cliente@alicia.mx' })).json.cliente.id;
    ids.notas = (await alice.post('/api/notas', { titulo: 'Nota de Alicia' })).json.nota.id;
    ids.etiquetas = (await alice.post('/api/etiquetas', { nombre: 'alicia' })).json.etiqueta.id;
    ids.documentos = (await alice.upload('/api/documentos', { name: 'a.txt', bytes: Buffer.from('hola') })).json.documento.id;
    ids.recordatorios = (
      await alice.post('/api/recordatorios', { cliente_id: ids.clientes, subject: 'x', message: 'y', scheduled_for: new Date(Date.now() + 86_400_000).toISOString() })
    ).json.recordatorio.id;
    ids.facturas = (await alice.post('/api/facturas', { concepto: 'Honorarios', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '100' })).json.factura.id;
    ids.tiempo = (await alice.post('/api/tiempo', { caso_id: ids.casos, fecha: '2026-11-20', horas: '1', descripcion: 'Revisión', tarifa_por_hora: '100' })).json.entrada.id;
    ids.actuaciones = (
      await alice.post('/api/actuaciones', { caso_id: ids.casos, fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: 'Se admite la demanda' })
    ).json.actuacion.id;
    bobCaseId = (await bob.post('/api/casos', { titulo: 'Caso de Bruno' })).json.caso.id;
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it(`sends ${RUNS_PER_ROUTE} generated hostile requests to each route; none answers 500`, async () => {
    const seen = new Set<string>();
    const routes = ts.server.routes.filter(({ method, path }) => {
      const key = `${method} ${path}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    expect(routes.length).toBeGreaterThan(50);
    const failures: string[] = [];
    let sent = 0;

    for (const [index, route] of routes.entries()) {
      await fc.assert(
        fc.asyncProperty(
          fc.oneof({ weight: 2, arbitrary: pathValue }, { weight: 2, arbitrary: fc.constant('own') }, { weight: 1, arbitrary: fc.constant(bobCaseId) }),
          fc.option(queryString, { nil: undefined }),
          body,
          fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
          async (idChoice, query, payload, signed_in) => {
            const own = ids[route.path.split('/')[2] ?? ''] ?? ids.casos!;
            const id = idChoice === 'own' ? own : idChoice;
            const path = route.path.replace(/:[a-zA-Z]+/g, id) + (query ? `?${query}` : '');
            // Signing out (or changing the password) would end the session the other requests use.
            const keepsSession = !/sign-out|change-password/.test(route.path);
            const headers: Record<string, string> = signed_in && keepsSession ? { cookie: alice.cookieHeader() } : {};
            let text: string | undefined;
            if (route.method !== 'GET') {
              if (payload.kind === 'json') {
                headers['content-type'] = 'application/json';
                text = JSON.stringify(payload.value) ?? 'null';
              } else if (payload.kind === 'mutated') {
                headers['content-type'] = 'application/json';
                const valid = validBody(route.method, route.path);
                const keys = Object.keys(valid);
                const changes = payload.changes.map(([key, value]) => [
                  typeof key === 'number' ? (keys[key % Math.max(1, keys.length)] ?? FIELD_NAMES[key % FIELD_NAMES.length]!) : key,
                  value,
                ]);
                text = JSON.stringify({ ...valid, ...Object.fromEntries(changes) });
              } else if (payload.kind === 'raw-json') {
                headers['content-type'] = 'application/json';
                text = payload.text;
              } else {
                if (payload.contentType) headers['content-type'] = payload.contentType;
                text = payload.text;
              }
            }
            const result = await rawRequest(ts.url, { method: route.method, path, headers, chunks: text === undefined ? [] : [Buffer.from(text)] });
            sent += 1;
            if (result.status === null || result.status >= 500) {
              failures.push(`${route.method} ${path.slice(0, 200)} (${payload.kind}) → ${result.status} ${result.body.slice(0, 200)}`);
            }
            return true;
          },
        ),
        { numRuns: RUNS_PER_ROUTE, seed: Number(process.env.HOSTILE_SEED ?? 20261122) + index },
      );
    }

    expect(sent).toBe(RUNS_PER_ROUTE * routes.length);
    console.info(`Entradas hostiles enviadas: ${sent} (${routes.length} rutas × ${RUNS_PER_ROUTE})`);
    expect(failures).toEqual([]);
    expect(logged).toEqual([]);
    expect((await alice.get('/api/health')).status).toBe(200);
    expect((await alice.get('/api/casos')).status).toBe(200);
  });
});
