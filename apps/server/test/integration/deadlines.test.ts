import {
  accountApi,
  addDays,
  calendarioApi,
  casosApi,
  clientesApi,
  dashboardApi,
  documentosApi,
  instantIn,
  MSG,
  notasApi,
  notificacionesApi,
  plazosApi,
  profileApi,
  todayIn,
} from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { backendsToTest } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();

// Kiritimati (UTC+14) and Pago Pago (UTC-11) are 25 hours apart: at any moment
// their calendars show different days, so which day is "today" for a lawyer is
// decided by their time zone, never by the server's clock.
const AHEAD = 'Pacific/Kiritimati';
const BEHIND = 'Pacific/Pago_Pago';

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`vencimientos, expediente y el cliente como eje (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    async function create(client: HttpClient, path: string, body: Record<string, unknown>) {
      const res = await client.post(path, body);
      expect(res.status, res.text).toBe(201);
      return Object.values(res.json)[0] as Record<string, any>;
    }
    const titles = (res: { json: { items: { titulo: string }[] } }) => res.json.items.map((item) => item.titulo);

    it('saves a case identity in court, validates it in Spanish and clears it with blanks', async () => {
      const caso = await create(suite.alice, '/api/casos', {
        titulo: 'Divorcio incausado',
        expediente: ' 1452/2026 ',
        juzgado: 'Juzgado Quinto Familiar de la CDMX',
        materia: 'familiar',
      });
      expect(caso).toMatchObject({ expediente: '1452/2026', juzgado: 'Juzgado Quinto Familiar de la CDMX', materia: 'familiar' });

      const blank = await create(suite.alice, '/api/casos', { titulo: 'Sin datos de expediente', expediente: '', juzgado: '', materia: '' });
      expect(blank).toMatchObject({ expediente: null, juzgado: null, materia: null });

      const badMateria = await suite.alice.call(casosApi.create, { body: { titulo: 'X', materia: 'espacial' } });
      expect(badMateria.status).toBe(400);
      expect(badMateria.json.error).toMatchObject({ field: 'materia', message: MSG.practice.materiaInvalida });
      const longExpediente = await suite.alice.call(casosApi.create, { body: { titulo: 'X', expediente: '9'.repeat(61) } });
      expect(longExpediente.status).toBe(400);
      expect(longExpediente.json.error).toMatchObject({ field: 'expediente', message: MSG.validation.tooLong });

      const cleared = await suite.alice.call(casosApi.update, { params: { id: caso.id }, body: { juzgado: '', materia: '' } });
      expect(cleared.status, cleared.text).toBe(200);
      expect(cleared.json.caso).toMatchObject({ expediente: '1452/2026', juzgado: null, materia: null });
    });

    it('finds a case by its expediente, court or a party, never another lawyer’s', async () => {
      const amparo = await create(suite.alice, '/api/casos', {
        titulo: 'Amparo indirecto',
        expediente: '733/2026-III',
        juzgado: 'Juzgado Segundo de Distrito en Materia Administrativa',
      });
      await create(suite.alice, `/api/casos/${amparo.id}/partes`, { rol: 'tercero', nombre: 'SAT' });
      await create(suite.bob, '/api/casos', { titulo: 'Amparo de Bruno', expediente: '733/2026-III' });
      for (const term of ['733/2026', 'segundo de distrito', 'sat']) {
        const res = await suite.alice.call(casosApi.list, { query: { q: term } });
        expect(res.status).toBe(200);
        expect(titles(res), term).toEqual(['Amparo indirecto']);
      }
    });

    it('orders by the nearest due date (no date last) and pages through it', async () => {
      const today = todayIn('America/Mexico_City');
      const fresh = (await signUpConfirmed(suite.ts)).client;
      await create(fresh, '/api/casos', { titulo: 'Sin fecha' });
      await create(fresh, '/api/casos', { titulo: 'En un mes', fecha_vencimiento: addDays(today, 30) });
      await create(fresh, '/api/casos', { titulo: 'Vencido', fecha_vencimiento: addDays(today, -11) });
      await create(fresh, '/api/casos', { titulo: 'En cuatro días', fecha_vencimiento: addDays(today, 4) });
      await create(fresh, '/api/casos', { titulo: 'También en cuatro días', fecha_vencimiento: addDays(today, 4) });

      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query: string = `/api/casos?orden=vencimiento&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
        const res = await fresh.get(query);
        expect(res.status, res.text).toBe(200);
        seen.push(...titles(res));
        cursor = res.json.next_cursor;
      } while (cursor);
      expect(seen).toHaveLength(5);
      expect(seen[0]).toBe('Vencido');
      expect(seen.slice(1, 3).sort()).toEqual(['En cuatro días', 'También en cuatro días']);
      expect(seen.slice(3)).toEqual(['En un mes', 'Sin fecha']);

      const recientes = await fresh.call(casosApi.list);
      expect(titles(recientes)[0]).toBe('También en cuatro días');
      const badOrder = await fresh.call(casosApi.list, { query: { orden: 'alfabetico' } });
      expect(badOrder.status).toBe(400);
    });

    it('counts overdue and due-soon days in the lawyer’s own time zone, and never alarms for closed cases', async () => {
      const lawyer = (await signUpConfirmed(suite.ts)).client;
      const dayBehind = todayIn(BEHIND);
      // Due "today" where Pago Pago is; already yesterday or earlier in Kiritimati.
      await create(lawyer, '/api/casos', { titulo: 'Audiencia', fecha_vencimiento: dayBehind });
      await create(lawyer, '/api/casos', { titulo: 'Cerrado y vencido', estado: 'Activo', fecha_vencimiento: addDays(dayBehind, -20) }).then((caso) =>
        lawyer.call(casosApi.update, { params: { id: caso.id }, body: { estado: 'Cerrado' } }),
      );
      await create(lawyer, '/api/casos', { titulo: 'Lejano', fecha_vencimiento: addDays(dayBehind, 60) });

      const setZone = async (zona_horaria: string) => {
        const res = await lawyer.call(profileApi.update, { body: { zona_horaria } });
        expect(res.status, res.text).toBe(200);
        expect(res.json.profile.zona_horaria).toBe(zona_horaria);
      };

      await setZone(BEHIND);
      expect(titles(await lawyer.call(casosApi.list, { query: { vencimiento: 'vencidos' } }))).toEqual([]);
      expect(titles(await lawyer.call(casosApi.list, { query: { vencimiento: 'proximos' } }))).toEqual(['Audiencia']);
      let dashboard = await lawyer.call(dashboardApi.summary);
      expect(dashboard.json.hoy).toBe(dayBehind);
      expect(dashboard.json.vencimientos.map((item: { titulo: string }) => item.titulo)).toEqual(['Audiencia', 'Lejano']);

      await setZone(AHEAD);
      expect(titles(await lawyer.call(casosApi.list, { query: { vencimiento: 'vencidos' } }))).toEqual(['Audiencia']);
      expect(titles(await lawyer.call(casosApi.list, { query: { vencimiento: 'proximos' } }))).toEqual([]);
      dashboard = await lawyer.call(dashboardApi.summary);
      expect(dashboard.json.hoy).toBe(todayIn(AHEAD));
      expect(dashboard.json.hoy > dayBehind).toBe(true);
    });

    it('gathers case due dates, scheduled plazos and hearings in “Próximos vencimientos”, and warns of tomorrow’s in the bell once', async () => {
      const lawyer = (await signUpConfirmed(suite.ts)).client;
      const hoy = todayIn('America/Mexico_City');
      const caso = await create(lawyer, '/api/casos', { titulo: 'Juicio ordinario civil', fecha_vencimiento: addDays(hoy, 1), materia: 'civil' });
      // A plazo scheduled on the Mexico City courts' calendar, from a notification effective today.
      const calendarios = (await lawyer.call(plazosApi.calendarios)).json.items as { id: string; base: string; propio: boolean; nombre: string }[];
      expect(calendarios.filter((calendario) => !calendario.propio).map((calendario) => calendario.base)).toEqual([
        'amparo',
        'laboral',
        'cdmx',
        'jalisco',
        'nuevo_leon',
        'edomex',
        'baja_california',
      ]);
      const cdmx = calendarios.find((calendario) => calendario.base === 'cdmx')!;
      const plazo = await lawyer.call(plazosApi.agendar, {
        body: { calendario_id: cdmx.id, notificacion: hoy, dias: 9, tipo: 'habiles', descripcion: 'Contestar la demanda', caso_id: caso.id },
      });
      expect(plazo.status, plazo.text).toBe(201);
      expect(plazo.json.plazo.reglas[0]).toContain('Código de Procedimientos Civiles para el Distrito Federal, art. 129');
      // A hearing tomorrow at 10:30, and an ordinary meeting that is not one.
      const at = (day: string, time: string) => instantIn(day, time, 'America/Mexico_City').toISOString();
      const hearing = await lawyer.call(calendarioApi.create, {
        body: { titulo: 'Audiencia de pruebas', inicio: at(addDays(hoy, 1), '10:30'), fin: at(addDays(hoy, 1), '12:00'), audiencia: true, caso_id: caso.id },
      });
      expect(hearing.status, hearing.text).toBe(201);
      expect(hearing.json.evento.audiencia).toBe(true);
      await lawyer.call(calendarioApi.create, { body: { titulo: 'Reunión con el cliente', inicio: at(addDays(hoy, 1), '17:00'), fin: at(addDays(hoy, 1), '18:00') } });

      const { vencimientos } = (await lawyer.call(dashboardApi.summary)).json;
      expect(vencimientos.map((item: { tipo: string; titulo: string }) => `${item.tipo}:${item.titulo}`)).toEqual([
        'caso:Juicio ordinario civil',
        'audiencia:Audiencia de pruebas',
        'plazo:Contestar la demanda',
      ]);
      expect(vencimientos[1]).toMatchObject({ fecha: addDays(hoy, 1), hora: '10:30', caso: { id: caso.id, titulo: 'Juicio ordinario civil' } });
      expect(vencimientos[2]).toMatchObject({ fecha: plazo.json.plazo.vence, caso: { id: caso.id } });

      // The bell: what falls due tomorrow, once however often the job runs.
      for (let pass = 0; pass < 2; pass += 1) {
        await suite.ts.server.database.db.execute(sql`update jobs set run_at = now() where kind = 'dashboard.vencimientos'`);
        await suite.ts.server.jobs.tick();
      }
      const titulos = (await lawyer.call(notificacionesApi.list)).json.items
        .filter((item: { tipo: string }) => item.tipo === 'vencimiento')
        .map((item: { titulo: string }) => item.titulo);
      expect(titulos.sort()).toEqual(['Audiencia mañana a las 10:30: Audiencia de pruebas', 'Vence mañana: Juicio ordinario civil']);
    });

    it('refuses a time zone that does not exist, in Spanish', async () => {
      for (const zona_horaria of ['Mars/Olympus_Mons', '', 'x'.repeat(500)]) {
        const res = await suite.alice.call(profileApi.update, { body: { zona_horaria } });
        expect(res.status).toBe(400);
        expect(res.json.error).toMatchObject({ field: 'zona_horaria', message: MSG.settings.zonaHorariaInvalida });
      }
      const session = await suite.alice.call(accountApi.session);
      expect(session.json.session.profile.zona_horaria).toBe('America/Mexico_City');
    });

    it('gathers a client’s cases, notes and documents, directly or through their cases', async () => {
      const cliente = await create(suite.alice, '/api/clientes', { nombre: 'Lucía Hernández' });
      const otro = await create(suite.alice, '/api/clientes', { nombre: 'Otro Cliente' });
      const caso = await create(suite.alice, '/api/casos', { titulo: 'Pensión alimenticia', cliente_id: cliente.id });
      await create(suite.alice, '/api/casos', { titulo: 'Caso de otro', cliente_id: otro.id });
      await create(suite.alice, '/api/notas', { titulo: 'Nota del caso', caso_id: caso.id });
      await create(suite.alice, '/api/notas', { titulo: 'Nota directa', cliente_id: cliente.id });
      await create(suite.alice, '/api/notas', { titulo: 'Nota ajena', cliente_id: otro.id });

      expect(titles(await suite.alice.call(casosApi.list, { query: { cliente_id: cliente.id } }))).toEqual(['Pensión alimenticia']);
      expect(titles(await suite.alice.call(notasApi.list, { query: { cliente_id: cliente.id } })).sort()).toEqual(['Nota del caso', 'Nota directa']);

      const uploaded = await suite.alice.upload(
        documentosApi.upload,
        { name: 'convenio.txt', bytes: new TextEncoder().encode('Convenio de pensión'), type: 'text/plain' },
        { caso_id: caso.id },
      );
      expect(uploaded.status, uploaded.text).toBe(201);
      const docs = await suite.alice.call(documentosApi.list, { query: { cliente_id: cliente.id } });
      expect(docs.json.items.map((doc: { nombre: string }) => doc.nombre)).toEqual(['convenio.txt']);
      expect((await suite.alice.call(documentosApi.list, { query: { cliente_id: otro.id } })).json.items).toEqual([]);

      // Another lawyer asking for this client's records sees none.
      expect((await suite.bob.call(casosApi.list, { query: { cliente_id: cliente.id } })).json.items).toEqual([]);
      expect((await suite.bob.call(notasApi.list, { query: { cliente_id: cliente.id } })).json.items).toEqual([]);
      expect((await suite.bob.call(clientesApi.get, { params: { id: cliente.id } })).status).toBe(404);
    });
  });
}
