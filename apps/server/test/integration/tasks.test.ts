import { accountApi, actuacionesApi, addDays, LIMITS_TAREAS, casosApi, dashboardApi, MSG, notificacionesApi, plazosApi, searchApi, tareasApi, todayIn } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client';
import { type Backend, postgresAvailable } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

type Tarea = {
  id: string;
  titulo: string;
  vence: string | null;
  relativa: { ancla: string; ancla_id: string; ancla_titulo: string | null; dias: number } | null;
  caso: { id: string } | null;
  hecha: boolean;
};

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`tareas (${backend})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    const newCase = async (client: HttpClient, materia: string, titulo = `Caso ${materia}`) =>
      (await client.call(casosApi.create, { body: { titulo, expediente: '77/2026', juzgado: 'Juzgado Quinto de Distrito', materia } })).json.caso.id as string;
    const newTask = async (client: HttpClient, body: Record<string, unknown>) => {
      const res = await client.call(tareasApi.create, { body });
      expect(res.status, res.text).toBe(201);
      return res.json.tarea as Tarea;
    };
    const taskOf = async (client: HttpClient, casoId: string, titulo: string) =>
      ((await client.call(tareasApi.list, { query: { caso_id: casoId } })).json.items as Tarea[]).find((tarea) => tarea.titulo === titulo)!;

    it('counts a relative date on the case’s court calendar, and counts it again when the actuación it hangs on moves', async () => {
      const caso = await newCase(suite.alice, 'amparo');
      const actuacion = (
        await suite.alice.call(actuacionesApi.create, {
          body: { caso_id: caso, fecha_publicacion: '2026-11-16', fecha_efectos: '2026-11-17', tipo: 'acuerdo', texto: 'Se tiene por rendido el informe justificado.' },
        })
      ).json.actuacion;
      // Five working days after Tuesday 17 November on the federal courts' calendar: 20 November is not one (Ley de Amparo, art. 19).
      const tarea = await newTask(suite.alice, { titulo: 'Revisar el informe', caso_id: caso, relativa: { ancla: 'actuacion', ancla_id: actuacion.id, dias: 5, tipo: 'habiles' } });
      expect(tarea.vence).toBe('2026-11-25');
      expect(tarea.relativa).toMatchObject({ ancla: 'actuacion', dias: 5, ancla_titulo: 'Acuerdo del 16/11/2026' });
      // A second task five calendar days after the first, and a third hanging on the second: a chain.
      const segunda = await newTask(suite.alice, { titulo: 'Preparar alegatos', caso_id: caso, relativa: { ancla: 'tarea', ancla_id: tarea.id, dias: 3, tipo: 'habiles' } });
      expect(segunda.vence).toBe('2026-11-30');
      const tercera = await newTask(suite.alice, { titulo: 'Entregar alegatos', relativa: { ancla: 'tarea', ancla_id: segunda.id, dias: 0, tipo: 'habiles' } });
      // Hanging on a task of the case, it joins the case.
      expect(tercera).toMatchObject({ vence: '2026-11-30', caso: { id: caso } });

      // The actuación takes effect a week later: the whole chain moves.
      const moved = await suite.alice.call(actuacionesApi.update, {
        params: { id: actuacion.id },
        body: { fecha_publicacion: '2026-11-23', fecha_efectos: '2026-11-24', tipo: 'acuerdo', origen: 'manual', texto: 'Se tiene por rendido el informe justificado.' },
      });
      expect(moved.status, moved.text).toBe(200);
      expect((await taskOf(suite.alice, caso, 'Revisar el informe')).vence).toBe('2026-12-01');
      expect((await taskOf(suite.alice, caso, 'Preparar alegatos')).vence).toBe('2026-12-04');
      expect((await taskOf(suite.alice, caso, 'Entregar alegatos')).vence).toBe('2026-12-04');
      // Each move is in the case's history.
      const history = (await suite.alice.call(casosApi.history, { params: { id: caso } })).json.items as { resumen: string }[];
      expect(history.map((entry) => entry.resumen)).toContain('Tarea «Preparar alegatos» recalculada: vence el 4 de diciembre de 2026');

      // A done task keeps its date when what it hangs on moves again.
      await suite.alice.call(tareasApi.hecha, { params: { id: tarea.id }, body: { hecha: true } });
      await suite.alice.call(actuacionesApi.update, {
        params: { id: actuacion.id },
        body: { fecha_publicacion: '2026-11-30', fecha_efectos: '2026-12-01', tipo: 'acuerdo', origen: 'manual', texto: 'Se tiene por rendido el informe justificado.' },
      });
      expect((await taskOf(suite.alice, caso, 'Revisar el informe')).vence).toBe('2026-12-01');
    });

    it('counts again when a scheduled plazo it hangs on moves for a día inhábil the lawyer adds', async () => {
      const caso = await newCase(suite.alice, 'civil', 'Arrendamiento');
      const calendario = (await suite.alice.call(plazosApi.crearCalendario, { body: { nombre: 'Juzgado 12 Civil', base: 'cdmx' } })).json.calendario;
      const agendado = await suite.alice.call(plazosApi.agendar, {
        body: { calendario_id: calendario.id, notificacion: '2026-10-05', dias: 9, tipo: 'habiles', caso_id: caso, descripcion: 'Contestar la demanda' },
      });
      expect(agendado.status, agendado.text).toBe(201);
      expect(agendado.json.plazo.vence).toBe('2026-10-16');
      const plazo = ((await suite.alice.call(tareasApi.anclas, { query: { caso_id: caso } })).json.items as { ancla: string; id: string }[]).find(
        (item) => item.ancla === 'plazo',
      )!;
      const tarea = await newTask(suite.alice, {
        titulo: 'Revisar el acuerdo a la contestación',
        caso_id: caso,
        relativa: { ancla: 'plazo', ancla_id: plazo.id, dias: 2, tipo: 'habiles' },
      });
      expect(tarea.vence).toBe('2026-10-20');
      // The court closes on 13 October: the plazo ends a day later, and so does the task.
      const day = await suite.alice.call(plazosApi.agregarDia, { params: { id: calendario.id }, body: { fecha: '2026-10-13', motivo: 'Suspensión de labores' } });
      expect(day.status, day.text).toBe(201);
      expect((await suite.alice.call(plazosApi.mover, { params: { id: plazo.id } })).json.vence).toBe('2026-10-19');
      expect((await taskOf(suite.alice, caso, 'Revisar el acuerdo a la contestación')).vence).toBe('2026-10-21');
    });

    it('refuses a cycle, what hangs on another case or on nothing, and bad input, in Spanish', async () => {
      const caso = await newCase(suite.alice, 'civil', 'Cobro de pesos');
      const otro = await newCase(suite.alice, 'civil', 'Otro juicio');
      const a = await newTask(suite.alice, { titulo: 'A', caso_id: caso, vence: '2026-12-01' });
      const b = await newTask(suite.alice, { titulo: 'B', caso_id: caso, relativa: { ancla: 'tarea', ancla_id: a.id, dias: 1, tipo: 'naturales' } });
      const cycle = await suite.alice.call(tareasApi.update, {
        params: { id: a.id },
        body: { titulo: 'A', caso_id: caso, relativa: { ancla: 'tarea', ancla_id: b.id, dias: 1, tipo: 'naturales' } },
      });
      expect(cycle.status).toBe(400);
      expect(cycle.json.error.message).toBe(MSG.tareas.anclaCircular);
      const itself = await suite.alice.call(tareasApi.update, {
        params: { id: a.id },
        body: { titulo: 'A', caso_id: caso, relativa: { ancla: 'tarea', ancla_id: a.id, dias: 1, tipo: 'naturales' } },
      });
      expect(itself.json.error.message).toBe(MSG.tareas.anclaCircular);
      const elsewhere = await suite.alice.call(tareasApi.create, { body: { titulo: 'C', caso_id: otro, relativa: { ancla: 'tarea', ancla_id: a.id, dias: 1, tipo: 'habiles' } } });
      expect(elsewhere.json.error.message).toBe(MSG.tareas.anclaDeOtroCaso);
      const nothing = await suite.alice.call(tareasApi.create, {
        body: { titulo: 'D', relativa: { ancla: 'actuacion', ancla_id: '00000000-0000-4000-8000-000000000000', dias: 1, tipo: 'habiles' } },
      });
      expect(nothing.json.error.message).toBe(MSG.tareas.anclaObligatoria);
      const cases: [Record<string, unknown>, string, string][] = [
        [{ titulo: '   ' }, 'titulo', MSG.tareas.tituloObligatorio],
        [{ titulo: 'x'.repeat(201) }, 'titulo', MSG.validation.tooLong],
        [{ titulo: 'T', vence: '2026-02-30' }, 'vence', MSG.practice.fechaInvalida],
        [{ titulo: 'T', prioridad: 'urgente' }, 'prioridad', MSG.tareas.prioridadInvalida],
        [{ titulo: 'T', relativa: { ancla: 'tarea', ancla_id: a.id, dias: 400, tipo: 'habiles' } }, 'relativa.dias', MSG.tareas.diasInvalidos],
        [{ titulo: 'T', relativa: { ancla: 'cita', ancla_id: a.id, dias: 1, tipo: 'habiles' } }, 'relativa.ancla', MSG.tareas.anclaInvalida],
      ];
      for (const [body, field, message] of cases) {
        const res = await suite.alice.call(tareasApi.create, { body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error).toMatchObject({ field, message });
      }
      // A deleted anchor leaves the date as it was, and says so.
      await suite.alice.call(tareasApi.remove, { params: { id: a.id } });
      expect(await taskOf(suite.alice, caso, 'B')).toMatchObject({ vence: '2026-12-02', relativa: { ancla_titulo: null } });
    });

    it('another lawyer never sees, changes, hangs a date on or applies a template to what is not theirs', async () => {
      const caso = await newCase(suite.alice, 'familiar', 'Divorcio de los Ruiz');
      const tarea = await newTask(suite.alice, { titulo: 'Llamar a la señora Ruiz', caso_id: caso, vence: '2026-12-03', notas: 'Confidencial' });
      const bobs = await newCase(suite.bob, 'civil', 'Caso de Bob');
      const matrix = [
        suite.bob.call(tareasApi.update, { params: { id: tarea.id }, body: { titulo: 'Mía' } }),
        suite.bob.call(tareasApi.hecha, { params: { id: tarea.id }, body: { hecha: true } }),
        suite.bob.call(tareasApi.remove, { params: { id: tarea.id } }),
        suite.bob.call(tareasApi.list, { query: { caso_id: caso } }),
        suite.bob.call(tareasApi.anclas, { query: { caso_id: caso } }),
        suite.bob.call(tareasApi.aplicarPlantilla, { params: { id: caso }, body: { plantilla: 'divorcio' } }),
        suite.bob.call(tareasApi.create, { body: { titulo: 'En su caso', caso_id: caso } }),
        suite.bob.call(tareasApi.create, { body: { titulo: 'De la suya', caso_id: bobs, relativa: { ancla: 'tarea', ancla_id: tarea.id, dias: 1, tipo: 'habiles' } } }),
      ];
      const answers = await Promise.all(matrix);
      expect(answers.map((res) => res.status)).toEqual([404, 404, 404, 404, 404, 404, 404, 400]);
      for (const vista of ['pendientes', 'vencidas', 'hoy', 'semana', 'por_caso', 'hechas'] as const) {
        const items = (await suite.bob.call(tareasApi.list, { query: { vista } })).json.items as Tarea[];
        expect(items.some((item) => item.id === tarea.id)).toBe(false);
      }
      const search = await suite.bob.call(searchApi.search, { query: { q: 'señora Ruiz' } });
      expect(JSON.stringify(search.json)).not.toContain(tarea.id);
      // Alice's is as she left it.
      expect(await taskOf(suite.alice, caso, 'Llamar a la señora Ruiz')).toMatchObject({ hecha: false, vence: '2026-12-03' });
    });

    it('sorts the tabs by the lawyer’s today, shows the day’s tasks on the dashboard and in the bell, and finds them in the search', async () => {
      const hoy = todayIn('America/Mexico_City');
      const caso = await newCase(suite.alice, 'civil', 'Sucesión Ortega');
      await newTask(suite.alice, { titulo: 'Tarea vencida de Ortega', caso_id: caso, vence: addDays(hoy, -2) });
      await newTask(suite.alice, { titulo: 'Tarea de hoy de Ortega', caso_id: caso, vence: hoy, prioridad: 'alta' });
      await newTask(suite.alice, { titulo: 'Tarea sin fecha de Ortega' });
      const done = await newTask(suite.alice, { titulo: 'Tarea hecha de Ortega', vence: hoy });
      await suite.alice.call(tareasApi.hecha, { params: { id: done.id }, body: { hecha: true } });
      // 'Esta semana' runs from today to Sunday, the last day included.
      const sunday = addDays(hoy, (7 - new Date(`${hoy}T12:00:00Z`).getUTCDay()) % 7);
      await newTask(suite.alice, { titulo: 'Cierre de la semana, domingo', vence: sunday });
      await newTask(suite.alice, { titulo: 'Cierre de la semana, lunes siguiente', vence: addDays(sunday, 1) });
      const titles = async (vista: string) =>
        ((await suite.alice.call(tareasApi.list, { query: { vista } })).json.items as Tarea[]).map((item) => item.titulo).filter((titulo) => titulo.includes('Ortega'));
      expect(await titles('vencidas')).toEqual(['Tarea vencida de Ortega']);
      expect(await titles('hoy')).toEqual(['Tarea de hoy de Ortega']);
      expect(await titles('hechas')).toEqual(['Tarea hecha de Ortega']);
      expect(await titles('semana')).toEqual(['Tarea de hoy de Ortega']);
      const week = async (vista: string) =>
        ((await suite.alice.call(tareasApi.list, { query: { vista } })).json.items as Tarea[])
          .map((item) => item.titulo)
          .filter((titulo) => titulo.startsWith('Cierre de la semana'));
      expect(await week('semana')).toEqual(['Cierre de la semana, domingo']);
      expect(await week('pendientes')).toEqual(['Cierre de la semana, domingo', 'Cierre de la semana, lunes siguiente']);
      expect(await titles('pendientes')).toEqual(['Tarea vencida de Ortega', 'Tarea de hoy de Ortega', 'Tarea sin fecha de Ortega']);
      // By case: the newest case's first, by due date; those of no case after every case's.
      const byCase = (await suite.alice.call(tareasApi.list, { query: { vista: 'por_caso' } })).json.items as Tarea[];
      expect(byCase.slice(0, 2).map((item) => item.titulo)).toEqual(['Tarea vencida de Ortega', 'Tarea de hoy de Ortega']);
      expect(byCase.findIndex((item) => item.titulo === 'Tarea sin fecha de Ortega')).toBeGreaterThan(byCase.findLastIndex((item) => item.caso !== null));
      const bad = await suite.alice.get('/api/tareas?vista=mañana');
      expect(bad.status).toBe(400);
      expect((await suite.alice.get('/api/tareas?cursor=abc')).json.error.message).toBe(MSG.http.cursorInvalido);

      const { vencimientos } = (await suite.alice.call(dashboardApi.summary)).json;
      const tareas = vencimientos.filter((item: { tipo: string; titulo: string }) => item.tipo === 'tarea' && item.titulo.includes('Ortega'));
      expect(tareas.map((item: { titulo: string }) => item.titulo)).toEqual(['Tarea vencida de Ortega', 'Tarea de hoy de Ortega']);
      expect(tareas[1]).toMatchObject({ caso: { id: caso, titulo: 'Sucesión Ortega' } });

      const job = await suite.ts.server.jobs.enqueue('dashboard.vencimientos', {});
      await suite.ts.server.jobs.runNow(job!);
      const bell = (await suite.alice.call(notificacionesApi.list)).json.items as { titulo: string; enlace: string }[];
      expect(bell.filter((item) => item.titulo.includes('Ortega'))).toEqual([
        expect.objectContaining({ titulo: 'Tarea para hoy: Tarea de hoy de Ortega', enlace: `/casos/${caso}?tab=tareas` }),
      ]);

      const found = await suite.alice.call(searchApi.search, { query: { q: 'sin fecha ortega', tipo: 'tareas' } });
      expect(found.status, found.text).toBe(200);
      const grupo = found.json.grupos.find((entry: { tipo: string }) => entry.tipo === 'tareas');
      expect(grupo.items.map((item: { titulo: string }) => item.titulo)).toEqual(['Tarea sin fecha de Ortega']);
    });

    it('bounds a lawyer’s pending tasks: at 10,000 a new one and a template are refused in Spanish; one done makes room', async () => {
      const caso = await newCase(suite.bob, 'civil', 'Caso lleno');
      const bobId = (await suite.bob.call(accountApi.session)).json.session.user.id as string;
      await suite.ts.server.database.db.execute(
        sql`insert into tareas (user_id, titulo) select ${bobId}, 'Pendiente ' || i from generate_series(1, ${LIMITS_TAREAS.pendientesMax}) as i`,
      );
      const refused = await suite.bob.call(tareasApi.create, { body: { titulo: 'Una más' } });
      expect(refused.status).toBe(409);
      expect(refused.json.error.message).toBe(MSG.tareas.demasiadas);
      const template = await suite.bob.call(tareasApi.aplicarPlantilla, { params: { id: caso }, body: { plantilla: 'divorcio' } });
      expect(template.json.error.message).toBe(MSG.tareas.demasiadas);
      const one = ((await suite.bob.call(tareasApi.list, { query: { vista: 'pendientes' } })).json.items as Tarea[])[0]!;
      await suite.bob.call(tareasApi.hecha, { params: { id: one.id }, body: { hecha: true } });
      expect((await suite.bob.call(tareasApi.create, { body: { titulo: 'Una más' } })).status).toBe(201);
      await suite.ts.server.database.db.execute(sql`delete from tareas where user_id = ${bobId}`);
    });

    // Hand-counted: applied on Tuesday 1 June 2027 (no día inhábil in June on any of these calendars), weekends skipped.
    const SHIPPED: [string, string, string[]][] = [
      ['amparo-indirecto', 'amparo', ['2027-06-03', '2027-06-10', '2027-06-17', '2027-06-22', '2027-07-06']],
      ['ordinario-civil', 'civil', ['2027-06-04', '2027-06-11', '2027-06-15', '2027-06-22', '2027-07-06']],
      ['ejecutivo-mercantil', 'mercantil', ['2027-06-02', '2027-06-07', '2027-06-09', '2027-06-16', '2027-06-23']],
      ['demanda-laboral', 'laboral', ['2027-06-04', '2027-06-08', '2027-06-08', '2027-06-29', '2027-07-01']],
      ['divorcio', 'familiar', ['2027-06-04', '2027-06-11', '2027-06-16', '2027-06-23', '2027-06-25']],
    ];
    for (const [plantilla, materia, dates] of SHIPPED) {
      it(`applies the shipped template '${plantilla}' with its dates counted on the court’s calendar`, async () => {
        const caso = await newCase(suite.alice, materia as 'civil', `Plantilla ${plantilla}`);
        const applied = await suite.alice.call(tareasApi.aplicarPlantilla, { params: { id: caso }, body: { plantilla, desde: '2027-06-01' } });
        expect(applied.status, applied.text).toBe(201);
        expect((applied.json.tareas as Tarea[]).map((tarea) => tarea.vence)).toEqual(dates);
        expect((applied.json.tareas as { plantilla: string }[]).every((tarea) => tarea.plantilla)).toBe(true);
      });
    }

    it('a task after another moves with it; a template the lawyer makes theirs replaces Bufete’s for them alone', async () => {
      const caso = await newCase(suite.alice, 'civil', 'Reivindicatorio');
      const applied = (await suite.alice.call(tareasApi.aplicarPlantilla, { params: { id: caso }, body: { plantilla: 'ordinario-civil', desde: '2027-06-01' } })).json
        .tareas as Tarea[];
      const moved = await suite.alice.call(tareasApi.update, { params: { id: applied[0]!.id }, body: { titulo: applied[0]!.titulo, caso_id: caso, vence: '2027-06-07' } });
      expect(moved.json.tarea.vence).toBe('2027-06-07');
      const after = (await suite.alice.call(tareasApi.list, { query: { caso_id: caso } })).json.items as Tarea[];
      // Five working days after Monday 7 June, then two, then five, then ten.
      expect(after.map((tarea) => tarea.vence)).toEqual(['2027-06-07', '2027-06-14', '2027-06-16', '2027-06-23', '2027-07-07']);

      const mine = await suite.alice.call(tareasApi.crearPlantilla, {
        body: {
          nombre: 'Mi ordinario civil',
          basada_en: 'ordinario-civil',
          tareas: [
            { titulo: 'Primera entrevista', dias: 0, tipo: 'habiles' },
            { titulo: 'Demanda lista', dias: 10, tipo: 'naturales', despues_de: 0 },
          ],
        },
      });
      expect(mine.status, mine.text).toBe(201);
      const names = async (client: HttpClient) => ((await client.call(tareasApi.plantillas)).json.items as { id: string; nombre: string }[]).map((item) => item.nombre);
      expect(await names(suite.alice)).toContain('Mi ordinario civil');
      expect(await names(suite.alice)).not.toContain('Juicio ordinario civil');
      expect(await names(suite.bob)).toContain('Juicio ordinario civil');
      expect(await names(suite.bob)).not.toContain('Mi ordinario civil');
      const again = await suite.alice.call(tareasApi.crearPlantilla, {
        body: { nombre: 'Otra', basada_en: 'ordinario-civil', tareas: [{ titulo: 'x', dias: 1, tipo: 'habiles' }] },
      });
      expect(again.json.error.message).toBe(MSG.plantillasAsunto.noEditable);
      const forward = await suite.alice.call(tareasApi.crearPlantilla, {
        body: { nombre: 'Mal', tareas: [{ titulo: 'x', dias: 1, tipo: 'habiles', despues_de: 0 }] },
      });
      expect(forward.json.error.message).toBe(MSG.plantillasAsunto.dependenciaInvalida);
      expect(
        (await suite.alice.call(tareasApi.editarPlantilla, { params: { id: 'divorcio' }, body: { nombre: 'X', tareas: [{ titulo: 'x', dias: 1, tipo: 'habiles' }] } })).status,
      ).toBe(404);
      expect((await suite.bob.call(tareasApi.eliminarPlantilla, { params: { id: mine.json.plantilla.id } })).status).toBe(404);
      expect((await suite.bob.call(tareasApi.aplicarPlantilla, { params: { id: await newCase(suite.bob, 'civil') }, body: { plantilla: mine.json.plantilla.id } })).status).toBe(
        404,
      );
      // Its escritos: those of the lawyer's library are kept; anything else is refused, never stored.
      const tareasMias = [{ titulo: 'Primera entrevista', dias: 0, tipo: 'habiles' as const }];
      const conEscritos = await suite.alice.call(tareasApi.editarPlantilla, {
        params: { id: mine.json.plantilla.id },
        body: { nombre: 'Mi ordinario civil', tareas: tareasMias, escritos: ['contrato-servicios', 'promocion-simple'] },
      });
      expect(conEscritos.json.plantilla.escritos).toEqual(['contrato-servicios', 'promocion-simple']);
      for (const escritos of [['no-existe'], ['contrato-servicios', '00000000-0000-4000-8000-000000000000']]) {
        const refused = await suite.alice.call(tareasApi.editarPlantilla, {
          params: { id: mine.json.plantilla.id },
          body: { nombre: 'Mi ordinario civil', tareas: tareasMias, escritos },
        });
        expect(refused.status).toBe(400);
        expect(refused.json.error.message).toBe(MSG.plantillasAsunto.escritoDesconocido);
      }
      expect((await suite.alice.call(tareasApi.plantillas)).json.items.find((item: { id: string }) => item.id === mine.json.plantilla.id).escritos).toEqual([
        'contrato-servicios',
        'promocion-simple',
      ]);
      // Deleting it brings Bufete's back.
      expect((await suite.alice.call(tareasApi.eliminarPlantilla, { params: { id: mine.json.plantilla.id } })).status).toBe(200);
      expect(await names(suite.alice)).toContain('Juicio ordinario civil');
    });
  });
}
