import { casosApi, clientesApi, etiquetasApi, imagenesApi, MSG, notasApi, plainToRichText } from '@bufete/shared';
import { describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { makePng } from '../support/fixtures';
import type { HttpClient } from '../support/http-client';
import { type Backend, postgresAvailable } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`notas y etiquetas (${backend})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    const tag = async (client: HttpClient, nombre: string, color?: string) => {
      const res = await client.call(etiquetasApi.create, { body: { nombre, ...(color ? { color } : {}) } });
      expect(res.status, res.text).toBe(201);
      return res.json.etiqueta as { id: string; nombre: string; color: string };
    };

    it('validates titles, tag names, colours and rich text', async () => {
      const blank = await suite.alice.call(notasApi.create, { body: { titulo: '   ' } });
      expect(blank.status).toBe(400);
      expect(blank.json.error).toMatchObject({ field: 'titulo', message: MSG.notes.tituloObligatorio });
      expect((await suite.alice.call(etiquetasApi.create, { body: { nombre: ' ' } })).json.error.message).toBe(MSG.notes.etiquetaObligatoria);
      expect((await suite.alice.call(etiquetasApi.create, { body: { nombre: 'x', color: '#000000' } })).json.error.message).toBe(MSG.notes.colorInvalido);
      const script = await suite.alice.call(notasApi.create, {
        body: {
          titulo: 'Enlace peligroso',
          contenido: {
            type: 'doc',
            content: [{ type: 'paragraph', content: [{ type: 'text', text: 'clic', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }],
          },
        },
      });
      expect(script.status).toBe(400);
      const html = await suite.alice.call(notasApi.create, { body: { titulo: 'HTML', contenido: { type: 'doc', content: [{ type: 'script', text: 'x' }] } } });
      expect(html.status).toBe(400);
    });

    it('creates a note with rich text and a plain-text copy, tags and links', async () => {
      const cliente = (await suite.alice.call(clientesApi.create, { body: { nombre: 'Rosa Méndez' } })).json.cliente;
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Pensión alimenticia', cliente_id: cliente.id } })).json.caso;
      const urgente = await tag(suite.alice, 'Urgente', '#f38ba8');
      const audiencia = await tag(suite.alice, 'audiencia');
      expect(audiencia.color).toBe('#89b4fa');
      expect((await tag(suite.alice, 'URGENTE')).id).toBe(urgente.id); // same name, same tag

      const contenido = {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Estrategia' }] },
          {
            type: 'paragraph',
            content: [
              { type: 'text', text: 'Citar a los ' },
              { type: 'text', text: 'testigos', marks: [{ type: 'bold' }] },
            ],
          },
          {
            type: 'bulletList',
            content: [
              {
                type: 'listItem',
                content: [
                  {
                    type: 'paragraph',
                    content: [{ type: 'text', text: 'Acta de nacimiento', marks: [{ type: 'link', attrs: { href: 'https://www.gob.mx/actas', target: '_blank' } }] }],
                  },
                ],
              },
            ],
          },
        ],
      };
      const res = await suite.alice.call(notasApi.create, {
        body: { titulo: '  Preparar audiencia ', contenido, caso_id: caso.id, cliente_id: cliente.id, etiqueta_ids: [urgente.id, audiencia.id] },
      });
      expect(res.status, res.text).toBe(201);
      const nota = res.json.nota;
      expect(nota).toMatchObject({
        titulo: 'Preparar audiencia',
        contenido_texto: 'Estrategia\nCitar a los testigos\nActa de nacimiento',
        is_favorita: false,
        caso: { id: caso.id, titulo: 'Pensión alimenticia' },
        cliente: { id: cliente.id, nombre: 'Rosa Méndez' },
      });
      expect(nota.etiquetas.map((t: { nombre: string }) => t.nombre)).toEqual(['audiencia', 'Urgente']);
      // Only known attributes are kept: the link's target is dropped.
      expect(JSON.stringify(nota.contenido)).not.toContain('target');
      expect((await suite.alice.call(casosApi.counts, { params: { id: caso.id } })).json.counts.notas).toBe(1);
      expect((await suite.alice.call(notasApi.cases)).json.items).toEqual([{ id: caso.id, titulo: 'Pensión alimenticia' }]);
    });

    it('replaces tags in one go and toggles the favourite', async () => {
      const a = await tag(suite.alice, 'laboral');
      const b = await tag(suite.alice, 'civil');
      const c = await tag(suite.alice, 'penal');
      const nota = (await suite.alice.call(notasApi.create, { body: { titulo: 'Con etiquetas', etiqueta_ids: [a.id, b.id] } })).json.nota;
      const replaced = (await suite.alice.call(notasApi.update, { params: { id: nota.id }, body: { etiqueta_ids: [c.id, b.id, c.id] } })).json.nota;
      expect(replaced.etiquetas.map((t: { nombre: string }) => t.nombre)).toEqual(['civil', 'penal']);
      const cleared = (await suite.alice.call(notasApi.update, { params: { id: nota.id }, body: { etiqueta_ids: [] } })).json.nota;
      expect(cleared.etiquetas).toEqual([]);
      // A bad tag id changes nothing (one transaction).
      const bobTag = await tag(suite.bob, 'ajena');
      expect((await suite.alice.call(notasApi.update, { params: { id: nota.id }, body: { titulo: 'Cambiado', etiqueta_ids: [a.id, bobTag.id] } })).status).toBe(404);
      expect((await suite.alice.call(notasApi.get, { params: { id: nota.id } })).json.nota).toMatchObject({ titulo: 'Con etiquetas', etiquetas: [] });

      expect((await suite.alice.call(notasApi.update, { params: { id: nota.id }, body: { is_favorita: true } })).json.nota.is_favorita).toBe(true);
      expect((await suite.alice.call(notasApi.get, { params: { id: nota.id } })).json.nota.is_favorita).toBe(true);
      expect((await suite.alice.call(notasApi.update, { params: { id: nota.id }, body: { is_favorita: false } })).json.nota.is_favorita).toBe(false);
      // Deleting a tag removes it from its notes.
      await suite.alice.call(notasApi.update, { params: { id: nota.id }, body: { etiqueta_ids: [a.id] } });
      expect((await suite.alice.call(etiquetasApi.remove, { params: { id: a.id } })).status).toBe(200);
      expect((await suite.alice.call(notasApi.get, { params: { id: nota.id } })).json.nota.etiquetas).toEqual([]);
    });

    it('finds notes by content with Spanish stemming, by title and by tag, most recently updated first', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const t = await tag(client, 'honorarios');
      const first = (await client.call(notasApi.create, { body: { titulo: 'Reunión', contenido: plainToRichText('Hablar con los abogados de la contraparte') } })).json.nota;
      const second = (await client.call(notasApi.create, { body: { titulo: 'Cobro', contenido: plainToRichText('Factura pendiente'), etiqueta_ids: [t.id] } })).json.nota;
      expect((await client.call(notasApi.list, { query: { q: 'abogado' } })).json.items.map((n: { id: string }) => n.id)).toEqual([first.id]);
      expect((await client.call(notasApi.list, { query: { q: 'cobr' } })).json.items.map((n: { id: string }) => n.id)).toEqual([second.id]);
      expect((await client.call(notasApi.list, { query: { etiqueta_id: t.id } })).json.items.map((n: { id: string }) => n.id)).toEqual([second.id]);
      expect((await client.call(notasApi.list)).json.items.map((n: { id: string }) => n.id)).toEqual([second.id, first.id]);
      await client.call(notasApi.update, { params: { id: first.id }, body: { titulo: 'Reunión (editada)' } });
      expect((await client.call(notasApi.list)).json.items.map((n: { id: string }) => n.id)).toEqual([first.id, second.id]);
    });

    it("refuses another user's notes, tags, cases and clients (404)", async () => {
      const nota = (await suite.alice.call(notasApi.create, { body: { titulo: 'Privada' } })).json.nota;
      const aliceTag = await tag(suite.alice, 'secreta');
      const aliceCase = (await suite.alice.call(casosApi.create, { body: { titulo: 'Caso de Alicia' } })).json.caso;
      const aliceClient = (await suite.alice.call(clientesApi.create, { body: { nombre: 'Cliente de Alicia' } })).json.cliente;
      for (const res of [
        await suite.bob.call(notasApi.get, { params: { id: nota.id } }),
        await suite.bob.call(notasApi.update, { params: { id: nota.id }, body: { is_favorita: true } }),
        await suite.bob.call(notasApi.remove, { params: { id: nota.id } }),
        await suite.bob.call(etiquetasApi.remove, { params: { id: aliceTag.id } }),
        await suite.bob.call(notasApi.create, { body: { titulo: 'x', etiqueta_ids: [aliceTag.id] } }),
        await suite.bob.call(notasApi.create, { body: { titulo: 'x', caso_id: aliceCase.id } }),
        await suite.bob.call(notasApi.create, { body: { titulo: 'x', cliente_id: aliceClient.id } }),
        await suite.bob.upload(imagenesApi.upload, { name: 'x.png', bytes: makePng() }, { nota_id: nota.id }),
        await suite.bob.call(imagenesApi.list, { query: { nota_id: nota.id } }),
      ]) {
        expect(res.status).toBe(404);
      }
      expect((await suite.bob.call(notasApi.list, { query: { q: 'privada' } })).json.items).toEqual([]);
      expect((await suite.bob.call(etiquetasApi.list)).json.items.map((t: { nombre: string }) => t.nombre)).not.toContain('secreta');
      expect((await suite.alice.call(notasApi.get, { params: { id: nota.id } })).json.nota.is_favorita).toBe(false);
    });

    it('attaches images to a note, and deleting the note or its case removes them', async () => {
      const caso = (await suite.alice.call(casosApi.create, { body: { titulo: 'Caso con notas' } })).json.caso;
      const nota = (await suite.alice.call(notasApi.create, { body: { titulo: 'Fotos del inmueble', caso_id: caso.id } })).json.nota;
      const img = await suite.alice.upload(imagenesApi.upload, { name: 'fachada.png', bytes: makePng() }, { nota_id: nota.id });
      expect(img.status).toBe(201);
      expect(img.json.imagen).toMatchObject({ nota_id: nota.id, caso_id: null });
      expect((await suite.alice.call(imagenesApi.list, { query: { nota_id: nota.id } })).json.items).toHaveLength(1);
      expect((await suite.alice.download(img.json.imagen.url)).status).toBe(200);

      expect((await suite.alice.call(casosApi.remove, { params: { id: caso.id } })).status).toBe(200);
      expect((await suite.alice.call(notasApi.get, { params: { id: nota.id } })).status).toBe(404);
      expect((await suite.alice.download(img.json.imagen.url)).status).toBe(404);
    });
  });
}
