import { casosApi, clientesApi, type Conflicto, type ConflictoDeCaso, MSG, type Parte, partesApi } from '@bufete/shared';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../support/http-client';
import { type Backend, postgresAvailable } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`las partes de un caso y el conflicto de interés (${backend})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    const newCase = async (client: HttpClient, titulo: string, cliente_id?: string) =>
      (await client.call(casosApi.create, { body: { titulo, expediente: '77/2026', cliente_id } })).json.caso.id as string;
    const addParty = async (client: HttpClient, casoId: string, body: { rol: 'actor' | 'demandado' | 'tercero'; nombre: string; abogado?: string }) => {
      const res = await client.call(partesApi.create, { params: { id: casoId }, body });
      expect(res.status, res.text).toBe(201);
      return res.json;
    };
    const conflicts = async (client: HttpClient, nombre: string, except: { caso_id?: string; cliente_id?: string } = {}) => {
      const res = await client.call(partesApi.conflictos, { query: { nombre, ...except } });
      expect(res.status, res.text).toBe(200);
      return (res.json.items as Conflicto[]).map((item) => `${item.papel}:${item.nombre}${item.caso ? `@${item.caso.titulo}` : ''}`);
    };

    it('adds, lists, edits and deletes a case’s parties, each change in the case’s history and its search', async () => {
      const casoId = await newCase(suite.alice, 'Arrendamiento Colonia Roma');
      // The counsel left blank, as most people leave it.
      const actora = await addParty(suite.alice, casoId, { rol: 'actor', nombre: 'Inmobiliaria Roma, S.A. de C.V.', abogado: '' });
      expect(actora.parte).toMatchObject({ rol: 'actor', nombre: 'Inmobiliaria Roma, S.A. de C.V.', abogado: null, caso_id: casoId });
      expect(actora.conflictos).toEqual([]);
      const demandada = await addParty(suite.alice, casoId, { rol: 'demandado', nombre: 'Martha Ibáñez Ruiz', abogado: 'Lic. Pedro Solís' });
      const list = await suite.alice.call(partesApi.list, { params: { id: casoId } });
      expect((list.json.items as Parte[]).map((parte) => [parte.rol, parte.nombre, parte.abogado])).toEqual([
        ['actor', 'Inmobiliaria Roma, S.A. de C.V.', null],
        ['demandado', 'Martha Ibáñez Ruiz', 'Lic. Pedro Solís'],
      ]);
      // The case list's search finds it by a party's name.
      const found = await suite.alice.call(casosApi.list, { query: { q: 'ibáñez' } });
      expect((found.json.items as { titulo: string }[]).map((caso) => caso.titulo)).toEqual(['Arrendamiento Colonia Roma']);

      const edited = await suite.alice.call(partesApi.update, {
        params: { id: demandada.parte.id },
        body: { rol: 'demandado', nombre: 'Martha Ibáñez Ruiz de Soto', abogado: '' },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.json.parte).toMatchObject({ nombre: 'Martha Ibáñez Ruiz de Soto', abogado: null });
      expect((await suite.alice.call(partesApi.remove, { params: { id: actora.parte.id } })).status).toBe(200);
      expect((await suite.alice.call(casosApi.list, { query: { q: 'inmobiliaria roma' } })).json.items).toEqual([]);

      const history = await suite.alice.get(`/api/casos/${casoId}/historial`);
      expect(history.status, history.text).toBe(200);
      const resumenes = (history.json.items as { resumen: string }[]).map((item) => item.resumen);
      expect(resumenes).toEqual(
        expect.arrayContaining([
          'Parte agregada: Inmobiliaria Roma, S.A. de C.V. (parte actora)',
          'Parte agregada: Martha Ibáñez Ruiz (parte demandada)',
          'Parte editada: Martha Ibáñez Ruiz de Soto',
          'Parte eliminada: Inmobiliaria Roma, S.A. de C.V. (parte actora)',
        ]),
      );
    });

    it('says in Spanish what is wrong with a party, and keeps another lawyer out of them', async () => {
      const casoId = await newCase(suite.alice, 'Cobro de pesos');
      const blank = await suite.alice.call(partesApi.create, { params: { id: casoId }, body: { rol: 'actor', nombre: '   ' } });
      expect(blank.status).toBe(400);
      expect(blank.json.error).toMatchObject({ field: 'nombre', message: MSG.partes.nombreObligatorio });
      const badRole = await suite.alice.post(`/api/casos/${casoId}/partes`, { rol: 'juez', nombre: 'Alguien' });
      expect(badRole.status).toBe(400);
      expect(badRole.json.error).toMatchObject({ field: 'rol', message: MSG.partes.rolInvalido });

      const parte = (await addParty(suite.alice, casoId, { rol: 'demandado', nombre: 'Comercial del Golfo' })).parte;
      // Bruno has the ids (copied from Alicia's screen): every route answers as if there were nothing.
      expect((await suite.bob.call(partesApi.list, { params: { id: casoId } })).status).toBe(404);
      expect((await suite.bob.call(partesApi.create, { params: { id: casoId }, body: { rol: 'actor', nombre: 'Intruso' } })).status).toBe(404);
      expect((await suite.bob.call(partesApi.update, { params: { id: parte.id }, body: { rol: 'actor', nombre: 'Cambiado' } })).status).toBe(404);
      expect((await suite.bob.call(partesApi.remove, { params: { id: parte.id } })).status).toBe(404);
      expect((await suite.alice.call(partesApi.list, { params: { id: casoId } })).json.items.map((item: Parte) => item.nombre)).toEqual(['Comercial del Golfo']);
    });

    it('flags a name that is a client or a party of another case, whatever its accents, capitals and word order, and never another lawyer’s', async () => {
      const cliente = (await suite.alice.call(clientesApi.create, { body: { nombre: 'José Pérez López' } })).json.cliente.id as string;
      const suyo = await newCase(suite.alice, 'Sucesión Pérez', cliente);
      const hipotecario = await newCase(suite.alice, 'Hipotecario Banco del Sur');
      await addParty(suite.alice, hipotecario, { rol: 'demandado', nombre: 'PEREZ LOPEZ JOSE' });
      await addParty(suite.alice, hipotecario, { rol: 'actor', nombre: 'Banco del Sur, S.A.' });
      // Bruno's cases name the same man: never part of Alicia's check, nor hers of his.
      const deBruno = await newCase(suite.bob, 'Caso de Bruno');
      await addParty(suite.bob, deBruno, { rol: 'actor', nombre: 'José Pérez López' });

      const nuevo = await newCase(suite.alice, 'Arrendamiento nuevo');
      const added = await addParty(suite.alice, nuevo, { rol: 'demandado', nombre: 'José Pérez López' });
      expect((added.conflictos as Conflicto[]).map((item) => `${item.papel}:${item.nombre}${item.caso ? `@${item.caso.titulo}` : ''}`).sort()).toEqual([
        'cliente:José Pérez López',
        'demandado:PEREZ LOPEZ JOSE@Hipotecario Banco del Sur',
      ]);
      for (const variant of ['jose perez lopez', 'Pérez López, José', 'LÓPEZ PÉREZ JOSÉ', 'José  Pérez']) {
        expect((await conflicts(suite.alice, variant, { caso_id: nuevo })).sort(), variant).toEqual([
          'cliente:José Pérez López',
          'demandado:PEREZ LOPEZ JOSE@Hipotecario Banco del Sur',
        ]);
      }
      // Another José is not him; a company of the same first word is not the bank.
      expect(await conflicts(suite.alice, 'José Pérez Martínez')).toEqual([]);
      expect(await conflicts(suite.alice, 'Banco del Norte')).toEqual([]);
      expect(await conflicts(suite.alice, 'BANCO DEL SUR SA')).toEqual(['actor:Banco del Sur, S.A.@Hipotecario Banco del Sur']);
      // The case's own client named as its party is not a conflict; the same name in another case still is.
      const own = await addParty(suite.alice, suyo, { rol: 'actor', nombre: 'José Pérez López' });
      expect((own.conflictos as Conflicto[]).map((item) => item.papel).sort()).toEqual(['demandado', 'demandado']);
      // A client being entered is checked against the parties, itself left out when it is edited.
      expect((await conflicts(suite.alice, 'José Pérez López', { cliente_id: cliente })).every((item: string) => !item.startsWith('cliente:'))).toBe(true);
      // Bruno's check finds his own party, and nothing of Alicia's.
      expect(await conflicts(suite.bob, 'Pérez López José')).toEqual(['actor:José Pérez López@Caso de Bruno']);
      expect(await conflicts(suite.bob, 'PEREZ LOPEZ JOSE', { caso_id: deBruno })).toEqual([]);
    });

    it('keeps a case’s conflicts on the case, with the other case and the person’s side in it, until the lawyer notes them as reviewed (in its history)', async () => {
      const hipotecario = await newCase(suite.alice, 'Hipotecario Inmobiliaria Roma');
      await addParty(suite.alice, hipotecario, { rol: 'demandado', nombre: 'Inmobiliaria Roma, S.A. de C.V.' });
      // The demandada of that case becomes a client, and a case is opened for it.
      const cliente = (await suite.alice.call(clientesApi.create, { body: { nombre: 'Inmobiliaria Roma S.A. de C.V.' } })).json.cliente.id as string;
      const suyo = await newCase(suite.alice, 'Amparo Inmobiliaria Roma', cliente);
      await addParty(suite.alice, suyo, { rol: 'tercero', nombre: 'Juan Ruiz' });
      const listed = async (casoId: string) => {
        const res = await suite.alice.call(partesApi.conflictosDeCaso, { params: { id: casoId } });
        expect(res.status, res.text).toBe(200);
        return res.json.items as ConflictoDeCaso[];
      };
      const [found, ...rest] = await listed(suyo);
      expect(rest).toEqual([]);
      expect(found).toMatchObject({
        nombre: 'Inmobiliaria Roma S.A. de C.V.',
        papel_aqui: 'cliente',
        conflicto: { papel: 'demandado', caso: { id: hipotecario, titulo: 'Hipotecario Inmobiliaria Roma' } },
        revisado: false,
      });
      // The other case is marked too: its demandada is now a client.
      expect((await listed(hipotecario)).map((item) => `${item.papel_aqui}→${item.conflicto.papel}`)).toEqual(['demandado→cliente']);
      // Another lawyer can neither read nor review them; a made-up key is refused.
      expect((await suite.bob.call(partesApi.conflictosDeCaso, { params: { id: suyo } })).status).toBe(404);
      expect((await suite.bob.call(partesApi.revisarConflictos, { params: { id: suyo }, body: { claves: [found!.clave] } })).status).toBe(404);
      const unknown = await suite.alice.post(`/api/casos/${suyo}/conflictos/review`, { claves: ['no-es-un-id'] });
      expect(unknown.status).toBe(404);
      expect(unknown.json.error.message).toBe(MSG.http.notFound);
      const empty = await suite.alice.post(`/api/casos/${suyo}/conflictos/review`, { claves: [] });
      expect(empty.status).toBe(400);
      expect(empty.json.error.message).toBe(MSG.validation.badRequest);

      const reviewed = await suite.alice.call(partesApi.revisarConflictos, { params: { id: suyo }, body: { claves: [found!.clave] } });
      expect(reviewed.status, reviewed.text).toBe(200);
      expect(reviewed.json.items).toEqual([{ ...found, revisado: true }]);
      expect((await listed(suyo))[0]!.revisado).toBe(true);
      const history = (await suite.alice.call(casosApi.history, { params: { id: suyo }, query: {} })).json.items as { resumen: string }[];
      expect(history.map((entry) => entry.resumen)).toContain(
        'Posible conflicto de interés revisado: Inmobiliaria Roma S.A. de C.V. (cliente aquí): parte demandada en «Hipotecario Inmobiliaria Roma»',
      );
      // A new match marks the case again.
      await addParty(suite.alice, hipotecario, { rol: 'actor', nombre: 'Juan Ruiz' });
      expect((await listed(suyo)).filter((item) => !item.revisado).map((item) => `${item.nombre}→${item.conflicto.papel}`)).toEqual(['Juan Ruiz→actor']);
    });
  });
}
