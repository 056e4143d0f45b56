import { actuacionesApi, casosApi, MSG } from '@bufete/shared';
import { describe, expect, it } from 'vitest';
import { type Backend, postgresAvailable } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`actuaciones de un caso (${backend})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    const newCase = async (titulo: string) =>
      (await suite.alice.call(casosApi.create, { body: { titulo, expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil' } })).json.caso.id as string;

    it('registers, lists (latest publication first), edits and deletes, each change in the case’s history', async () => {
      const casoId = await newCase('Hipotecario Banco del Centro');
      const doc = (await suite.alice.upload('/api/documentos', { name: 'acuerdo.txt', bytes: Buffer.from('Acuerdo escaneado') }, { caso_id: casoId })).json.documento.id as string;
      // The optional fields blank, as most people leave them.
      const first = await suite.alice.call(actuacionesApi.create, {
        body: { caso_id: casoId, fecha_publicacion: '2026-11-20', fecha_efectos: '', tipo: 'auto_admisorio', texto: 'Se admite la demanda.', fuente: '' },
      });
      expect(first.status, first.text).toBe(201);
      expect(first.json.actuacion).toMatchObject({
        origen: 'manual',
        fecha_efectos: null,
        fuente: null,
        documentos: [],
        caso: { id: casoId, titulo: 'Hipotecario Banco del Centro' },
      });
      const second = await suite.alice.call(actuacionesApi.create, {
        body: {
          caso_id: casoId,
          fecha_publicacion: '2026-11-26',
          fecha_efectos: '2026-11-27',
          tipo: 'requerimiento',
          texto: 'Se requiere a la parte actora para que exhiba el certificado de gravámenes.',
          origen: 'boletin',
          fuente: 'Boletín Judicial CDMX, 26/11/2026',
          documento_ids: [doc],
        },
      });
      expect(second.status, second.text).toBe(201);
      expect(second.json.actuacion.documentos).toEqual([{ id: doc, nombre: 'acuerdo.txt' }]);

      const list = await suite.alice.call(actuacionesApi.list, { query: { caso_id: casoId } });
      expect(list.json.items.map((item: { tipo: string }) => item.tipo)).toEqual(['requerimiento', 'auto_admisorio']);

      const edited = await suite.alice.call(actuacionesApi.update, {
        params: { id: first.json.actuacion.id },
        body: {
          fecha_publicacion: '2026-11-20',
          fecha_efectos: '2026-11-23',
          tipo: 'auto_admisorio',
          texto: 'Se admite la demanda en la vía propuesta.',
          origen: 'manual',
          fuente: '',
          documento_ids: [doc],
        },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.json.actuacion).toMatchObject({ fecha_efectos: '2026-11-23', documentos: [{ id: doc }] });

      expect((await suite.alice.call(actuacionesApi.remove, { params: { id: second.json.actuacion.id } })).status).toBe(200);
      expect((await suite.alice.call(actuacionesApi.list, { query: { caso_id: casoId } })).json.items).toHaveLength(1);

      const history = (await suite.alice.call(casosApi.history, { params: { id: casoId } })).json.items as {
        resumen: string;
        cambios: { campo: string; antes: string | null; despues: string | null }[];
      }[];
      const resumenes = history.map((entry) => entry.resumen);
      expect(resumenes).toEqual(
        expect.arrayContaining([
          'Actuación registrada: Auto admisorio del 20/11/2026',
          'Actuación editada: Auto admisorio del 20/11/2026',
          'Actuación eliminada: Requerimiento del 26/11/2026',
        ]),
      );
      // The text is named as changed, never copied into the history.
      const edit = history.find((entry) => entry.resumen.startsWith('Actuación editada'))!;
      expect(edit.cambios).toEqual(
        expect.arrayContaining([
          { campo: 'Texto', antes: null, despues: null },
          { campo: 'Surte efectos', antes: null, despues: '23/11/2026' },
        ]),
      );
      expect(JSON.stringify(history)).not.toContain('vía propuesta');
    });

    it('says in Spanish what is wrong and keeps to the lawyer’s own cases and documents', async () => {
      const casoId = await newCase('Caso de Alicia');
      const otroCaso = await newCase('Otro caso de Alicia');
      const docDeOtro = (await suite.alice.upload('/api/documentos', { name: 'otro.txt', bytes: Buffer.from('x') }, { caso_id: otroCaso })).json.documento.id as string;

      const before = await suite.alice.call(actuacionesApi.create, {
        body: { caso_id: casoId, fecha_publicacion: '2026-11-20', fecha_efectos: '2026-11-19', tipo: 'acuerdo', texto: 'x' },
      });
      expect(before.status).toBe(400);
      expect(before.json.error).toMatchObject({ field: 'fecha_efectos', message: MSG.actuaciones.efectosAntesDePublicacion });
      const blank = await suite.alice.call(actuacionesApi.create, { body: { caso_id: casoId, fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: '   ' } });
      expect(blank.json.error).toMatchObject({ field: 'texto', message: MSG.actuaciones.textoObligatorio });
      const tipo = await suite.alice.call(actuacionesApi.create, { body: { caso_id: casoId, fecha_publicacion: '2026-11-20', tipo: 'sentencia-firme' as never, texto: 'x' } });
      expect(tipo.json.error).toMatchObject({ field: 'tipo', message: MSG.actuaciones.tipoInvalido });
      const foreignDoc = await suite.alice.call(actuacionesApi.create, {
        body: { caso_id: casoId, fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: 'x', documento_ids: [docDeOtro] },
      });
      expect(foreignDoc.status).toBe(400);
      expect(foreignDoc.json.error).toMatchObject({ field: 'documento_ids', message: MSG.actuaciones.documentoDeOtroCaso });

      const mine = (await suite.alice.call(actuacionesApi.create, { body: { caso_id: casoId, fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: 'Confidencial' } })).json
        .actuacion.id;
      // Bob sees none of it, changes none of it, and cannot file one in Alicia's case.
      expect((await suite.bob.call(actuacionesApi.list, { query: { caso_id: casoId } })).status).toBe(404);
      expect(
        (await suite.bob.call(actuacionesApi.update, { params: { id: mine }, body: { fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: 'x', origen: 'manual' } })).status,
      ).toBe(404);
      expect((await suite.bob.call(actuacionesApi.remove, { params: { id: mine } })).status).toBe(404);
      expect((await suite.bob.call(actuacionesApi.create, { body: { caso_id: casoId, fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: 'x' } })).status).toBe(404);

      // The dashboard's 'Acuerdos de hoy': those registered today, across the lawyer's cases, never Bob's.
      const today = await suite.alice.call(actuacionesApi.list, { query: { nuevas: '1' } });
      expect(today.json.items.map((item: { id: string }) => item.id)).toContain(mine);
      expect((await suite.bob.call(actuacionesApi.list, { query: { nuevas: '1' } })).json.items).toEqual([]);
      expect((await suite.alice.call(actuacionesApi.list, { query: {} as never })).status).toBe(400);
      // Deleting the case takes its actuaciones with it; its dialog counts them first.
      expect((await suite.alice.call(casosApi.counts, { params: { id: casoId } })).json.counts).toMatchObject({ actuaciones: 1 });
      expect((await suite.alice.call(casosApi.remove, { params: { id: casoId } })).status).toBe(200);
      expect(
        (await suite.alice.call(actuacionesApi.update, { params: { id: mine }, body: { fecha_publicacion: '2026-11-20', tipo: 'acuerdo', texto: 'x', origen: 'manual' } })).status,
      ).toBe(404);
    });
  });
}
