import { actuacionesApi, boletinesApi, calendarioApi, casosApi, MSG, plazosApi } from '@bufete/shared';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client';
import { type Backend, postgresAvailable } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`el término que inicia una actuación (${backend})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    const newCase = async (client: HttpClient, materia: string) =>
      (await client.call(casosApi.create, { body: { titulo: `Caso ${materia}`, expediente: '321/2026', juzgado: 'Juzgado Tercero de Distrito', materia } })).json.caso.id as string;
    const presetId = async (client: HttpClient, base: string) =>
      ((await client.call(plazosApi.calendarios)).json.items as { id: string; base: string; propio: boolean }[]).find((item) => item.base === base && !item.propio)!.id;

    it('proposes when a publication takes effect by the case’s court and law, and never for another lawyer’s case', async () => {
      const amparo = await newCase(suite.alice, 'amparo');
      const civil = await newCase(suite.alice, 'civil');
      // The day before 20 November, a federal holiday: the Monday after.
      const federal = await suite.alice.call(plazosApi.efectos, { query: { publicacion: '2026-11-19', caso_id: amparo } });
      expect(federal.status, federal.text).toBe(200);
      expect(federal.json).toMatchObject({ fecha: '2026-11-23', verificada: true, calendario: { nombre: 'Amparo y tribunales federales' } });
      expect(federal.json.fundamento).toContain('Ley de Amparo, art. 31');
      // Holy Thursday and Friday close Mexico City's courts; its rule is still to confirm, and says so.
      const local = await suite.alice.call(plazosApi.efectos, { query: { publicacion: '2026-04-01', caso_id: civil } });
      expect(local.json).toMatchObject({ fecha: '2026-04-06', verificada: false });
      expect(local.json.fundamento).toContain('por confirmar');
      expect((await suite.bob.call(plazosApi.efectos, { query: { publicacion: '2026-04-01', caso_id: civil } })).status).toBe(404);
      const bad = await suite.alice.get(`/api/plazos/efectos?publicacion=ayer&caso_id=${civil}`);
      expect(bad.status).toBe(400);
    });

    it('a bulletin’s confirmed entry takes effect on the day its case’s court and law give', async () => {
      const amparo = await newCase(suite.alice, 'amparo');
      const confirmed = await suite.alice.call(boletinesApi.confirm, {
        body: { fecha_publicacion: '2026-11-19', fuente: '', actuaciones: [{ caso_id: amparo, texto: 'Se admite la demanda de amparo.', tipo: 'auto_admisorio' }] },
      });
      expect(confirmed.status, confirmed.text).toBe(201);
      const [actuacion] = (await suite.alice.call(actuacionesApi.list, { query: { caso_id: amparo } })).json.items;
      expect(actuacion).toMatchObject({ fecha_publicacion: '2026-11-19', fecha_efectos: '2026-11-23', origen: 'boletin' });
    });

    it('schedules a term by a catalogue rule: its days and article are the rule’s, whatever the browser sent, and it is linked to its actuación', async () => {
      const amparo = await newCase(suite.alice, 'amparo');
      const otro = await newCase(suite.alice, 'civil');
      const actuacion = (
        await suite.alice.call(actuacionesApi.create, {
          body: { caso_id: amparo, fecha_publicacion: '2026-11-17', fecha_efectos: '2026-11-18', tipo: 'sentencia', texto: 'Se niega el amparo.' },
        })
      ).json.actuacion;
      const calendario_id = await presetId(suite.alice, 'amparo');
      const scheduled = await suite.alice.call(plazosApi.agendar, {
        body: { calendario_id, notificacion: '2026-11-18', dias: 3, tipo: 'naturales', regla: 'amparo-revision', caso_id: amparo, actuacion_id: actuacion.id, descripcion: '' },
      });
      expect(scheduled.status, scheduled.text).toBe(201);
      // Ten working days (Ley de Amparo, art. 86), 20 November skipped.
      expect(scheduled.json.plazo.vence).toBe('2026-12-03');
      const events = (await suite.alice.call(calendarioApi.list, { query: { desde: '2026-12-01T00:00:00.000Z', hasta: '2026-12-05T00:00:00.000Z' } })).json.items as {
        id: string;
        titulo: string;
        descripcion: string | null;
      }[];
      const event = events.find((item) => item.id === scheduled.json.evento_id)!;
      expect(event).toMatchObject({ titulo: 'Vence plazo: Recurso de revisión en amparo' });
      expect(event.descripcion).toContain('Fundamento: Ley de Amparo, art. 86.');
      const [withTerm] = (await suite.alice.call(actuacionesApi.list, { query: { caso_id: amparo } })).json.items;
      expect(withTerm.plazos).toEqual([{ id: expect.any(String), descripcion: 'Recurso de revisión en amparo', vence: '2026-12-03', fundamento: 'Ley de Amparo, art. 86' }]);

      // A rule whose text is still to confirm (Mexico City's code: its official text not read) is cited so.
      const pending = await suite.alice.call(plazosApi.agendar, {
        body: { calendario_id, notificacion: '2026-11-18', dias: 3, tipo: 'habiles', regla: 'civil-cdmx-generico', caso_id: amparo, actuacion_id: actuacion.id },
      });
      expect(pending.status, pending.text).toBe(201);
      const [again] = (await suite.alice.call(actuacionesApi.list, { query: { caso_id: amparo } })).json.items;
      expect(again.plazos.map((plazo: { fundamento: string }) => plazo.fundamento)).toEqual([
        'Código de Procedimientos Civiles para el Distrito Federal, art. 137 (por confirmar)',
        'Ley de Amparo, art. 86',
      ]);

      // An unknown rule, an actuación of another case, another lawyer's actuación: refused, nothing scheduled.
      const unknown = await suite.alice.call(plazosApi.agendar, {
        body: { calendario_id, notificacion: '2026-11-18', dias: 3, tipo: 'habiles', regla: 'inventada', caso_id: amparo },
      });
      expect(unknown.status).toBe(400);
      expect(unknown.json.error).toMatchObject({ field: 'regla', message: MSG.plazos.reglaDesconocida });
      const elsewhere = await suite.alice.call(plazosApi.agendar, {
        body: { calendario_id, notificacion: '2026-11-18', dias: 3, tipo: 'habiles', caso_id: otro, actuacion_id: actuacion.id },
      });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.json.error).toMatchObject({ field: 'actuacion_id', message: MSG.plazos.actuacionDeOtroCaso });
      const bobCase = await newCase(suite.bob, 'amparo');
      const bobs = await suite.bob.call(plazosApi.agendar, {
        body: { calendario_id, notificacion: '2026-11-18', dias: 3, tipo: 'habiles', caso_id: bobCase, actuacion_id: actuacion.id },
      });
      expect(bobs.status).toBe(404);
    });

    it('keeps a lawyer’s own rules, offers them to schedule by, and bounds them', async () => {
      // Optional fields blank, as most people leave them.
      const created = await suite.alice.call(plazosApi.crearRegla, {
        body: { nombre: 'Desahogo de vista', fundamento: '', dias: 3, tipo: 'habiles', materia: '', actuacion_tipo: '' },
      });
      expect(created.status, created.text).toBe(201);
      expect(created.json.regla).toMatchObject({ nombre: 'Desahogo de vista', fundamento: null, materia: null, actuacion_tipo: null });
      const blank = await suite.alice.call(plazosApi.crearRegla, { body: { nombre: ' ', dias: 0, tipo: 'habiles' } });
      expect(blank.status).toBe(400);
      expect(blank.json.error.message).toBe(MSG.plazos.reglaNombreObligatorio);
      const caso = await newCase(suite.alice, 'civil');
      const calendario_id = await presetId(suite.alice, 'cdmx');
      const scheduled = await suite.alice.call(plazosApi.agendar, {
        body: { calendario_id, notificacion: '2026-11-24', dias: 30, tipo: 'naturales', regla: created.json.regla.id, caso_id: caso },
      });
      expect(scheduled.status, scheduled.text).toBe(201);
      expect(scheduled.json.plazo.vence).toBe('2026-11-27');
      // Bruno neither sees nor uses nor deletes them.
      expect((await suite.bob.call(plazosApi.reglas)).json.items).toEqual([]);
      const bobCase = await newCase(suite.bob, 'civil');
      const bobUses = await suite.bob.call(plazosApi.agendar, {
        body: { calendario_id, notificacion: '2026-11-24', dias: 5, tipo: 'habiles', regla: created.json.regla.id, caso_id: bobCase },
      });
      expect(bobUses.status).toBe(400);
      expect((await suite.bob.call(plazosApi.eliminarRegla, { params: { id: created.json.regla.id } })).status).toBe(404);
      // At most a hundred.
      for (let i = 1; i < 100; i += 1) expect((await suite.alice.call(plazosApi.crearRegla, { body: { nombre: `Regla ${i}`, dias: 3, tipo: 'habiles' } })).status).toBe(201);
      const over = await suite.alice.call(plazosApi.crearRegla, { body: { nombre: 'Una más', dias: 3, tipo: 'habiles' } });
      expect(over.status).toBe(409);
      expect(over.json.error.message).toBe(MSG.plazos.demasiadasReglas);
      expect((await suite.alice.call(plazosApi.eliminarRegla, { params: { id: created.json.regla.id } })).status).toBe(200);
      expect((await suite.alice.call(plazosApi.reglas)).json.items).toHaveLength(99);
    });
  });
}
