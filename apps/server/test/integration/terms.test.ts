import { actuacionesApi, boletinesApi, calendarioApi, casosApi, MSG, plazosApi, tareasApi } from '@bufete/shared';
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

    it('a case before a Tijuana court counts on Baja California’s courts’ calendar, and never cites Mexico City’s code for it', async () => {
      const tijuana = (
        await suite.alice.call(casosApi.create, { body: { titulo: 'Arrendamiento Tijuana', expediente: '45/2026', juzgado: 'Juzgado Quinto Civil de Tijuana', materia: 'civil' } })
      ).json.caso.id as string;
      const efectos = await suite.alice.call(plazosApi.efectos, { query: { publicacion: '2026-03-10', caso_id: tijuana } });
      expect(efectos.status, efectos.text).toBe(200);
      expect(efectos.json).toMatchObject({ fecha: '2026-03-11', verificada: false, calendario: { nombre: 'Tribunales de Baja California (civil, familiar, mercantil)' } });
      expect(efectos.json.fundamento).toContain('Código de Procedimientos Civiles para el Estado de Baja California');
      expect(efectos.json.fundamento).not.toContain('Distrito Federal');
      // A bulletin's entry confirmed for it takes effect by the same calendar.
      const confirmed = await suite.alice.call(boletinesApi.confirm, {
        body: {
          fecha_publicacion: '2026-03-10',
          fuente: 'Boletín Judicial de Baja California',
          actuaciones: [{ caso_id: tijuana, texto: 'Se tiene por contestada la demanda.', tipo: 'acuerdo' }],
        },
      });
      expect(confirmed.status, confirmed.text).toBe(201);
      expect((await suite.alice.call(actuacionesApi.list, { query: { caso_id: tijuana } })).json.items[0]).toMatchObject({ fecha_efectos: '2026-03-11' });
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
      expect(withTerm.plazos).toEqual([
        { id: expect.any(String), descripcion: 'Recurso de revisión en amparo', vence: '2026-12-03', fundamento: 'Ley de Amparo, art. 86', revisar: null },
      ]);

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

    it('a term counted from an actuación is counted again when the actuación moves, with its appointment and the task hanging on it; one counted from another day is marked for review', async () => {
      const amparo = await newCase(suite.alice, 'amparo');
      const actuacion = (
        await suite.alice.call(actuacionesApi.create, {
          body: { caso_id: amparo, fecha_publicacion: '2026-10-05', fecha_efectos: '2026-10-06', tipo: 'emplazamiento', texto: 'Se emplaza a la autoridad responsable.' },
        })
      ).json.actuacion;
      const calendario_id = await presetId(suite.alice, 'amparo');
      const schedule = async (notificacion: string, dias: number, descripcion: string) => {
        const res = await suite.alice.call(plazosApi.agendar, {
          body: { calendario_id, notificacion, dias, tipo: 'habiles', caso_id: amparo, actuacion_id: actuacion.id, descripcion },
        });
        expect(res.status, res.text).toBe(201);
        return res.json;
      };
      // From its day: ten working days from 7 October, 12 October (art. 19) skipped.
      const informe = await schedule('2026-10-06', 10, 'Rendir informe justificado');
      expect(informe.plazo.vence).toBe('2026-10-21');
      // Counted from a day the lawyer typed (the 7th).
      const otro = await schedule('2026-10-07', 5, 'Ofrecer pruebas');
      expect(otro.plazo.vence).toBe('2026-10-15');
      const terms = async () =>
        (await suite.alice.call(actuacionesApi.list, { query: { caso_id: amparo } })).json.items[0].plazos as {
          id: string;
          descripcion: string;
          vence: string;
          revisar: string | null;
        }[];
      const informeId = (await terms()).find((plazo) => plazo.descripcion === 'Rendir informe justificado')!.id;
      const task = await suite.alice.call(tareasApi.create, {
        body: { titulo: 'Revisar el informe', caso_id: amparo, relativa: { ancla: 'plazo', ancla_id: informeId, dias: 2, tipo: 'habiles' } },
      });
      expect(task.json.tarea.vence).toBe('2026-10-23');

      // The emplazamiento is moved to the 8th (effects on the 9th).
      const moved = await suite.alice.call(actuacionesApi.update, {
        params: { id: actuacion.id },
        body: { fecha_publicacion: '2026-10-08', fecha_efectos: '2026-10-09', tipo: 'emplazamiento', texto: 'Se emplaza a la autoridad responsable.', origen: 'manual' },
      });
      expect(moved.status, moved.text).toBe(200);
      const after = await terms();
      expect(after.find((plazo) => plazo.id === informeId)).toMatchObject({ vence: '2026-10-26', revisar: null });
      const flagged = after.find((plazo) => plazo.descripcion === 'Ofrecer pruebas')!;
      expect(flagged.vence).toBe('2026-10-15');
      expect(flagged.revisar).toBe(MSG.plazos.revisarActuacion('6 de octubre de 2026', '9 de octubre de 2026', '7 de octubre de 2026'));
      // Its appointment moved with it, and the task hanging on it.
      const events = (await suite.alice.call(calendarioApi.list, { query: { desde: '2026-10-26T00:00:00.000Z', hasta: '2026-10-27T12:00:00.000Z' } })).json.items as {
        id: string;
      }[];
      expect(events.map((event) => event.id)).toContain(informe.evento_id);
      const tasks = (await suite.alice.call(tareasApi.list, { query: { caso_id: amparo } })).json.items as { titulo: string; vence: string }[];
      expect(tasks.find((tarea) => tarea.titulo === 'Revisar el informe')!.vence).toBe('2026-10-28');

      // The flagged one is the lawyer's to decide; never another lawyer's, never with a made-up decision.
      expect((await suite.bob.call(plazosApi.revisar, { params: { id: flagged.id }, body: { decision: 'mantener' } })).status).toBe(404);
      const bad = await suite.alice.post(`/api/plazos/agendados/${flagged.id}/review`, { decision: 'olvidar' });
      expect(bad.status).toBe(400);
      expect(bad.json.error.message).toBe(MSG.validation.badRequest);
      const recounted = await suite.alice.call(plazosApi.revisar, { params: { id: flagged.id }, body: { decision: 'desde_actuacion' } });
      expect(recounted.status, recounted.text).toBe(200);
      expect(recounted.json.vence).toBe('2026-10-19');
      expect((await terms()).find((plazo) => plazo.id === flagged.id)).toMatchObject({ vence: '2026-10-19', revisar: null });
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
