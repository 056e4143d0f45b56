import { actuacionesApi, boletinesApi, calendarioApi, casosApi, documentosApi, equipoApi, MSG, notificacionesApi, tareasApi } from '@bufete/shared';
import { describe, expect, it } from 'vitest';
import { areaOf } from '../../src/http/areas';
import { RUTAS_PASANTE } from '../../src/modules/team/pasante';
import { type Backend, postgresAvailable } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';
import { join, probe, USER_ENDPOINTS } from '../support/team';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

const inDays = (days: number, hourUtc = 16) => {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCHours(hourUtc, 0, 0, 0);
  return date.toISOString();
};

const BOLETIN = [
  'BOLETÍN JUDICIAL No. 221',
  'Ciudad de México, viernes 27 de noviembre de 2026',
  'JUZGADOS DE LO CIVIL',
  'QUINTO DE LO CIVIL',
  'SECRETARÍA "A"',
  'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.',
  'INMOBILIARIA DEL VALLE S.A. vs. ROSA MÉNDEZ. Ordinario Civil. Exp. 456/2024.',
].join('\n');

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`el pasante: solo sus casos (${backend})`, () => {
    const suite = serverWithTwoLawyers({ backend }, { alice: { nombre: 'Mariana', apellido: 'Robles' } });

    /** Two cases in court, one assigned to the pasante; the titular answers for both. Each with a task, an appointment, an actuación and a document. */
    async function practice(pasanteId: string) {
      const aliceId = (await suite.alice.call(equipoApi.despachos)).json.actual.id as string;
      const suyo = (
        await suite.alice.call(casosApi.create, {
          body: { titulo: 'Hipotecario Banco del Centro', expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil', responsable_id: aliceId, asignados: [pasanteId] },
        })
      ).json.caso as { id: string; asignados: { id: string; nombre: string }[] };
      const ajeno = (
        await suite.alice.call(casosApi.create, {
          body: { titulo: 'Ordinario Inmobiliaria del Valle', expediente: '456/2024', juzgado: 'Juzgado Quinto de lo Civil', responsable_id: aliceId },
        })
      ).json.caso as { id: string };
      const records: Record<string, { tarea: string; evento: string; actuacion: string; documento: string }> = {};
      for (const caso of [suyo.id, ajeno.id]) {
        const tarea = (await suite.alice.call(tareasApi.create, { body: { titulo: `Tarea ${caso}`, caso_id: caso } })).json.tarea.id as string;
        const evento = (await suite.alice.call(calendarioApi.create, { body: { titulo: `Audiencia ${caso}`, inicio: inDays(3), fin: inDays(3, 17), caso_id: caso } })).json.evento
          .id as string;
        const actuacion = (await suite.alice.call(actuacionesApi.create, { body: { caso_id: caso, fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: `Acuerdo ${caso}` } }))
          .json.actuacion.id as string;
        const documento = (
          await suite.alice.upload(documentosApi.upload, { name: `escrito-${caso}.txt`, bytes: Buffer.from('Escrito inicial'), type: 'text/plain' }, { caso_id: caso })
        ).json.documento.id as string;
        records[caso] = { tarea, evento, actuacion, documento };
      }
      return { aliceId, suyo, ajeno, records };
    }

    it('reaches only the endpoints of their cases: 403 in Spanish for the rest, never a 500', async () => {
      const { client: pablo } = await join(suite.ts, suite.alice, 'pasante');
      for (const endpoint of USER_ENDPOINTS) {
        const res = await probe(pablo, endpoint);
        const where = `${endpoint.method} ${endpoint.path} → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.status, where).toBeLessThan(500);
        const reaches = areaOf(endpoint.method, endpoint.path) === 'persona' || `${endpoint.method} ${endpoint.path}` in RUTAS_PASANTE;
        if (reaches) expect(res.status, where).not.toBe(403);
        else expect(res.json.error, where).toMatchObject({ code: 'FORBIDDEN_ROLE', message: expect.stringMatching(/^Tu rol en este despacho no permite usar /) });
      }
    }, 120_000);

    it("lists, reads and changes only the cases they work on and what hangs on them; another case's rows are not there (404)", async () => {
      const { client: pablo, personId } = await join(suite.ts, suite.alice, 'pasante');
      const { suyo, ajeno, records } = await practice(personId);
      expect(suyo.asignados).toEqual([{ id: personId, nombre: 'Pablo Reyes' }]);

      expect((await pablo.call(casosApi.list)).json.items.map((c: { id: string }) => c.id)).toEqual([suyo.id]);
      expect((await pablo.call(casosApi.options)).json.items.map((c: { id: string }) => c.id)).toEqual([suyo.id]);
      expect((await pablo.call(casosApi.get, { params: { id: suyo.id } })).status).toBe(200);
      expect((await pablo.call(casosApi.get, { params: { id: ajeno.id } })).status).toBe(404);
      expect((await pablo.call(casosApi.history, { params: { id: ajeno.id } })).status).toBe(404);
      // The case itself is the titular's to change.
      expect((await pablo.call(casosApi.update, { params: { id: suyo.id }, body: { estado: 'Cerrado' } })).status).toBe(403);

      const ids = (items: { id: string }[]) => items.map((item) => item.id);
      expect(ids((await pablo.call(tareasApi.list, { query: { vista: 'pendientes' } })).json.items)).toEqual([records[suyo.id]!.tarea]);
      expect(ids((await pablo.call(tareasApi.list, { query: { vista: 'por_caso' } })).json.items)).toEqual([records[suyo.id]!.tarea]);
      expect(ids((await pablo.call(documentosApi.list)).json.items)).toEqual([records[suyo.id]!.documento]);
      expect(ids((await pablo.call(calendarioApi.list, { query: { desde: inDays(-1), hasta: inDays(10) } })).json.items)).toEqual([records[suyo.id]!.evento]);
      expect(ids((await pablo.call(calendarioApi.upcoming)).json.items)).toEqual([records[suyo.id]!.evento]);
      expect(ids((await pablo.call(actuacionesApi.list, { query: { caso_id: suyo.id } })).json.items)).toEqual([records[suyo.id]!.actuacion]);
      expect((await pablo.call(actuacionesApi.list, { query: { caso_id: ajeno.id } })).status).toBe(404);

      const other = records[ajeno.id]!;
      expect((await pablo.call(documentosApi.get, { params: { id: other.documento } })).status).toBe(404);
      expect((await pablo.call(documentosApi.file, { params: { id: other.documento } })).status).toBe(404);
      expect((await pablo.call(tareasApi.hecha, { params: { id: other.tarea }, body: { hecha: true } })).status).toBe(404);
      expect((await pablo.call(tareasApi.remove, { params: { id: other.tarea } })).status).toBe(404);
      expect((await pablo.call(calendarioApi.remove, { params: { id: other.evento } })).status).toBe(404);
      expect((await pablo.call(actuacionesApi.remove, { params: { id: other.actuacion } })).status).toBe(404);
      // A row of theirs cannot be moved to a case that is not.
      const mine = records[suyo.id]!;
      expect((await pablo.call(tareasApi.update, { params: { id: mine.tarea }, body: { titulo: 'Movida', caso_id: ajeno.id } })).status).toBe(404);
      expect((await pablo.call(tareasApi.hecha, { params: { id: mine.tarea }, body: { hecha: true } })).status).toBe(200);

      // What they record hangs on one of their cases.
      expect((await pablo.call(tareasApi.create, { body: { titulo: 'Revisar', caso_id: ajeno.id } })).status).toBe(404);
      const loose = await pablo.call(tareasApi.create, { body: { titulo: 'Revisar' } });
      expect(loose.json.error).toMatchObject({ code: 'FORBIDDEN_ROLE', message: MSG.equipo.soloSusCasos });
      expect((await pablo.call(tareasApi.create, { body: { titulo: 'Revisar el acuerdo', caso_id: suyo.id } })).status).toBe(201);
      const upload = await pablo.upload(documentosApi.upload, { name: 'ajeno.txt', bytes: Buffer.from('x'), type: 'text/plain' }, { caso_id: ajeno.id });
      expect(upload.status).toBe(404);
      expect((await pablo.upload(documentosApi.upload, { name: 'promocion.txt', bytes: Buffer.from('Promoción'), type: 'text/plain' }, { caso_id: suyo.id })).status).toBe(201);
      // The titular's list still has everything.
      expect((await suite.alice.call(casosApi.list)).json.items).toHaveLength(2);
    });

    it('reads the bulletin against their cases only, confirms an acuerdo of theirs, and the responsible lawyer is told in their bell', async () => {
      const { client: pablo, personId } = await join(suite.ts, suite.alice, 'pasante');
      const { suyo, ajeno } = await practice(personId);
      const review = await pablo.call(boletinesApi.reviewText, { body: { texto: BOLETIN } });
      expect(review.status, review.text).toBe(200);
      const matched = new Set(review.json.coincidencias.map((c: { caso: { id: string } }) => c.caso.id));
      expect(matched.has(suyo.id)).toBe(true);
      expect(matched.has(ajeno.id)).toBe(false);

      const confirm = (caso: string, texto: string) =>
        pablo.call(boletinesApi.confirm, { body: { fecha_publicacion: '2026-11-27', fuente: 'Boletín Judicial CDMX', actuaciones: [{ caso_id: caso, texto }] } });
      expect((await confirm(ajeno.id, 'INMOBILIARIA DEL VALLE S.A. vs. ROSA MÉNDEZ. Ordinario Civil. Exp. 456/2024.')).status).toBe(404);
      const confirmed = await confirm(suyo.id, 'BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.');
      expect(confirmed.status, confirmed.text).toBe(201);

      // The titular answers for the case: it is in their bell, with who confirmed it in the case's history.
      let notices: { titulo: string; enlace: string }[] = [];
      await expect
        .poll(async () => {
          await suite.ts.server.jobs.tick();
          notices = (await suite.alice.call(notificacionesApi.list)).json.items;
          return notices.map((notice) => notice.titulo);
        })
        .toContain(MSG.equipo.acuerdoConfirmado('123/2024'));
      expect(notices.find((notice) => notice.titulo === MSG.equipo.acuerdoConfirmado('123/2024'))!.enlace).toBe(`/casos/${suyo.id}?tab=actuaciones`);
      // Whoever confirmed it is not told of their own act; a pasante's bell holds only what is for them.
      expect((await pablo.call(notificacionesApi.list)).json.items).toEqual([]);
    });

    it('never handles money, and their assignments go with them when they leave', async () => {
      const { client: pablo, personId } = await join(suite.ts, suite.alice, 'pasante', { facturacion: true });
      expect((await pablo.call(equipoApi.despachos)).json.actual).toMatchObject({ rol: 'pasante', facturacion: false });
      const { suyo } = await practice(personId);
      expect((await suite.alice.call(equipoApi.quitar, { params: { id: personId } })).status).toBe(200);
      expect((await pablo.call(casosApi.list)).status).toBe(401);
      expect((await suite.alice.call(casosApi.get, { params: { id: suyo.id } })).json.caso.asignados).toEqual([]);
      // Only people of the despacho are assigned.
      const bobId = (await suite.bob.call(equipoApi.despachos)).json.actual.id as string;
      const outsider = await suite.alice.call(casosApi.update, { params: { id: suyo.id }, body: { asignados: [bobId] } });
      expect(outsider.json.error).toMatchObject({ field: 'asignados', message: MSG.equipo.asignadoInvalido });
    });
  });
}
