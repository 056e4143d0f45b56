import { MSG, plainToRichText } from '@bufete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { makePng } from '../support/fixtures';
import type { HttpClient } from '../support/http-client';
import { type Backend, postgresAvailable, startTestServer, type TestServer } from '../support/server';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`notas y etiquetas (${backend})`, () => {
    let ts: TestServer;
    let alice: HttpClient;
    let bob: HttpClient;

    beforeAll(async () => {
      ts = await startTestServer({ backend });
      alice = (await signUpConfirmed(ts)).client;
      bob = (await signUpConfirmed(ts)).client;
    });
    afterAll(async () => {
      await ts?.stop();
    });

    const tag = async (client: HttpClient, nombre: string, color?: string) => {
      const res = await client.post('/api/etiquetas', { nombre, ...(color ? { color } : {}) });
      expect(res.status, res.text).toBe(201);
      return res.json.etiqueta as { id: string; nombre: string; color: string };
    };

    it('validates titles, tag names, colours and rich text', async () => {
      const blank = await alice.post('/api/notas', { titulo: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.json.error).toMatchObject({ field: 'titulo', message: MSG.notes.tituloObligatorio });
      expect((await alice.post('/api/etiquetas', { nombre: ' ' })).json.error.message).toBe(MSG.notes.etiquetaObligatoria);
      expect((await alice.post('/api/etiquetas', { nombre: 'x', color: '#000000' })).json.error.message).toBe(MSG.notes.colorInvalido);
      const script = await alice.post('/api/notas', {
        titulo: 'Enlace peligroso',
        contenido: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'clic', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }] }] }] },
      });
      expect(script.status).toBe(400);
      const html = await alice.post('/api/notas', { titulo: 'HTML', contenido: { type: 'doc', content: [{ type: 'script', text: 'x' }] } });
      expect(html.status).toBe(400);
    });

    it('creates a note with rich text and a plain-text copy, tags and links', async () => {
      const cliente = (await alice.post('/api/clientes', { nombre: 'Rosa Méndez' })).json.cliente;
      const caso = (await alice.post('/api/casos', { titulo: 'Pensión alimenticia', cliente_id: cliente.id })).json.caso;
      const urgente = await tag(alice, 'Urgente', '#f38ba8');
      const audiencia = await tag(alice, 'audiencia');
      expect(audiencia.color).toBe('#89b4fa');
      expect((await tag(alice, 'URGENTE')).id).toBe(urgente.id); // same name, same tag

      const contenido = {
        type: 'doc',
        content: [
          { type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Estrategia' }] },
          { type: 'paragraph', content: [{ type: 'text', text: 'Citar a los ' }, { type: 'text', text: 'testigos', marks: [{ type: 'bold' }] }] },
          { type: 'bulletList', content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Acta de nacimiento', marks: [{ type: 'link', attrs: { href: 'https://www.gob.mx/actas', target: '_blank' } }] }] }] }] },
        ],
      };
      const res = await alice.post('/api/notas', { titulo: '  Preparar audiencia ', contenido, caso_id: caso.id, cliente_id: cliente.id, etiqueta_ids: [urgente.id, audiencia.id] });
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
      expect((await alice.get(`/api/casos/${caso.id}/counts`)).json.counts.notas).toBe(1);
      expect((await alice.get('/api/notas/casos')).json.items).toEqual([{ id: caso.id, titulo: 'Pensión alimenticia' }]);
    });

    it('replaces tags in one go and toggles the favourite', async () => {
      const a = await tag(alice, 'laboral');
      const b = await tag(alice, 'civil');
      const c = await tag(alice, 'penal');
      const nota = (await alice.post('/api/notas', { titulo: 'Con etiquetas', etiqueta_ids: [a.id, b.id] })).json.nota;
      const replaced = (await alice.patch(`/api/notas/${nota.id}`, { etiqueta_ids: [c.id, b.id, c.id] })).json.nota;
      expect(replaced.etiquetas.map((t: { nombre: string }) => t.nombre)).toEqual(['civil', 'penal']);
      const cleared = (await alice.patch(`/api/notas/${nota.id}`, { etiqueta_ids: [] })).json.nota;
      expect(cleared.etiquetas).toEqual([]);
      // A bad tag id changes nothing (one transaction).
      const bobTag = await tag(bob, 'ajena');
      expect((await alice.patch(`/api/notas/${nota.id}`, { titulo: 'Cambiado', etiqueta_ids: [a.id, bobTag.id] })).status).toBe(404);
      expect((await alice.get(`/api/notas/${nota.id}`)).json.nota).toMatchObject({ titulo: 'Con etiquetas', etiquetas: [] });

      expect((await alice.patch(`/api/notas/${nota.id}`, { is_favorita: true })).json.nota.is_favorita).toBe(true);
      expect((await alice.get(`/api/notas/${nota.id}`)).json.nota.is_favorita).toBe(true);
      expect((await alice.patch(`/api/notas/${nota.id}`, { is_favorita: false })).json.nota.is_favorita).toBe(false);
      // Deleting a tag removes it from its notes.
      await alice.patch(`/api/notas/${nota.id}`, { etiqueta_ids: [a.id] });
      expect((await alice.request(`/api/etiquetas/${a.id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await alice.get(`/api/notas/${nota.id}`)).json.nota.etiquetas).toEqual([]);
    });

    it('finds notes by content with Spanish stemming, by title and by tag, most recently updated first', async () => {
      const { client } = await signUpConfirmed(ts);
      const t = await tag(client, 'honorarios');
      const first = (await client.post('/api/notas', { titulo: 'Reunión', contenido: plainToRichText('Hablar con los abogados de la contraparte') })).json.nota;
      const second = (await client.post('/api/notas', { titulo: 'Cobro', contenido: plainToRichText('Factura pendiente'), etiqueta_ids: [t.id] })).json.nota;
      expect((await client.get('/api/notas?q=abogado')).json.items.map((n: { id: string }) => n.id)).toEqual([first.id]);
      expect((await client.get('/api/notas?q=cobr')).json.items.map((n: { id: string }) => n.id)).toEqual([second.id]);
      expect((await client.get(`/api/notas?etiqueta_id=${t.id}`)).json.items.map((n: { id: string }) => n.id)).toEqual([second.id]);
      expect((await client.get('/api/notas')).json.items.map((n: { id: string }) => n.id)).toEqual([second.id, first.id]);
      await client.patch(`/api/notas/${first.id}`, { titulo: 'Reunión (editada)' });
      expect((await client.get('/api/notas')).json.items.map((n: { id: string }) => n.id)).toEqual([first.id, second.id]);
    });

    it("refuses another user's notes, tags, cases and clients (404)", async () => {
      const nota = (await alice.post('/api/notas', { titulo: 'Privada' })).json.nota;
      const aliceTag = await tag(alice, 'secreta');
      const aliceCase = (await alice.post('/api/casos', { titulo: 'Caso de Alicia' })).json.caso;
      const aliceClient = (await alice.post('/api/clientes', { nombre: 'Cliente de Alicia' })).json.cliente;
      for (const res of [
        await bob.get(`/api/notas/${nota.id}`),
        await bob.patch(`/api/notas/${nota.id}`, { is_favorita: true }),
        await bob.request(`/api/notas/${nota.id}`, { method: 'DELETE' }),
        await bob.request(`/api/etiquetas/${aliceTag.id}`, { method: 'DELETE' }),
        await bob.post('/api/notas', { titulo: 'x', etiqueta_ids: [aliceTag.id] }),
        await bob.post('/api/notas', { titulo: 'x', caso_id: aliceCase.id }),
        await bob.post('/api/notas', { titulo: 'x', cliente_id: aliceClient.id }),
        await bob.upload('/api/imagenes', { name: 'x.png', bytes: makePng() }, { nota_id: nota.id }),
        await bob.get(`/api/imagenes?nota_id=${nota.id}`),
      ]) {
        expect(res.status).toBe(404);
      }
      expect((await bob.get('/api/notas?q=privada')).json.items).toEqual([]);
      expect((await bob.get('/api/etiquetas')).json.items.map((t: { nombre: string }) => t.nombre)).not.toContain('secreta');
      expect((await alice.get(`/api/notas/${nota.id}`)).json.nota.is_favorita).toBe(false);
    });

    it('attaches images to a note, and deleting the note or its case removes them', async () => {
      const caso = (await alice.post('/api/casos', { titulo: 'Caso con notas' })).json.caso;
      const nota = (await alice.post('/api/notas', { titulo: 'Fotos del inmueble', caso_id: caso.id })).json.nota;
      const img = await alice.upload('/api/imagenes', { name: 'fachada.png', bytes: makePng() }, { nota_id: nota.id });
      expect(img.status).toBe(201);
      expect(img.json.imagen).toMatchObject({ nota_id: nota.id, caso_id: null });
      expect((await alice.get(`/api/imagenes?nota_id=${nota.id}`)).json.items).toHaveLength(1);
      expect((await alice.download(img.json.imagen.url)).status).toBe(200);

      expect((await alice.request(`/api/casos/${caso.id}`, { method: 'DELETE' })).status).toBe(200);
      expect((await alice.get(`/api/notas/${nota.id}`)).status).toBe(404);
      expect((await alice.download(img.json.imagen.url)).status).toBe(404);
    });
  });
}
