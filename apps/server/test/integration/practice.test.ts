import { casosApi, clientesApi, dashboardApi, DEMO_IDS, documentosApi, MSG, todayIn } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { backendsToTest } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();

const MISSING_ID = '00000000-0000-4000-8000-000000000000';

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`casos, clientes y dashboard (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend }, { alice: { nombre: 'Alicia', apellido: 'Mora' }, bob: { nombre: 'Bruno', apellido: 'Sáez' } });

    async function createClient(client: HttpClient, body: Record<string, unknown>) {
      const res = await client.call(clientesApi.create, { body });
      expect(res.status, res.text).toBe(201);
      return res.json.cliente;
    }
    async function createCase(client: HttpClient, body: Record<string, unknown>) {
      const res = await client.call(casosApi.create, { body });
      expect(res.status, res.text).toBe(201);
      return res.json.caso;
    }

    it('requires a session for every practice endpoint', async () => {
      const anonymous = suite.ts.client();
      for (const path of ['/api/casos', '/api/clientes', '/api/clientes/options', '/api/dashboard', '/api/recordatorios']) {
        const res = await anonymous.get(path);
        expect(res.status, path).toBe(401);
        expect(res.json.error.message).toBe(MSG.http.unauthenticated);
      }
    });

    it('validates clients and stores empty optional fields as null', async () => {
      const blank = await suite.alice.call(clientesApi.create, { body: { nombre: '   ' } });
      expect(blank.status).toBe(400);
      expect(blank.json.error).toMatchObject({ field: 'nombre', message: MSG.practice.nombreObligatorio });
      const badEmail = await suite.alice.call(clientesApi.create, { body: { nombre: 'Ana', email: 'ana@' } });
      expect(badEmail.status).toBe(400);
      expect(badEmail.json.error.message).toBe(MSG.validation.emailInvalid);

      const cliente = await createClient(suite.alice, { nombre: '  Ana Torres ', email: 'ANA@Torres.mx', telefono: '', empresa: ' ', direccion: '' });
      expect(cliente).toMatchObject({ nombre: 'Ana Torres', email: 'ana@torres.mx', telefono: null, empresa: null, direccion: null });
    });

    it('validates cases with the spec defaults and stores empty optional fields as null', async () => {
      const untitled = await suite.alice.call(casosApi.create, { body: { titulo: '   ' } });
      expect(untitled.status).toBe(400);
      expect(untitled.json.error).toMatchObject({ field: 'titulo', message: MSG.practice.tituloObligatorio });
      const closedOnCreate = await suite.alice.call(casosApi.create, { body: { titulo: 'X', estado: 'Cerrado' } });
      expect(closedOnCreate.status).toBe(400);
      const badDate = await suite.alice.call(casosApi.create, { body: { titulo: 'X', fecha_vencimiento: '2026-13-45' } });
      expect(badDate.status).toBe(400);

      const caso = await createCase(suite.alice, { titulo: '  Demanda laboral ', descripcion: '', cliente_id: '', fecha_vencimiento: '' });
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
      const cliente = await createClient(suite.alice, { nombre: 'Constructora del Norte', email: 'legal@norte.mx' });
      const caso = await createCase(suite.alice, { titulo: 'Contrato de obra', estado: 'Activo', prioridad: 'Alta', cliente_id: cliente.id, fecha_vencimiento: '2027-03-15' });
      expect(caso.cliente).toEqual({ id: cliente.id, nombre: 'Constructora del Norte', email: 'legal@norte.mx' });
      for (const estado of ['Cerrado', 'En Revisión', 'Pendiente', 'Activo']) {
        const res = await suite.alice.call(casosApi.update, { params: { id: caso.id }, body: { estado } });
        expect(res.json.caso.estado).toBe(estado);
      }
      const cleared = await suite.alice.call(casosApi.update, { params: { id: caso.id }, body: { cliente_id: null, descripcion: 'Revisión de cláusulas' } });
      expect(cleared.json.caso).toMatchObject({ cliente: null, descripcion: 'Revisión de cláusulas', fecha_vencimiento: '2027-03-15' });
    });

    it("never shows, changes or links another user's case or client (404)", async () => {
      const cliente = await createClient(suite.alice, { nombre: 'Privado S.A.' });
      const caso = await createCase(suite.alice, { titulo: 'Asunto reservado', cliente_id: cliente.id });

      for (const res of [
        await suite.bob.call(casosApi.get, { params: { id: caso.id } }),
        await suite.bob.call(casosApi.update, { params: { id: caso.id }, body: { titulo: 'Robado' } }),
        await suite.bob.call(casosApi.remove, { params: { id: caso.id } }),
        await suite.bob.call(clientesApi.get, { params: { id: cliente.id } }),
        await suite.bob.call(clientesApi.update, { params: { id: cliente.id }, body: { nombre: 'Robado' } }),
        await suite.bob.call(clientesApi.remove, { params: { id: cliente.id } }),
        await suite.bob.call(casosApi.create, { body: { titulo: 'Con cliente ajeno', cliente_id: cliente.id } }),
        await suite.bob.call(casosApi.get, { params: { id: MISSING_ID } }),
        await suite.bob.call(casosApi.get, { params: { id: DEMO_IDS.caso } }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.json.error.code).toBe('NOT_FOUND');
      }
      const bobCase = await createCase(suite.bob, { titulo: 'Caso de Bruno' });
      expect((await suite.bob.call(casosApi.update, { params: { id: bobCase.id }, body: { cliente_id: cliente.id } })).status).toBe(404);

      expect((await suite.alice.call(casosApi.get, { params: { id: caso.id } })).json.caso.titulo).toBe('Asunto reservado');
      expect((await suite.bob.call(casosApi.list, { query: { q: 'reservado' } })).json.items).toEqual([]);
      expect((await suite.bob.call(clientesApi.list, { query: { q: 'privado' } })).json.items).toEqual([]);
    });

    it('lists cases newest first with search (title or client name), filters and paging', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const garcia = await createClient(client, { nombre: 'Familia García' });
      const titles = ['Divorcio García', 'Herencia López', 'Despido injustificado', 'Arrendamiento local', 'Amparo fiscal'];
      for (const [i, titulo] of titles.entries()) {
        await createCase(client, { titulo, cliente_id: i === 1 ? garcia.id : null, prioridad: i % 2 ? 'Alta' : 'Baja', estado: i === 4 ? 'Activo' : 'Pendiente' });
      }
      const all = (await client.call(casosApi.list)).json;
      expect(all.items.map((c: { titulo: string }) => c.titulo)).toEqual([...titles].reverse());
      expect(all.next_cursor).toBeNull();

      const byClient = (await client.get('/api/casos?q=garc%C3%ADa')).json.items.map((c: { titulo: string }) => c.titulo);
      expect(byClient.sort()).toEqual(['Divorcio García', 'Herencia López']);
      expect((await client.call(casosApi.list, { query: { q: 'DESPIDO' } })).json.items).toHaveLength(1);
      expect((await client.get('/api/casos?q=100%25')).json.items).toHaveLength(0);
      expect((await client.call(casosApi.list, { query: { prioridad: 'Alta' } })).json.items).toHaveLength(2);
      expect((await client.call(casosApi.list, { query: { estado: 'Activo' } })).json.items.map((c: { titulo: string }) => c.titulo)).toEqual(['Amparo fiscal']);
      expect((await client.call(casosApi.list, { query: { estado: 'Archivado' } })).status).toBe(400);

      const first = (await client.call(casosApi.list, { query: { limit: '2' } })).json;
      const second = (await client.call(casosApi.list, { query: { limit: '2', cursor: first.next_cursor } })).json;
      const third = (await client.call(casosApi.list, { query: { limit: '2', cursor: second.next_cursor } })).json;
      expect([...first.items, ...second.items, ...third.items].map((c: { titulo: string }) => c.titulo)).toEqual([...titles].reverse());
      expect(third.next_cursor).toBeNull();
      expect((await client.call(casosApi.list, { query: { cursor: 'basura' } })).status).toBe(400);
    });

    it('lists clients by name with case-insensitive search in nombre, email or empresa', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      await createClient(client, { nombre: 'Zoe Ramírez', email: 'zoe@correo.mx' });
      await createClient(client, { nombre: 'alberto Núñez', empresa: 'Grupo ACME' });
      await createClient(client, { nombre: 'Beatriz Luna', email: 'BEA@acme.com' });
      const names = (await client.call(clientesApi.list)).json.items.map((c: { nombre: string }) => c.nombre);
      expect(names).toEqual(['alberto Núñez', 'Beatriz Luna', 'Zoe Ramírez']);
      const acme = (await client.call(clientesApi.list, { query: { q: 'Acme' } })).json.items.map((c: { nombre: string }) => c.nombre);
      expect(acme.sort()).toEqual(['Beatriz Luna', 'alberto Núñez']);
      expect((await client.call(clientesApi.list, { query: { q: 'zoe@' } })).json.items).toHaveLength(1);
      const options = (await client.call(clientesApi.options)).json.items;
      expect(options[0]).toEqual({ id: expect.any(String), nombre: 'alberto Núñez', email: null });
      expect(options).toHaveLength(3);

      const first = (await client.call(clientesApi.list, { query: { limit: '2' } })).json;
      const rest = (await client.call(clientesApi.list, { query: { limit: '2', cursor: first.next_cursor } })).json;
      expect([...first.items, ...rest.items].map((c: { nombre: string }) => c.nombre)).toEqual(names);
    });

    it('counts the dashboard from real data and shows the 5 most recent cases', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const empty = (await client.call(dashboardApi.summary)).json;
      expect(empty).toEqual({ stats: { total_casos: 0, casos_activos: 0, clientes: 0, documentos: 0 }, recientes: [], vencimientos: [], hoy: todayIn('America/Mexico_City') });

      const cliente = await createClient(client, { nombre: 'Lucía Prado' });
      await createClient(client, { nombre: 'Mario Gil' });
      for (let i = 1; i <= 7; i += 1) {
        await createCase(client, { titulo: `Caso ${i}`, estado: i <= 3 ? 'Activo' : 'Pendiente', cliente_id: i === 7 ? cliente.id : null });
      }
      const summary = (await client.call(dashboardApi.summary)).json;
      expect(summary.stats).toEqual({ total_casos: 7, casos_activos: 3, clientes: 2, documentos: 0 });
      expect(summary.recientes.map((c: { titulo: string }) => c.titulo)).toEqual(['Caso 7', 'Caso 6', 'Caso 5', 'Caso 4', 'Caso 3']);
      expect(summary.recientes[0]).toMatchObject({ estado: 'Pendiente', cliente: { nombre: 'Lucía Prado' } });
      // Another user's numbers are their own.
      expect((await suite.bob.call(dashboardApi.summary)).json.stats.total_casos).toBe(1);
    });

    it('keeps the dashboard counts equal to the records through every change, at once and under concurrent writes', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { db } = suite.ts.server.database;
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
        expect((await client.call(dashboardApi.summary)).json.stats).toEqual(expected);
      }

      // Twelve cases and three clients created at the same moment: every one counted once.
      const clientes = await Promise.all(['Ana', 'Beto', 'Carla'].map((nombre) => createClient(client, { nombre })));
      const created = await Promise.all(
        Array.from({ length: 12 }, (_, i) => createCase(client, { titulo: `Caso ${i}`, estado: i < 5 ? 'Activo' : 'Pendiente', cliente_id: clientes[i % 3]!.id })),
      );
      await expectCounts({ total_casos: 12, casos_activos: 5, clientes: 3, documentos: 0 });

      // Changes of state move 'activos'; other changes move nothing.
      await Promise.all(created.slice(0, 3).map((caso) => client.call(casosApi.update, { params: { id: caso.id }, body: { estado: 'Cerrado' } })));
      await client.call(casosApi.update, { params: { id: created[6]!.id }, body: { estado: 'Activo', titulo: 'Caso reabierto' } });
      await client.call(casosApi.update, { params: { id: created[7]!.id }, body: { titulo: 'Solo otro título' } });
      await expectCounts({ total_casos: 12, casos_activos: 3, clientes: 3, documentos: 0 });

      // Documents, a case deleted with its documents, a client deleted (its cases stay, without client).
      const doc = await client.upload(documentosApi.upload, { name: 'acta.txt', bytes: Buffer.from('Acta de la audiencia') }, { caso_id: created[6]!.id });
      expect(doc.status, doc.text).toBe(201);
      await client.upload(documentosApi.upload, { name: 'suelto.txt', bytes: Buffer.from('Sin caso') });
      await expectCounts({ total_casos: 12, casos_activos: 3, clientes: 3, documentos: 2 });
      expect((await client.call(casosApi.remove, { params: { id: created[6]!.id } })).status).toBe(200);
      expect((await client.call(clientesApi.remove, { params: { id: clientes[0]!.id } })).status).toBe(200);
      await expectCounts({ total_casos: 11, casos_activos: 2, clientes: 2, documentos: 1 });

      // Deleting the whole account takes its counts with it, and leaves nobody else's.
      const before = (await suite.bob.call(dashboardApi.summary)).json.stats;
      // (The history refuses deletions except a closed account's purge, which says so first.)
      await db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('bufete.purge', 'on', true)`);
        await tx.execute(sql`delete from users where id = ${userId}`);
      });
      expect(rowsOf(await db.execute(sql`select 1 from conteos_practica where user_id = ${userId}`))).toEqual([]);
      expect((await suite.bob.call(dashboardApi.summary)).json.stats).toEqual(before);
    });

    it('deletes a client, leaving its cases without client', async () => {
      const cliente = await createClient(suite.alice, { nombre: 'Cliente a borrar' });
      const caso = await createCase(suite.alice, { titulo: 'Caso que se queda', cliente_id: cliente.id });
      expect((await suite.alice.call(clientesApi.remove, { params: { id: cliente.id } })).status).toBe(200);
      expect((await suite.alice.call(clientesApi.get, { params: { id: cliente.id } })).status).toBe(404);
      expect((await suite.alice.call(casosApi.get, { params: { id: caso.id } })).json.caso.cliente).toBeNull();
      expect((await suite.alice.call(casosApi.remove, { params: { id: caso.id } })).status).toBe(200);
      expect((await suite.alice.call(casosApi.get, { params: { id: caso.id } })).status).toBe(404);
    });
  });
}
