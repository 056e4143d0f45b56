import * as shared from '@bufete/shared';
import { casosApi, clientesApi, equipoApi, MSG, notasApi, permisoDe, type Rol, searchApi } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { areaOf } from '../../src/http/areas';
import { PASSWORD, signUpConfirmed, uniqueEmail } from '../support/accounts';
import { linkIn } from '../support/mail';
import { type Backend, postgresAvailable } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';
import { exportOf, importInto } from '../support/portability';
import { join, probe, USER_ENDPOINTS } from '../support/team';
import { readZip } from '../support/zip';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`el despacho y su equipo (${backend})`, () => {
    const suite = serverWithTwoLawyers({ backend }, { alice: { nombre: 'Mariana', apellido: 'Robles' } });

    it("an invitee signs up through the emailed link and works in the titular's despacho, their own still theirs", async () => {
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Juicio ordinario civil 45/2026' } })).json.caso as { id: string };
      const { client: luis } = await join(suite.ts, suite.alice, 'asociado');

      const despachos = (await luis.call(equipoApi.despachos)).json;
      expect(despachos.actual).toMatchObject({ nombre: 'Despacho de Mariana Robles', rol: 'asociado' });
      expect(despachos.despachos.map((d: { rol: Rol }) => d.rol)).toEqual(['titular', 'asociado']);
      // The practice's cases, not a copy: what the associate changes is the titular's record.
      expect((await luis.call(casosApi.get, { params: { id: caso.id } })).status).toBe(200);
      expect((await luis.call(casosApi.update, { params: { id: caso.id }, body: { estado: 'En Revisión' } })).status).toBe(200);
      expect((await suite.alice.call(casosApi.get, { params: { id: caso.id } })).json.caso.estado).toBe('En Revisión');
      // The case's history says who: the associate by name, the titular's own entries unmarked.
      const history = (await suite.alice.call(casosApi.history, { params: { id: caso.id } })).json.items as {
        resumen: string;
        autor: string | null;
        cambios: { campo: string }[];
      }[];
      expect(history.find((entry) => entry.cambios.some((cambio) => cambio.campo === 'Estado'))?.autor).toBe('Luis Reyes');
      expect(history.at(-1)!.autor).toBeNull();

      // Back in their own despacho, the titular's case is not there.
      const own = despachos.despachos[0].id as string;
      expect((await luis.call(equipoApi.cambiar, { body: { despacho_id: own } })).json.actual.rol).toBe('titular');
      expect((await luis.call(casosApi.get, { params: { id: caso.id } })).status).toBe(404);
      // A despacho they do not belong to is not there for them.
      const bobs = (await suite.bob.call(equipoApi.despachos)).json.actual.id as string;
      expect((await luis.call(equipoApi.cambiar, { body: { despacho_id: bobs } })).status).toBe(404);
      expect((await luis.call(equipoApi.cambiar, { body: { despacho_id: despachos.actual.id } })).json.actual.rol).toBe('asociado');

      // The case's responsible is someone of the despacho; 'Míos' are each person's own.
      const luisId = despachos.despachos[0].id as string;
      const personas = (await luis.call(equipoApi.personas)).json.items as { id: string; nombre: string }[];
      expect(personas.map((p) => p.nombre)).toEqual(['Mariana Robles', 'Luis Reyes']);
      const suyo = await suite.alice.call(casosApi.create, { body: { titulo: 'Amparo en revisión 9/2026', responsable_id: luisId } });
      expect(suyo.json.caso.responsable).toEqual({ id: luisId, nombre: 'Luis Reyes' });
      const mios = (await luis.call(casosApi.list, { query: { mios: '1' } })).json.items.map((c: { titulo: string }) => c.titulo);
      expect(mios).toEqual(['Amparo en revisión 9/2026']);
      expect((await suite.alice.call(casosApi.list, { query: { mios: '1' } })).json.items).toEqual([]);
      expect((await suite.alice.call(casosApi.list)).json.items).toHaveLength(2);
      const bobId = (await suite.bob.call(equipoApi.despachos)).json.actual.id as string;
      const outsider = await suite.alice.call(casosApi.update, { params: { id: caso.id }, body: { responsable_id: bobId } });
      expect(outsider.status).toBe(400);
      expect(outsider.json.error).toMatchObject({ field: 'responsable_id', message: MSG.equipo.responsableInvalido });

      const team = (await suite.alice.call(equipoApi.miembros)).json;
      expect(team.miembros.map((m: { rol: Rol; tu: boolean }) => [m.rol, m.tu])).toEqual([
        ['titular', true],
        ['asociado', false],
      ]);
    });

    it('every endpoint answers each role as its table says: 403 in Spanish beyond it, never a 500', async () => {
      const { client: ana } = await join(suite.ts, suite.alice, 'asistente');
      const { client: luis } = await join(suite.ts, suite.alice, 'asociado');
      const checked: string[] = [];
      for (const [rol, client] of [
        ['asistente', ana],
        ['asociado', luis],
      ] as const) {
        for (const endpoint of USER_ENDPOINTS) {
          const area = areaOf(endpoint.method, endpoint.path);
          expect(area, `${endpoint.method} ${endpoint.path} no tiene área`).not.toBeNull();
          const forbidden = area !== 'persona' && area !== 'comun' && permisoDe({ rol, facturacion: false }, area!) === 'ninguno';
          const res = await probe(client, endpoint);
          const where = `${rol}: ${endpoint.method} ${endpoint.path} → ${res.status} ${res.text.slice(0, 200)}`;
          expect(res.status, where).toBeLessThan(500);
          if (forbidden) {
            expect(res.status, where).toBe(403);
            expect(res.json.error.code, where).toBe('FORBIDDEN_ROLE');
            expect(res.json.error.message, where).toMatch(/^Tu rol en este despacho no permite usar /);
          } else expect(res.status, where).not.toBe(403);
          checked.push(where);
        }
      }
      expect(checked.length).toBe(USER_ENDPOINTS.length * 2);
    }, 120_000);

    it('the search finds only what the role may open', async () => {
      const { client: ana } = await join(suite.ts, suite.alice, 'asistente');
      await suite.alice.call(clientesApi.create, { body: { nombre: 'Zacatecas Transportes SA de CV' } });
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Ejecutivo mercantil 5/2026' } })).json.caso as { id: string };
      await suite.alice.call(shared.actuacionesApi.create, {
        body: { caso_id: caso.id, fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: 'Se tiene a Zacatecas Transportes contestando la demanda' },
      });
      const mine = (await suite.alice.call(searchApi.search, { query: { q: 'Zacatecas' } })).json.grupos.map((g: { tipo: string }) => g.tipo);
      expect(mine).toEqual(expect.arrayContaining(['actuaciones', 'clientes']));
      const hers = (await ana.call(searchApi.search, { query: { q: 'Zacatecas' } })).json.grupos.map((g: { tipo: string }) => g.tipo);
      expect(hers).toContain('clientes');
      expect(hers).not.toContain('actuaciones');
      expect((await ana.call(searchApi.search, { query: { q: 'Zacatecas', tipo: 'actuaciones' } })).status).toBe(403);
    });

    it("a private note is read by its author alone, in lists, by address, in the search and in a case; the rest of the notes are the team's", async () => {
      const { client: ana } = await join(suite.ts, suite.alice, 'asistente');
      const { client: luis, personId: luisId } = await join(suite.ts, suite.alice, 'asociado');
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Mercantil Zapopan 77/2026' } })).json.caso as { id: string };
      const note = async (client: typeof ana, titulo: string, privada: boolean) =>
        (await client.call(notasApi.create, { body: { titulo, privada, caso_id: caso.id } })).json.nota as { id: string; privada: boolean };
      const comun = await note(suite.alice, 'Zapopan: cronología del juicio', false);
      const deMariana = await note(suite.alice, 'Zapopan: honorarios pactados', true);
      const deLuis = await note(luis, 'Zapopan: estrategia de Luis', true);
      expect(deMariana.privada).toBe(true);
      const titles = async (client: typeof ana) => (await client.call(notasApi.list)).json.items.map((n: { titulo: string }) => n.titulo).sort();
      expect(await titles(suite.alice)).toEqual(['Zapopan: cronología del juicio', 'Zapopan: honorarios pactados']);
      expect(await titles(luis)).toEqual(['Zapopan: cronología del juicio', 'Zapopan: estrategia de Luis']);
      expect(await titles(ana)).toEqual(['Zapopan: cronología del juicio']);
      // By address, changed, or deleted by anyone else: not there.
      expect((await ana.call(notasApi.get, { params: { id: comun.id } })).status).toBe(200);
      expect((await ana.call(notasApi.get, { params: { id: deMariana.id } })).status).toBe(404);
      expect((await suite.alice.call(notasApi.get, { params: { id: deLuis.id } })).status).toBe(404);
      expect((await suite.alice.call(notasApi.update, { params: { id: deLuis.id }, body: { titulo: 'Mía' } })).status).toBe(404);
      expect((await ana.call(notasApi.remove, { params: { id: deMariana.id } })).status).toBe(404);
      // The search and the case's count say the same.
      const found = async (client: typeof ana) =>
        ((await client.call(searchApi.search, { query: { q: 'Zapopan', tipo: 'notas' } })).json.grupos[0]?.items ?? []).map((i: { titulo: string }) => i.titulo).sort();
      expect(await found(ana)).toEqual(['Zapopan: cronología del juicio']);
      expect(await found(luis)).toEqual(['Zapopan: cronología del juicio', 'Zapopan: estrategia de Luis']);
      expect((await ana.call(casosApi.counts, { params: { id: caso.id } })).json.counts.notas).toBe(1);
      // A member who leaves leaves their private notes to the despacho: still private, now its titular's.
      await suite.alice.call(equipoApi.quitar, { params: { id: luisId } });
      expect((await suite.alice.call(notasApi.get, { params: { id: deLuis.id } })).json.nota.privada).toBe(true);
      expect(await titles(ana)).toEqual(['Zapopan: cronología del juicio']);
    });

    it('a task given to a member is theirs in "Míos" and told in their own bell; only people of the despacho take one', async () => {
      const { client: luis, personId: luisId } = await join(suite.ts, suite.alice, 'asociado');
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Laboral 301/2026' } })).json.caso as { id: string };
      const given = await suite.alice.call(shared.tareasApi.create, {
        body: { titulo: 'Preparar pliego de posiciones', caso_id: caso.id, asignado_id: luisId, vence: '2026-12-04' },
      });
      expect(given.status, given.text).toBe(201);
      expect(given.json.tarea.asignado).toEqual({ id: luisId, nombre: 'Luis Reyes' });
      await suite.alice.call(shared.tareasApi.create, { body: { titulo: 'Llamar al cliente', caso_id: caso.id } });
      const titles = async (client: typeof luis, mios?: '1') =>
        (await client.call(shared.tareasApi.list, { query: { mios } })).json.items.map((t: { titulo: string }) => t.titulo).sort();
      expect(await titles(luis, '1')).toEqual(['Preparar pliego de posiciones']);
      expect(await titles(luis)).toEqual(['Llamar al cliente', 'Preparar pliego de posiciones']);
      expect(await titles(suite.alice, '1')).toEqual([]);
      expect((await luis.call(shared.tareasApi.list, { query: { vista: 'por_caso', mios: '1' } })).json.items).toHaveLength(1);

      let bell: { titulo: string; enlace: string }[] = [];
      await expect
        .poll(async () => {
          await suite.ts.server.jobs.tick();
          bell = (await luis.call(shared.notificacionesApi.list)).json.items;
          return bell.map((n) => n.titulo);
        })
        .toContain(MSG.equipo.tareaAsignada('Preparar pliego de posiciones'));
      expect(bell[0]!.enlace).toBe(`/casos/${caso.id}?tab=tareas`);
      // Their own notice is not the titular's, who gave it.
      expect((await suite.alice.call(shared.notificacionesApi.list)).json.items.map((n: { titulo: string }) => n.titulo)).not.toContain(
        MSG.equipo.tareaAsignada('Preparar pliego de posiciones'),
      );

      const bobId = (await suite.bob.call(equipoApi.despachos)).json.actual.id as string;
      const outsider = await suite.alice.call(shared.tareasApi.create, { body: { titulo: 'Otra', asignado_id: bobId } });
      expect(outsider.json.error).toMatchObject({ field: 'asignado_id', message: MSG.equipo.asignadoInvalido });
      // When they leave, the task stays the despacho's, for nobody in particular.
      await suite.alice.call(equipoApi.quitar, { params: { id: luisId } });
      expect((await suite.alice.call(shared.tareasApi.list)).json.items.find((t: { titulo: string }) => t.titulo === 'Preparar pliego de posiciones').asignado).toBeNull();
    });

    it("the calendar's 'Míos' are the appointments of the cases the person works on", async () => {
      const { client: luis, personId: luisId } = await join(suite.ts, suite.alice, 'asociado');
      const suyo = (await suite.alice.call(casosApi.create, { body: { titulo: 'Amparo 14/2026', responsable_id: luisId } })).json.caso as { id: string };
      const asignado = (await suite.alice.call(casosApi.create, { body: { titulo: 'Civil 15/2026', asignados: [luisId] } })).json.caso as { id: string };
      const otro = (await suite.alice.call(casosApi.create, { body: { titulo: 'Civil 16/2026' } })).json.caso as { id: string };
      const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
      for (const [caso, titulo] of [
        [suyo.id, 'Audiencia constitucional'],
        [asignado.id, 'Desahogo de pruebas'],
        [otro.id, 'Junta de avenencia'],
      ])
        expect((await suite.alice.call(shared.calendarioApi.create, { body: { titulo, inicio: at(2), fin: at(2.05), caso_id: caso } })).status).toBe(201);
      const titles = (items: { titulo: string }[]) => items.map((e) => e.titulo).sort();
      const range = { desde: at(-1), hasta: at(10) };
      expect(titles((await luis.call(shared.calendarioApi.list, { query: { ...range, mios: '1' } })).json.items)).toEqual(['Audiencia constitucional', 'Desahogo de pruebas']);
      expect(titles((await luis.call(shared.calendarioApi.upcoming, { query: { mios: '1' } })).json.items)).toEqual(['Audiencia constitucional', 'Desahogo de pruebas']);
      expect((await luis.call(shared.calendarioApi.list, { query: range })).json.items).toHaveLength(3);
      expect((await suite.alice.call(shared.calendarioApi.list, { query: { ...range, mios: '1' } })).json.items).toEqual([]);
    });

    it('an export made as a team carries its people and roles, never their secrets, and a fresh account imports what they all recorded', async () => {
      const { client: luis, personId: luisId } = await join(suite.ts, suite.alice, 'asociado');
      const luisEmail = (await luis.get('/api/account/session')).json.session.user.email as string;
      const caso = (await luis.call(casosApi.create, { body: { titulo: 'Arrendamiento Tlaquepaque 9/2026', responsable_id: luisId } })).json.caso as { id: string };
      await luis.call(notasApi.create, { body: { titulo: 'Tlaquepaque: estrategia de Luis', privada: true, caso_id: caso.id } });
      await suite.alice.call(notasApi.create, { body: { titulo: 'Tlaquepaque: cronología', caso_id: caso.id } });
      await suite.alice.call(shared.tareasApi.create, { body: { titulo: 'Tlaquepaque: citar al arrendatario', caso_id: caso.id, asignado_id: luisId } });

      const { bytes } = await exportOf(suite.alice);
      const entries = await readZip(bytes);
      const equipo = entries.get('equipo.csv')!.toString('utf8');
      expect(equipo).toContain('Nombre,Email,Rol,Puede facturar,Desde');
      expect(equipo).toContain(`Mariana Robles`);
      expect(equipo).toContain(`Luis Reyes,${luisEmail},Abogado asociado,No`);
      expect(entries.get('casos.csv')!.toString('utf8')).toMatch(/Arrendamiento Tlaquepaque 9\/2026,.*,Luis Reyes,/);
      // Nothing of anyone's sign-in travels.
      const all = [...entries.values()].map((entry) => entry.toString('latin1')).join('\n');
      const secrets = rowsOf<{ password: string | null }>(
        await suite.ts.server.database.db.execute(sql`select password from accounts where user_id = ${luisId} and password is not null`),
      );
      expect(secrets.length).toBe(1);
      expect(all).not.toContain(secrets[0]!.password!);
      expect(all).not.toMatch(/two_factor|totp_secret|backup_codes/i);

      // A fresh account takes it all: the private note stays private, now its new titular's.
      const { client: fresh } = await signUpConfirmed(suite.ts);
      const { trabajo } = await importInto(fresh, bytes);
      expect(trabajo, JSON.stringify(trabajo)).toMatchObject({ estado: 'lista' });
      const notas = (await fresh.call(notasApi.list)).json.items as { titulo: string; privada: boolean }[];
      expect(
        notas
          .filter((n) => n.titulo.startsWith('Tlaquepaque'))
          .map((n) => [n.titulo, n.privada])
          .sort(),
      ).toEqual([
        ['Tlaquepaque: cronología', false],
        ['Tlaquepaque: estrategia de Luis', true],
      ]);
      const imported = (await fresh.call(casosApi.list)).json.items.find((c: { titulo: string }) => c.titulo === 'Arrendamiento Tlaquepaque 9/2026');
      // Who answered for it was a person of the other installation: nobody in particular here.
      expect(imported.responsable).toBeNull();
      const tarea = (await fresh.call(shared.tareasApi.list)).json.items.find((t: { titulo: string }) => t.titulo === 'Tlaquepaque: citar al arrendatario');
      expect(tarea.asignado).toBeNull();
    });

    it('a despacho its titular closed is worked in by nobody: its members are back in their own until the titular restores it', async () => {
      const { client: rosa, email } = await signUpConfirmed(suite.ts, { nombre: 'Rosa', apellido: 'Ibarra' });
      const { client: luis } = await join(suite.ts, rosa, 'asociado');
      const caso = (await rosa.call(casosApi.create, { body: { titulo: 'Divorcio voluntario 2/2026' } })).json.caso as { id: string };
      expect((await luis.call(casosApi.get, { params: { id: caso.id } })).status).toBe(200);
      const rosas = (await luis.call(equipoApi.despachos)).json.actual.id as string;

      expect((await rosa.call(shared.securityApi.closeAccount, { body: { password: PASSWORD, confirmacion: true } })).status).toBe(200);
      // His next request is in his own despacho: the closed one's records are not there, nor is it to switch to.
      expect((await luis.call(casosApi.get, { params: { id: caso.id } })).status).toBe(404);
      expect((await luis.call(equipoApi.despachos)).json.despachos.map((d: { id: string }) => d.id)).not.toContain(rosas);
      expect((await luis.call(equipoApi.cambiar, { body: { despacho_id: rosas } })).status).toBe(404);

      // Signing in within the grace restores it, and its members with it.
      expect((await suite.ts.client().call(shared.accountApi.signIn, { body: { email, password: PASSWORD } })).status).toBe(200);
      expect((await luis.call(equipoApi.cambiar, { body: { despacho_id: rosas } })).status).toBe(200);
      expect((await luis.call(casosApi.get, { params: { id: caso.id } })).status).toBe(200);
    });

    it("a role change holds from the next request, and a removed member's next click ends their session", async () => {
      const { client: luis, personId } = await join(suite.ts, suite.alice, 'asociado');
      expect((await luis.call(shared.tiempoApi.list)).status).toBe(200);
      const changed = await suite.alice.call(equipoApi.cambiarRol, { params: { id: personId }, body: { rol: 'asistente' } });
      expect(changed.json.miembro).toMatchObject({ rol: 'asistente' });
      expect((await luis.call(shared.tiempoApi.list)).status).toBe(403);
      // Invoicing opened to them by the titular.
      expect((await luis.call(shared.facturasApi.list)).status).toBe(403);
      await suite.alice.call(equipoApi.cambiarRol, { params: { id: personId }, body: { rol: 'asistente', facturacion: true } });
      expect((await luis.call(shared.facturasApi.list)).status).toBe(200);

      const caso = (await luis.call(casosApi.create, { body: { titulo: 'Amparo indirecto 12/2026' } })).json.caso as { id: string };
      const suyo = (await suite.alice.call(casosApi.create, { body: { titulo: 'Sucesión intestamentaria 3/2026', responsable_id: personId } })).json.caso as { id: string };
      expect((await suite.alice.call(equipoApi.quitar, { params: { id: personId } })).status).toBe(200);
      const after = await luis.call(casosApi.list);
      expect(after.status).toBe(401);
      // What they recorded stays the despacho's; the cases they answered for wait for another responsible.
      expect((await suite.alice.call(casosApi.get, { params: { id: caso.id } })).status).toBe(200);
      expect((await suite.alice.call(casosApi.get, { params: { id: suyo.id } })).json.caso.responsable).toBeNull();
      // The titular is never removed nor demoted.
      const aliceId = (await suite.alice.call(equipoApi.despachos)).json.actual.id as string;
      expect((await suite.alice.call(equipoApi.quitar, { params: { id: aliceId } })).json.error.message).toBe(MSG.equipo.titularNoSeQuita);
      expect((await suite.alice.call(equipoApi.cambiarRol, { params: { id: aliceId }, body: { rol: 'asociado' } })).json.error.message).toBe(MSG.equipo.titularNoSeQuita);
      // Another despacho's member is not there to remove.
      expect((await suite.bob.call(equipoApi.quitar, { params: { id: personId } })).status).toBe(404);
    });

    it('invitations are single-use, for their address, for 7 days, and bounded', async () => {
      const { client: luis, token, email } = await join(suite.ts, suite.alice, 'asociado');
      expect((await luis.call(equipoApi.aceptar, { body: { token } })).json.error.message).toBe(MSG.equipo.invitacionUsada);
      expect((await suite.alice.call(equipoApi.invitar, { body: { email, rol: 'asociado' } })).json.error).toMatchObject({
        field: 'email',
        message: MSG.equipo.yaEsMiembro(email),
      });
      const aliceEmail = (await suite.alice.get('/api/account/session')).json.session.user.email as string;
      expect((await suite.alice.call(equipoApi.invitar, { body: { email: aliceEmail, rol: 'asociado' } })).json.error.message).toBe(MSG.equipo.tuMismo);
      expect((await suite.alice.call(equipoApi.invitar, { body: { email: 'x@example.com', rol: 'titular' as 'asociado' } })).json.error.message).toBe(MSG.equipo.rolInvalido);

      // Twice to the same address: the second waits for the first.
      const pending = uniqueEmail('pendiente');
      expect((await suite.alice.call(equipoApi.invitar, { body: { email: pending, rol: 'asistente' } })).status).toBe(201);
      expect((await suite.alice.call(equipoApi.invitar, { body: { email: pending, rol: 'asistente' } })).json.error.message).toBe(MSG.equipo.yaInvitado(pending));
      // Someone else's link is refused to whoever holds it.
      const mail = await suite.ts.mail.waitFor(pending, /te invita/);
      const stolen = linkIn(mail, '/invitacion').hash.slice(1);
      expect((await suite.bob.call(equipoApi.aceptar, { body: { token: stolen } })).json.error.message).toBe(MSG.equipo.otroCorreo(pending));
      // Expired: it says so, and a new one can be sent.
      await suite.ts.server.database.db.execute(sql`update despacho_invitaciones set expira_at = now() - interval '1 minute' where email = ${pending}`);
      expect((await suite.ts.client().call(equipoApi.verInvitacion, { body: { token: stolen } })).json.estado).toBe('caducada');
      const { client: late } = await signUpConfirmed(suite.ts, { email: pending });
      expect((await late.call(equipoApi.aceptar, { body: { token: stolen } })).json.error.message).toBe(MSG.equipo.invitacionCaducada);
      expect((await suite.ts.client().call(equipoApi.verInvitacion, { body: { token: 'x'.repeat(43) } })).json.error.message).toBe(MSG.equipo.invitacionInvalida);
      const listed = (await suite.alice.call(equipoApi.miembros)).json.invitaciones.find((i: { email: string }) => i.email === pending);
      expect(listed.estado).toBe('caducada');
      expect((await suite.alice.call(equipoApi.invitar, { body: { email: pending, rol: 'asistente' } })).status).toBe(201);

      // At most 20 a day per despacho, counted in the same lock as the writes: a burst cannot pass it.
      const burst = await Promise.all(Array.from({ length: 25 }, () => suite.bob.call(equipoApi.invitar, { body: { email: uniqueEmail('rafaga'), rol: 'asistente' } })));
      expect(burst.filter((res) => res.status === 201)).toHaveLength(20);
      expect(burst.find((res) => res.status !== 201)!.json.error.message).toBe(MSG.equipo.limiteInvitaciones);
    });
  });
}
