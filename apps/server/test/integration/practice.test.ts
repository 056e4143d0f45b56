import { DEMO_IDS, MSG, todayIn } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';

const backends = await backendsToTest();

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`casos, clientes y dashboard (${label})`, () => {
    let ts: TestServer;
    let alice: HttpClient;
    let bob: HttpClient;

    beforeAll(async () => {
      ts = await startTestServer({ backend });
      alice = (await signUpConfirmed(ts, { nombre: 'Alicia', apellido: 'Mora' })).client;
      bob = (await signUpConfirmed(ts, { nombre: 'Bruno', apellido: 'Sáez' })).client;
    });
    afterAll(async () => {
      await ts?.stop();
    });

    async function createClient(client: HttpClient, body: Record<string, unknown>) {
      const res = await client.post('/api/clientes', body);
      expect(res.status, res.text).toBe(201);
      return res.json.cliente;
    }
    async function createCase(client: HttpClient, body: Record<string, unknown>) {
      const res = await client.post('/api/casos', body);
      expect(res.status, res.text).toBe(201);
      return res.json.caso;
    }

    it('requires a session for every practice endpoint', async () => {
      const anonymous = ts.client();
      for (const path of ['/api/casos', '/api/clientes', '/api/clientes/options', '/api/dashboard', '/api/recordatorios']) {
        const res = await anonymous.get(path);
        expect(res.status, path).toBe(401);
        expect(res.json.error.message).toBe(MSG.http.unauthenticated);
      }
    });

    it('validates clients and stores empty optional fields as null', async () => {
      const blank = await alice.post('/api/clientes', { nombre: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.json.error).toMatchObject({ field: 'nombre', message: MSG.practice.nombreObligatorio });
      const badEmail = await alice.post('/api/clientes', { nombre: 'Ana', email: 'ana@' });
      expect(badEmail.status).toBe(400);
      expect(badEmail.json.error.message).toBe(MSG.validation.emailInvalid);

      const cliente = await createClient(alice, { nombre: '  Ana Torres ', email: 'ANA@Torres.mx', telefono: '', empresa: ' ', direccion: '' });
      expect(cliente).toMatchObject({ nombre: 'Ana Torres', email: 'ana@torres.mx', telefono: null, empresa: null, direccion: null });
    });

    it('validates cases with the spec defaults and stores empty optional fields as null', async () => {
      const untitled = await alice.post('/api/casos', { titulo: '   ' });
      expect(untitled.status).toBe(400);
      expect(untitled.json.error).toMatchObject({ field: 'titulo', message: MSG.practice.tituloObligatorio });
      const closedOnCreate = await alice.post('/api/casos', { titulo: 'X', estado: 'Cerrado' });
      expect(closedOnCreate.status).toBe(400);
      const badDate = await alice.post('/api/casos', { titulo: 'X', fecha_vencimiento: '2026-13-45' });
      expect(badDate.status).toBe(400);

      const caso = await createCase(alice, { titulo: '  Demanda laboral ', descripcion: '', cliente_id: '', fecha_vencimiento: '' });
      expect(caso).toMatchObject({
        titulo: 'Demanda laboral',
        descripcion: null,
        estado: 'Pendiente',
        prioridad: 'Media',
        cliente_id: null,
        fecha_vencimiento: null,
        cliente: null,
      });
    });

    it('edits a case to any of the four states and joins its client', async () => {
      const cliente = await createClient(alice, { nombre: 'Constructora del Norte', email: 'legal@norte.mx' });
      const caso = await createCase(alice, { titulo: 'Contrato de obra', estado: 'Activo', prioridad: 'Alta', cliente_id: cliente.id, fecha_vencimiento: '2027-03-15' });
      expect(caso.cliente).toEqual({ id: cliente.id, nombre: 'Constructora del Norte', email: 'legal@norte.mx' });
      for (const estado of ['Cerrado', 'En Revisión', 'Pendiente', 'Activo']) {
        const res = await alice.patch(`/api/casos/${caso.id}`, { estado });
        expect(res.json.caso.estado).toBe(estado);
      }
      const cleared = await alice.patch(`/api/casos/${caso.id}`, { cliente_id: null, descripcion: 'Revisión de cláusulas' });
      expect(cleared.json.caso).toMatchObject({ cliente: null, descripcion: 'Revisión de cláusulas', fecha_vencimiento: '2027-03-15' });
    });

    it("never shows, changes or links another user's case or client (404)", async () => {
      const cliente = await createClient(alice, { nombre: 'Privado S.A.' });
      const caso = await createCase(alice, { titulo: 'Asunto reservado', cliente_id: cliente.id });

      for (const res of [
        await bob.get(`/api/casos/${caso.id}`),
        await bob.patch(`/api/casos/${caso.id}`, { titulo: 'Robado' }),
        await bob.request(`/api/casos/${caso.id}`, { method: 'DELETE' }),
        await bob.get(`/api/clientes/${cliente.id}`),
        await bob.request(`/api/clientes/${cliente.id}`, { method: 'PUT', body: { nombre: 'Robado' } }),
        await bob.request(`/api/clientes/${cliente.id}`, { method: 'DELETE' }),
        await bob.post('/api/casos', { titulo: 'Con cliente ajeno', cliente_id: cliente.id }),
        await bob.get(`/api/casos/${MISSING_ID}`),
        await bob.get(`/api/casos/${DEMO_IDS.caso}`),
      ]) {
        expect(res.status).toBe(404);
        expect(res.json.error.code).toBe('NOT_FOUND');
      }
      const bobCase = await createCase(bob, { titulo: 'Caso de Bruno' });
      expect((await bob.patch(`/api/casos/${bobCase.id}`, { cliente_id: cliente.id })).status).toBe(404);

      expect((await alice.get(`/api/casos/${caso.id}`)).json.caso.titulo).toBe('Asunto reservado');
      expect((await bob.get('/api/casos?q=reservado')).json.items).toEqual([]);
      expect((await bob.get('/api/clientes?q=privado')).json.items).toEqual([]);
    });

    it('lists cases newest first with search (title or client name), filters and paging', async () => {
      const { client } = await signUpConfirmed(ts);
      const garcia = await createClient(client, { nombre: 'Familia García' });
      const titles = ['Divorcio García', 'Herencia López', 'Despido injustificado', 'Arrendamiento local', 'Amparo fiscal'];
      for (const [i, titulo] of titles.entries()) {
        await createCase(client, { titulo, cliente_id: i === 1 ? garcia.id : null, prioridad: i % 2 ? 'Alta' : 'Baja', estado: i === 4 ? 'Activo' : 'Pendiente' });
      }
      const all = (await client.get('/api/casos')).json;
      expect(all.items.map((c: { titulo: string }) => c.titulo)).toEqual([...titles].reverse());
      expect(all.next_cursor).toBeNull();

      const byClient = (await client.get('/api/casos?q=garc%C3%ADa')).json.items.map((c: { titulo: string }) => c.titulo);
      expect(byClient.sort()).toEqual(['Divorcio García', 'Herencia López']);
      expect((await client.get('/api/casos?q=DESPIDO')).json.items).toHaveLength(1);
      expect((await client.get('/api/casos?q=100%25')).json.items).toHaveLength(0);
      expect((await client.get('/api/casos?prioridad=Alta')).json.items).toHaveLength(2);
      expect((await client.get('/api/casos?estado=Activo')).json.items.map((c: { titulo: string }) => c.titulo)).toEqual(['Amparo fiscal']);
      expect((await client.get('/api/casos?estado=Archivado')).status).toBe(400);

      const first = (await client.get('/api/casos?limit=2')).json;
      const second = (await client.get(`/api/casos?limit=2&cursor=${first.next_cursor}`)).json;
      const third = (await client.get(`/api/casos?limit=2&cursor=${second.next_cursor}`)).json;
      expect([...first.items, ...second.items, ...third.items].map((c: { titulo: string }) => c.titulo)).toEqual([...titles].reverse());
      expect(third.next_cursor).toBeNull();
      expect((await client.get('/api/casos?cursor=basura')).status).toBe(400);
    });

    it('lists clients by name with case-insensitive search in nombre, email or empresa', async () => {
      const { client } = await signUpConfirmed(ts);
      await createClient(client, { nombre: 'Zoe Ramírez', email: 'zoe@correo.mx' });
      await createClient(client, { nombre: 'alberto Núñez', empresa: 'Grupo ACME' });
      await createClient(client, { nombre: 'Beatriz Luna', email: 'BEA@acme.com' });
      const names = (await client.get('/api/clientes')).json.items.map((c: { nombre: string }) => c.nombre);
      expect(names).toEqual(['alberto Núñez', 'Beatriz Luna', 'Zoe Ramírez']);
      const acme = (await client.get('/api/clientes?q=Acme')).json.items.map((c: { nombre: string }) => c.nombre);
      expect(acme.sort()).toEqual(['Beatriz Luna', 'alberto Núñez']);
      expect((await client.get('/api/clientes?q=zoe@')).json.items).toHaveLength(1);
      const options = (await client.get('/api/clientes/options')).json.items;
      expect(options[0]).toEqual({ id: expect.any(String), nombre: 'alberto Núñez', email: null });
      expect(options).toHaveLength(3);

      const first = (await client.get('/api/clientes?limit=2')).json;
      const rest = (await client.get(`/api/clientes?limit=2&cursor=${first.next_cursor}`)).json;
      expect([...first.items, ...rest.items].map((c: { nombre: string }) => c.nombre)).toEqual(names);
    });

    it('counts the dashboard from real data and shows the 5 most recent cases', async () => {
      const { client } = await signUpConfirmed(ts);
      const empty = (await client.get('/api/dashboard')).json;
      expect(empty).toEqual({ stats: { total_casos: 0, casos_activos: 0, clientes: 0, documentos: 0 }, recientes: [], vencimientos: [], hoy: todayIn('America/Mexico_City') });

      const cliente = await createClient(client, { nombre: 'Lucía Prado' });
      await createClient(client, { nombre: 'Mario Gil' });
      for (let i = 1; i <= 7; i += 1) {
        await createCase(client, { titulo: `Caso ${i}`, estado: i <= 3 ? 'Activo' : 'Pendiente', cliente_id: i === 7 ? cliente.id : null });
      }
      const summary = (await client.get('/api/dashboard')).json;
      expect(summary.stats).toEqual({ total_casos: 7, casos_activos: 3, clientes: 2, documentos: 0 });
      expect(summary.recientes.map((c: { titulo: string }) => c.titulo)).toEqual(['Caso 7', 'Caso 6', 'Caso 5', 'Caso 4', 'Caso 3']);
      expect(summary.recientes[0]).toMatchObject({ estado: 'Pendiente', cliente: { nombre: 'Lucía Prado' } });
      // Another user's numbers are their own.
      expect((await bob.get('/api/dashboard')).json.stats.total_casos).toBe(1);
    });

    it('keeps the dashboard counts equal to the records through every change, at once and under concurrent writes', async () => {
      const { client } = await signUpConfirmed(ts);
      const { db } = ts.server.database;
      const userId = rowsOf<{ id: string }>(await db.execute(sql`select id from users order by created_at desc limit 1`))[0]!.id;
      /** What the dashboard shows must be what counting the rows gives. */
      async function expectCounts(expected: Record<string, number>) {
        const [counted] = rowsOf<Record<string, number>>(
          await db.execute(sql`select
            (select count(*) from casos where user_id = ${userId})::int as total_casos,
            (select count(*) from casos where user_id = ${userId} and estado = 'Activo')::int as casos_activos,
            (select count(*) from clientes where user_id = ${userId})::int as clientes,
            (select count(*) from documentos where user_id = ${userId})::int as documentos`),
        );
        expect(counted).toEqual(expected);
        expect((await client.get('/api/dashboard')).json.stats).toEqual(expected);
      }

      // Twelve cases and three clients created at the same moment: every one counted once.
      const clientes = await Promise.all(['Ana', 'Beto', 'Carla'].map((nombre) => createClient(client, { nombre })));
      const created = await Promise.all(Array.from({ length: 12 }, (_, i) => createCase(client, { titulo: `Caso ${i}`, estado: i < 5 ? 'Activo' : 'Pendiente', cliente_id: clientes[i % 3]!.id })));
      await expectCounts({ total_casos: 12, casos_activos: 5, clientes: 3, documentos: 0 });

      // Changes of state move 'activos'; other changes move nothing.
      await Promise.all(created.slice(0, 3).map((caso) => client.patch(`/api/casos/${caso.id}`, { estado: 'Cerrado' })));
      await client.patch(`/api/casos/${created[6]!.id}`, { estado: 'Activo', titulo: 'Caso reabierto' });
      await client.patch(`/api/casos/${created[7]!.id}`, { titulo: 'Solo otro título' });
      await expectCounts({ total_casos: 12, casos_activos: 3, clientes: 3, documentos: 0 });

      // Documents, a case deleted with its documents, a client deleted (its cases stay, without client).
      const doc = await client.upload('/api/documentos', { name: 'acta.txt', bytes: Buffer.from('Acta de la audiencia') }, { caso_id: created[6]!.id });
      expect(doc.status, doc.text).toBe(201);
      await client.upload('/api/documentos', { name: 'suelto.txt', bytes: Buffer.from('Sin caso') });
      await expectCounts({ total_casos: 12, casos_activos: 3, clientes: 3, documentos: 2 });
      expect((await client.request(`/api/casos/${created[6]!.id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await client.request(`/api/clientes/${clientes[0]!.id}`, { method: 'DELETE' })).status).toBe(200);
      await expectCounts({ total_casos: 11, casos_activos: 2, clientes: 2, documentos: 1 });

      // Deleting the whole account takes its counts with it, and leaves nobody else's.
      const before = (await bob.get('/api/dashboard')).json.stats;
      await db.execute(sql`delete from users where id = ${userId}`);
      expect(rowsOf(await db.execute(sql`select 1 from conteos_practica where user_id = ${userId}`))).toEqual([]);
      expect((await bob.get('/api/dashboard')).json.stats).toEqual(before);
    });

    it('deletes a client, leaving its cases without client', async () => {
      const cliente = await createClient(alice, { nombre: 'Cliente a borrar' });
      const caso = await createCase(alice, { titulo: 'Caso que se queda', cliente_id: cliente.id });
      expect((await alice.request(`/api/clientes/${cliente.id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await alice.get(`/api/clientes/${cliente.id}`)).status).toBe(404);
      expect((await alice.get(`/api/casos/${caso.id}`)).json.caso.cliente).toBeNull();
      expect((await alice.request(`/api/casos/${caso.id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await alice.get(`/api/casos/${caso.id}`)).status).toBe(404);
    });
  });
}
