import { calendarioApi, casosApi, MSG, plazosApi, securityApi } from '@bufete/shared';
import { addDays, diaLargo, diaMx, todayIn } from '@bufete/shared/dates';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client';
import { backendsToTest } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();

async function calendarios(client: HttpClient) {
  const res = await client.call(plazosApi.calendarios);
  expect(res.status, res.text).toBe(200);
  return res.json.items as { id: string; nombre: string; base: string; propio: boolean; version: number; dias_propios: { fecha: string; motivo: string }[] }[];
}

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`plazos (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    it('counts 15 días hábiles across 14 and 16 September on the amparo calendar, day by day', async () => {
      const amparo = (await calendarios(suite.alice)).find((calendar) => calendar.base === 'amparo' && !calendar.propio)!;
      const res = await suite.alice.call(plazosApi.calcular, { query: { calendario_id: amparo.id, notificacion: '2026-09-04', dias: '15', tipo: 'habiles' } });
      expect(res.status, res.text).toBe(200);
      expect(res.json.vence).toBe('2026-09-29');
      expect(res.json.inicia).toBe('2026-09-05');
      const independencia = res.json.dias.find((day: { fecha: string }) => day.fecha === '2026-09-16');
      expect(independencia).toEqual({ fecha: '2026-09-16', numero: null, motivo: 'Día de la Independencia', fundamento: 'Ley de Amparo, art. 19' });
      expect(res.json.calendario.nombre).toBe('Amparo y tribunales federales');
      expect(res.json.por_verificar).toEqual([]);
      expect(res.json.verificar_con).toBeNull();
      // Across the July recess, the screen is told which skipped days need checking, and against whose agreement.
      const july = await suite.alice.call(plazosApi.calcular, { query: { calendario_id: amparo.id, notificacion: '2026-07-14', dias: '3', tipo: 'habiles' } });
      expect(july.json.vence).toBe('2026-08-04');
      expect(july.json.por_verificar).toContain('2026-07-20');
      expect(july.json.verificar_con).toBe('el Órgano de Administración Judicial del Poder Judicial de la Federación');
      expect(JSON.stringify(july.json)).not.toContain('Consejo de la Judicatura Federal');
    });

    it('a local calendar names its own judiciary; the law cited follows the case’s materia (a commercial one: the Código de Comercio)', async () => {
      const cdmx = (await calendarios(suite.alice)).find((calendar) => calendar.base === 'cdmx' && !calendar.propio)!;
      // Across the winter recess: the days skipped are the ones to confirm, with Mexico City's judiciary.
      const query = { calendario_id: cdmx.id, notificacion: '2026-12-10', dias: '5', tipo: 'habiles' } as const;
      const civil = (await suite.alice.call(plazosApi.calcular, { query: { ...query, materia: 'civil' } })).json;
      const skipped = civil.dias
        .filter((day: { numero: number | null; motivo: string | null }) => day.numero === null && day.motivo?.startsWith('Vacaciones'))
        .map((day: { fecha: string }) => day.fecha);
      expect(skipped.length).toBeGreaterThan(0);
      expect(civil.por_verificar).toEqual(expect.arrayContaining(skipped));
      expect(civil.por_verificar.every((fecha: string) => civil.dias.some((day: { fecha: string; numero: number | null }) => day.fecha === fecha && day.numero === null))).toBe(
        true,
      );
      expect(civil.verificar_con).toBe('el Poder Judicial de la Ciudad de México');
      expect(civil.reglas[0]).toContain('Código de Procedimientos Civiles para el Distrito Federal, art. 129');
      expect(civil.por_verificar).not.toContain('2026-12-19');
      expect(JSON.stringify(civil)).not.toContain('Judicatura Federal');

      const mercantil = (await suite.alice.call(plazosApi.calcular, { query: { ...query, materia: 'mercantil' } })).json;
      expect(mercantil.vence).toBe(civil.vence);
      expect(mercantil.reglas[0]).toContain('Código de Comercio, art. 1075');
      expect(mercantil.reglas).toContain('Código de Comercio, art. 1076: no se cuentan los días en que no pueden tener lugar actuaciones judiciales.');
      expect(mercantil.dias.find((day: { motivo: string | null }) => day.motivo === 'Sábado').fundamento).toContain('Código de Comercio, art. 1064');
      expect(JSON.stringify(mercantil)).not.toContain('Procedimientos Civiles');
      // Scheduled from a commercial case, the case's materia decides, whatever the browser sends.
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Juicio ejecutivo mercantil', materia: 'mercantil' } })).json.caso;
      const agendado = await suite.alice.call(plazosApi.agendar, { body: { ...query, materia: 'civil', caso_id: caso.id } });
      expect(agendado.status, agendado.text).toBe(201);
      expect(agendado.json.plazo.reglas[0]).toContain('Código de Comercio, art. 1075');
      expect((await suite.alice.call(plazosApi.calcular, { query: { ...query, materia: 'notarial' as 'civil' } })).status).toBe(400);
    });

    it("keeps each lawyer's calendars and days their own, and presets read-only", async () => {
      const created = await suite.alice.call(plazosApi.crearCalendario, { body: { nombre: 'Juzgado 3.º de Distrito en Mérida', base: 'amparo' } });
      expect(created.status, created.text).toBe(201);
      const id = created.json.calendario.id as string;
      const day = await suite.alice.call(plazosApi.agregarDia, { params: { id }, body: { fecha: '2026-06-15', motivo: 'Suspensión de labores por mudanza del juzgado' } });
      expect(day.status, day.text).toBe(201);
      expect(day.json.calendario.version).toBe(2);
      expect(day.json.afectados).toEqual([]);
      expect((await suite.alice.call(plazosApi.agregarDia, { params: { id }, body: { fecha: '2026-06-15', motivo: 'Otra vez' } })).json.error.message).toBe(MSG.plazos.diaRepetido);
      // The court's own day moves the plazo; the preset does not have it.
      const own = await suite.alice.call(plazosApi.calcular, { query: { calendario_id: id, notificacion: '2026-06-11', dias: '3', tipo: 'habiles' } });
      expect(own.json.vence).toBe('2026-06-17');
      const preset = (await calendarios(suite.alice)).find((calendar) => calendar.base === 'amparo' && !calendar.propio)!;
      expect((await suite.alice.call(plazosApi.calcular, { query: { calendario_id: preset.id, notificacion: '2026-06-11', dias: '3', tipo: 'habiles' } })).json.vence).toBe(
        '2026-06-16',
      );
      const refused = await suite.alice.call(plazosApi.agregarDia, { params: { id: preset.id }, body: { fecha: '2026-06-15', motivo: 'x' } });
      expect(refused.status).toBe(403);
      expect(refused.json.error.message).toBe(MSG.plazos.soloPropios);

      // Bob sees the presets only, and cannot use, change or delete Alice's calendar.
      expect((await calendarios(suite.bob)).map((calendar) => calendar.propio)).toEqual([false, false, false, false, false, false, false]);
      expect((await suite.bob.call(plazosApi.calcular, { query: { calendario_id: id, notificacion: '2026-06-11', dias: '3', tipo: 'habiles' } })).status).toBe(404);
      expect((await suite.bob.call(plazosApi.agregarDia, { params: { id }, body: { fecha: '2026-06-18', motivo: 'x' } })).status).toBe(404);
      expect((await suite.bob.call(plazosApi.eliminarCalendario, { params: { id } })).status).toBe(404);
      expect((await calendarios(suite.alice)).filter((calendar) => calendar.propio)).toHaveLength(1);
    });

    it('answers bad input in Spanish', async () => {
      const preset = (await calendarios(suite.alice))[0]!;
      const bad = async (query: string) => (await suite.alice.get(`/api/plazos/calculate?calendario_id=${preset.id}&${query}`)).json.error.message;
      expect(await bad('notificacion=&dias=5&tipo=habiles')).toBe(MSG.plazos.notificacionObligatoria);
      expect(await bad('notificacion=2026-02-30&dias=5&tipo=habiles')).toBe(MSG.practice.fechaInvalida);
      expect(await bad('notificacion=2026-06-11&dias=0&tipo=habiles')).toBe(MSG.plazos.diasInvalidos);
      expect(await bad('notificacion=2026-06-11&dias=400&tipo=habiles')).toBe(MSG.plazos.diasInvalidos);
      expect(await bad('notificacion=2026-06-11&dias=5&tipo=semanas')).toBe(MSG.plazos.tipoInvalido);
      expect((await suite.alice.call(plazosApi.crearCalendario, { body: { nombre: '', base: 'amparo' } })).json.error.message).toBe(MSG.plazos.nombreObligatorio);
    });

    it("'Agendar' puts the due date and a notice three working days before on the calendar, linked to the case", async () => {
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Amparo indirecto contra la clausura' } })).json.caso;
      const laboral = (await calendarios(suite.alice)).find((calendar) => calendar.base === 'laboral' && !calendar.propio)!;
      const res = await suite.alice.call(plazosApi.agendar, {
        body: { calendario_id: laboral.id, notificacion: '2026-03-12', dias: 5, tipo: 'habiles', descripcion: '', caso_id: caso.id },
      });
      expect(res.status, res.text).toBe(201);
      expect(res.json.plazo.vence).toBe('2026-03-20');
      const events = (await suite.alice.call(calendarioApi.list, { query: { desde: '2026-03-01T00:00:00Z', hasta: '2026-04-01T00:00:00Z' } })).json.items as {
        id: string;
        titulo: string;
        inicio: string;
        caso: { id: string } | null;
        recordatorio_email: number | null;
      }[];
      const due = events.find((event) => event.id === res.json.evento_id)!;
      expect(due.titulo).toBe('Vence plazo: Plazo de 5 días hábiles');
      expect(due.inicio).toBe('2026-03-20T15:00:00.000Z'); // 09:00 in Mexico City
      expect(due.caso?.id).toBe(caso.id);
      expect(due.recordatorio_email).toBe(60);
      const notice = events.find((event) => event.id === res.json.aviso_id)!;
      // Three working days before the 20th, skipping the third Monday of March: the 17th.
      expect(notice.titulo).toBe('Faltan 3 días hábiles: vence plazo: Plazo de 5 días hábiles');
      expect(notice.inicio.slice(0, 10)).toBe('2026-03-17');
      // Another lawyer's case cannot be linked.
      const theirs = (await suite.bob.call(casosApi.create, { body: { titulo: 'De Bob' } })).json.caso;
      expect(
        (await suite.alice.call(plazosApi.agendar, { body: { calendario_id: laboral.id, notificacion: '2026-03-12', dias: 5, tipo: 'habiles', caso_id: theirs.id } })).status,
      ).toBe(404);
    });
    it('says which scheduled plazos a new día inhábil moves, and moves their appointments when asked', async () => {
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Juicio ordinario civil' } })).json.caso;
      const own = (await suite.alice.call(plazosApi.crearCalendario, { body: { nombre: 'Juzgado 1.º Civil', base: 'amparo' } })).json.calendario;
      // A notification ten days from now (dates relative to today: only pending plazos are looked at).
      const notificacion = addDays(todayIn('America/Mexico_City'), 10);
      const query = `calendario_id=${own.id}&notificacion=${notificacion}&dias=5&tipo=habiles`;
      const before = (await suite.alice.get(`/api/plazos/calculate?${query}`)).json;
      const scheduled = await suite.alice.call(plazosApi.agendar, {
        body: { calendario_id: own.id, notificacion, dias: 5, tipo: 'habiles', descripcion: 'Contestar la demanda', caso_id: caso.id },
      });
      expect(scheduled.status, scheduled.text).toBe(201);
      // The court closes on the plazo's first working day.
      const closed = before.dias.find((day: { numero: number | null }) => day.numero === 1).fecha as string;
      const added = await suite.alice.call(plazosApi.agregarDia, { params: { id: own.id }, body: { fecha: closed, motivo: 'Suspensión de labores' } });
      const after = (await suite.alice.get(`/api/plazos/calculate?${query}`)).json;
      expect(after.vence > before.vence).toBe(true);
      expect(added.json.afectados).toHaveLength(1);
      expect(added.json.afectados[0]).toMatchObject({ descripcion: 'Contestar la demanda', vence_anterior: before.vence, vence_nuevo: after.vence });
      const id = added.json.afectados[0].id as string;
      expect((await suite.bob.call(plazosApi.mover, { params: { id } })).status).toBe(404);
      const moved = await suite.alice.call(plazosApi.mover, { params: { id } });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json.vence).toBe(after.vence);
      const range = `desde=${encodeURIComponent(`${addDays(before.vence, -10)}T00:00:00Z`)}&hasta=${encodeURIComponent(`${addDays(after.vence, 2)}T00:00:00Z`)}`;
      const events = (await suite.alice.get(`/api/calendario/eventos?${range}`)).json.items as { id: string; titulo: string; inicio: string }[];
      const due = events.find((event) => event.id === scheduled.json.evento_id)!;
      expect(due.titulo).toBe('Vence plazo: Contestar la demanda');
      expect(due.inicio.slice(0, 10)).toBe(after.vence);
      // Moved once, it is no longer reported.
      const again = await suite.alice.call(plazosApi.agregarDia, { params: { id: own.id }, body: { fecha: addDays(after.vence, 30), motivo: 'Otro día, después del plazo' } });
      expect(again.json.afectados).toEqual([]);

      // Each step is in the case's history and the account's activity.
      const history = (await suite.alice.call(casosApi.history, { params: { id: caso.id } })).json.items as {
        resumen: string;
        cambios: { campo: string; antes: string; despues: string }[];
      }[];
      expect(history.map((entry) => entry.resumen)).toEqual(
        expect.arrayContaining([
          `Plazo «Contestar la demanda» agendado: vence el ${diaLargo(before.vence)}`,
          `Plazo «Contestar la demanda» recalculado: vence el ${diaLargo(after.vence)}`,
        ]),
      );
      // Days as a lawyer writes them, never ISO.
      expect(history.find((entry) => entry.resumen.includes('recalculado'))!.cambios).toEqual([{ campo: 'Vence', antes: diaMx(before.vence), despues: diaMx(after.vence) }]);
      const activity = (await suite.alice.call(securityApi.history, { query: { entidad: 'plazo' } })).json.items.map((entry: { resumen: string }) => entry.resumen);
      expect(activity).toEqual(expect.arrayContaining(['Calendario de plazos «Juzgado 1.º Civil» creado', `Día inhábil ${closed} añadido a «Juzgado 1.º Civil»`]));
    });
  });
}
