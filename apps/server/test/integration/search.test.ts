import { searchApi, documentosApi, MARCA_FIN, MARCA_INICIO, MSG, profileApi } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { signUpConfirmed } from '../support/accounts';
import { allTextsRead } from '../support/documents';
import { makeDocx, makePdf } from '../support/fixtures';
import type { HttpClient } from '../support/http-client';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';

const backends = await backendsToTest();

const paragraph = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });
const soon = (days: number, hourUtc = 17) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
};

async function created(client: HttpClient, path: string, body: Record<string, unknown>) {
  const res = await client.post(path, body);
  expect(res.status, res.text).toBe(201);
  return Object.values(res.json)[0] as Record<string, any>;
}

/** Every record found, as "kind:title", in the order the groups and their ranks give. */
async function found(client: HttpClient, q: string, tipo?: string) {
  const res = await client.get(`/api/search?q=${encodeURIComponent(q)}${tipo ? `&tipo=${tipo}` : ''}`);
  expect(res.status, res.text).toBe(200);
  const grupos = res.json.grupos as { tipo: string; items: { id: string; titulo: string; contexto: string | null; fragmento: string | null }[]; hay_mas: boolean }[];
  return grupos.filter((grupo) => grupo.items.length > 0);
}
const titles = async (client: HttpClient, q: string, tipo?: string) => (await found(client, q, tipo)).flatMap((grupo) => grupo.items.map((item) => `${grupo.tipo}:${item.titulo}`));

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`la búsqueda de la barra superior (${label})`, () => {
    let ts: TestServer;
    let alice: HttpClient;
    let bob: HttpClient;
    beforeAll(async () => {
      ts = await startTestServer({ backend });
      alice = (await signUpConfirmed(ts)).client;
      bob = (await signUpConfirmed(ts)).client;
      const cliente = await created(alice, '/api/clientes', { nombre: 'José Hernández García', email: 'jose@example.mx', rfc: 'HEGJ800101AB1', empresa: 'Transportes del Bajío' });
      const caso = await created(alice, '/api/casos', {
        titulo: 'Despido injustificado de José',
        expediente: '1234/2026',
        juzgado: 'Junta Especial 5',
        cliente_id: cliente.id,
      });
      await created(alice, `/api/casos/${caso.id}/partes`, { rol: 'demandado', nombre: 'Logística Peninsular' });
      await created(alice, '/api/casos', { titulo: 'Sucesión testamentaria', descripcion: 'Revisar el artículo 1281 del Código Civil sobre la herencia.' });
      const pdf = await alice.upload(
        documentosApi.upload,
        { name: 'Demanda laboral.pdf', bytes: await makePdf(['La parte actora reclama las sentencias previas y la indemnización constitucional.']), type: 'application/pdf' },
        { caso_id: caso.id },
      );
      expect(pdf.status, pdf.text).toBe(201);
      const docx = await alice.upload(documentosApi.upload, {
        name: 'Contrato de arrendamiento.docx',
        bytes: await makeDocx(['Cláusula décima: la renta se pagará por mes adelantado.']),
      });
      expect(docx.status, docx.text).toBe(201);
      await created(alice, '/api/notas', {
        titulo: 'Estrategia de audiencia',
        contenido: paragraph('Pedir la reinstalación del trabajador y los salarios caídos.'),
        caso_id: caso.id,
      });
      await created(alice, '/api/notas', { titulo: 'Llamadas', contenido: paragraph('Hablar con el perito sobre la prueba caligráfica.') });
      await created(alice, '/api/calendario/eventos', { titulo: 'Audiencia de conciliación', inicio: soon(3), fin: soon(3, 18), ubicacion: 'Centro de Conciliación Laboral' });
      await created(alice, '/api/facturas', {
        concepto: 'Honorarios por amparo indirecto',
        fecha_emision: '2026-11-02',
        calculo_automatico: false,
        monto: '15000',
        cliente_id: cliente.id,
      });
      await created(alice, '/api/actuaciones', {
        caso_id: caso.id,
        fecha_publicacion: '2026-11-26',
        tipo: 'requerimiento',
        texto: 'Se requiere a la demandada para que exhiba los recibos de nómina del actor.',
        fuente: 'Boletín laboral del 26/11/2026',
      });
      // Bob has records with the same words: none may reach Alice.
      const suyo = await created(bob, '/api/clientes', { nombre: 'José Hernández Bob' });
      await created(bob, '/api/casos', { titulo: 'Despido de José (Bob)', expediente: '1234/2026', cliente_id: suyo.id });
      await bob.upload(documentosApi.upload, { name: 'Demanda de Bob.pdf', bytes: await makePdf(['sentencias e indemnización de Bob']), type: 'application/pdf' });
      await created(bob, '/api/notas', { titulo: 'Audiencia de Bob', contenido: paragraph('reinstalación del trabajador de Bob') });
      await created(bob, '/api/calendario/eventos', { titulo: 'Audiencia de conciliación de Bob', inicio: soon(3), fin: soon(3, 18) });
      await created(bob, '/api/facturas', { concepto: 'Honorarios por amparo de Bob', fecha_emision: '2026-11-02', calculo_automatico: false, monto: '1' });
      const casoDeBob = await created(bob, '/api/casos', { titulo: 'Caso laboral de Bob' });
      await created(bob, '/api/actuaciones', { caso_id: casoDeBob.id, fecha_publicacion: '2026-11-26', tipo: 'acuerdo', texto: 'recibos de nómina de Bob' });
      await allTextsRead(ts, alice);
      await allTextsRead(ts, bob);
    });
    afterAll(async () => {
      await ts?.stop();
    });

    it('finds each kind by its title', async () => {
      expect(await titles(alice, 'despido')).toEqual(['casos:Despido injustificado de José']);
      expect(await titles(alice, 'Transportes')).toEqual(['clientes:José Hernández García']);
      expect(await titles(alice, 'arrendamiento')).toEqual(['documentos:Contrato de arrendamiento.docx']);
      expect(await titles(alice, 'estrategia')).toEqual(['notas:Estrategia de audiencia']);
      expect(await titles(alice, 'conciliación')).toEqual(['citas:Audiencia de conciliación']);
      expect(await titles(alice, 'FACT-0001')).toEqual(['facturas:FACT-0001 · Honorarios por amparo indirecto']);
    });

    it('finds an actuación by its text as published, titled by its case, opening in that case', async () => {
      const grupos = await found(alice, 'recibos de nómina');
      expect(grupos.map((grupo) => grupo.tipo)).toEqual(['actuaciones']);
      expect(grupos[0]!.items).toEqual([
        expect.objectContaining({ titulo: 'Despido injustificado de José', contexto: 'Boletín laboral del 26/11/2026', dia: '2026-11-26', caso_id: expect.any(String) }),
      ]);
      expect(grupos[0]!.items[0]!.fragmento).toContain('recibos de nómina del actor');
    });

    it('finds documents and notes by their content, with the passage and its words marked', async () => {
      const [documentos] = await found(alice, 'indemnización constitucional');
      expect(documentos!.tipo).toBe('documentos');
      expect(documentos!.items[0]!.titulo).toBe('Demanda laboral.pdf');
      expect(documentos!.items[0]!.contexto).toBe('Despido injustificado de José');
      expect(documentos!.items[0]!.fragmento).toContain(`${MARCA_INICIO}indemnización${MARCA_FIN}`);
      const [notas] = await found(alice, 'salarios caídos');
      expect(notas!.items.map((item) => item.titulo)).toEqual(['Estrategia de audiencia']);
      expect(notas!.items[0]!.fragmento).toContain(`${MARCA_INICIO}salarios${MARCA_FIN}`);
      expect(await titles(alice, 'renta mes adelantado')).toEqual(['documentos:Contrato de arrendamiento.docx']);
    });

    it('reads Spanish the way lawyers type it: accents optional, stems, small typos in names, phrases, RFC and case-number prefixes', async () => {
      // The client, and their invoice (found by its client's name).
      expect(await titles(alice, 'hernandez garcia')).toEqual(['clientes:José Hernández García', 'facturas:FACT-0001 · Honorarios por amparo indirecto']);
      expect(await titles(alice, 'articulo 1281')).toEqual(['casos:Sucesión testamentaria']);
      expect(await titles(alice, 'sentencia')).toEqual(['documentos:Demanda laboral.pdf']);
      expect(await titles(alice, 'Hernandes', 'clientes')).toEqual(['clientes:José Hernández García']);
      expect(await titles(alice, 'HEGJ80')).toEqual(['clientes:José Hernández García']);
      expect(await titles(alice, '1234/20')).toEqual(['casos:Despido injustificado de José']);
      // A phrase in quotes must appear as written; its words apart do not count.
      expect(await titles(alice, '"prueba caligráfica"')).toEqual(['notas:Llamadas']);
      expect(await titles(alice, '"caligráfica prueba"')).toEqual([]);
      // The client's name finds their invoices too.
      expect(await titles(alice, 'hernandez', 'facturas')).toEqual(['facturas:FACT-0001 · Honorarios por amparo indirecto']);
    });

    it('ranks a title match over a content match, and recent over old', async () => {
      const { client } = await signUpConfirmed(ts);
      await created(client, '/api/notas', { titulo: 'Apuntes', contenido: paragraph('Comentario sobre el amparo en revisión.') });
      await created(client, '/api/notas', { titulo: 'Amparo en revisión', contenido: paragraph('Agravios.') });
      expect(await titles(client, 'amparo')).toEqual(['notas:Amparo en revisión', 'notas:Apuntes']);
      await created(client, '/api/casos', { titulo: 'Pensión alimenticia (2025)' });
      await created(client, '/api/casos', { titulo: 'Pensión alimenticia (2026)' });
      expect(await titles(client, 'pension alimenticia')).toEqual(['casos:Pensión alimenticia (2026)', 'casos:Pensión alimenticia (2025)']);
    });

    it("never returns another lawyer's records, of any kind", async () => {
      for (const q of ['José', 'despido', 'sentencias', 'reinstalación', 'conciliación', 'amparo', '1234/2026', 'Bob']) {
        for (const title of await titles(alice, q)) expect(title).not.toContain('Bob');
        for (const grupo of await found(bob, q))
          for (const item of grupo.items) expect(item.titulo).not.toMatch(/injustificado|Demanda laboral|Estrategia|indirecto|^Audiencia de conciliación$/);
      }
    });

    it('pages one kind, and says when there are more', async () => {
      const { client } = await signUpConfirmed(ts);
      for (let i = 1; i <= 23; i += 1) await created(client, '/api/clientes', { nombre: `Cliente Ramírez ${String(i).padStart(2, '0')}` });
      const [first] = await found(client, 'ramirez');
      expect(first!.items).toHaveLength(5);
      expect(first!.hay_mas).toBe(true);
      const page1 = await client.call(searchApi.search, { query: { q: 'ramirez', tipo: 'clientes' } });
      const page2 = await client.call(searchApi.search, { query: { q: 'ramirez', tipo: 'clientes', pagina: '2' } });
      expect(page1.json.grupos[0].items).toHaveLength(20);
      expect(page1.json.grupos[0].hay_mas).toBe(true);
      expect(page2.json.grupos[0].items).toHaveLength(3);
      expect(page2.json.grupos[0].hay_mas).toBe(false);
      const ids = new Set([...page1.json.grupos[0].items, ...page2.json.grupos[0].items].map((item: { id: string }) => item.id));
      expect(ids.size).toBe(23);
    });

    it('forgives typos only when nothing matched as typed, on any page', async () => {
      const { client } = await signUpConfirmed(ts);
      for (let i = 1; i <= 23; i += 1) await created(client, '/api/clientes', { nombre: `Cliente Ramírez ${String(i).padStart(2, '0')}` });
      // Nothing is spelt 'ramirex': the 23 near names, over two pages of one kind.
      const [near] = await found(client, 'ramirex');
      expect(near!.items).toHaveLength(5);
      expect((await client.call(searchApi.search, { query: { q: 'ramirex', tipo: 'clientes', pagina: '2' } })).json.grupos[0].items).toHaveLength(3);
      // 'Ramires' is one client's name as typed: only that one, on page 1, and an empty page 2
      // (the 23 near names are not brought in because a later page has no exact match).
      await created(client, '/api/clientes', { nombre: 'Lucía Ramires' });
      expect(await titles(client, 'ramires')).toEqual(['clientes:Lucía Ramires']);
      const page2 = (await client.call(searchApi.search, { query: { q: 'ramires', tipo: 'clientes', pagina: '2' } })).json.grupos[0];
      expect(page2).toEqual({ tipo: 'clientes', items: [], hay_mas: false });
      // A typo across every kind still finds the name, with other words as typed around it.
      expect(await titles(alice, 'Hernandes')).toContain('clientes:José Hernández García');
      expect(await titles(alice, 'de Hernandes', 'clientes')).toEqual(['clientes:José Hernández García']);
      expect(await titles(alice, 'xq Hernandes', 'clientes')).toEqual([]);
    });

    it("places an appointment on the lawyer's clock: its day and time where they are", async () => {
      const { client } = await signUpConfirmed(ts);
      // 07:30 UTC: already 01:30 of the 1st in Mexico City (the default), still 23:30 of the 30th in Tijuana.
      await created(client, '/api/calendario/eventos', { titulo: 'Diligencia nocturna', inicio: '2026-12-01T07:30:00.000Z', fin: '2026-12-01T08:30:00.000Z' });
      const appointment = async () =>
        (await client.call(searchApi.search, { query: { q: 'diligencia' } })).json.grupos.find((grupo: { tipo: string }) => grupo.tipo === 'citas').items[0];
      expect(await appointment()).toMatchObject({ titulo: 'Diligencia nocturna', dia: '2026-12-01', contexto: '1 dic 2026, 01:30' });
      expect((await client.call(profileApi.update, { body: { zona_horaria: 'America/Tijuana' } })).status).toBe(200);
      expect(await appointment()).toMatchObject({ dia: '2026-11-30', contexto: '30 nov 2026, 23:30' });
    });

    it('plans its statement with the words on every run', async () => {
      const { database } = ts.server;
      if (backend === 'postgres') {
        // A plan PostgreSQL would keep for any words reads a whole trigram index for a two-letter word.
        const [row] = rowsOf<{ plan_cache_mode: string }>(await database.plannedPerRun.execute(sql`show plan_cache_mode`));
        expect(row!.plan_cache_mode).toBe('force_custom_plan');
        const [main] = rowsOf<{ plan_cache_mode: string }>(await database.db.execute(sql`show plan_cache_mode`));
        expect(main!.plan_cache_mode).toBe('auto');
      } else {
        // PGlite plans every statement: one connection, nothing to choose.
        expect(database.plannedPerRun).toBe(database.db);
      }
      expect(await titles(alice, 'ga')).toContain('clientes:José Hernández García');
    });

    it('answers bad searches in Spanish, and needs a session', async () => {
      expect((await alice.call(searchApi.search, { query: { q: '' } })).json.error.message).toBe(MSG.search.vacia);
      expect((await alice.call(searchApi.search, { query: { q: 'a'.repeat(201) } })).json.error.message).toBe(MSG.search.larga);
      expect((await alice.call(searchApi.search, { query: { q: 'x', tipo: 'expedientes' } })).json.error.message).toBe(MSG.search.tipoInvalido);
      expect((await alice.call(searchApi.search, { query: { q: 'x', tipo: 'casos', pagina: '999' } })).status).toBe(400);
      // Characters that mean something to LIKE, to full text or to the marks are only text.
      for (const q of ['%', '_', '\\', '"', '""', "'; drop table casos; --", '&|!():*', '\uE000']) expect((await alice.call(searchApi.search, { query: { q } })).status).toBe(200);
      expect((await ts.client().call(searchApi.search, { query: { q: 'despido' } })).status).toBe(401);
    });

    it('bounds how often one lawyer can search', async () => {
      const limited = await startTestServer({ backend, env: { SEARCH_RATE_LIMIT_PER_MINUTE: '3' } });
      try {
        const { client } = await signUpConfirmed(limited);
        for (let i = 0; i < 3; i += 1) expect((await client.get(`/api/search?q=caso${i}`)).status).toBe(200);
        const refused = await client.call(searchApi.search, { query: { q: 'caso4' } });
        expect(refused.status).toBe(429);
        expect(refused.json.error.message).toBe(MSG.search.demasiadas);
        // Per lawyer: another one still searches.
        expect((await (await signUpConfirmed(limited)).client.call(searchApi.search, { query: { q: 'caso' } })).status).toBe(200);
      } finally {
        await limited.stop();
      }
    });
  });
}
