import { randomBytes } from 'node:crypto';
import { calendarioApi, casosApi, clientesApi, documentosApi, facturasApi, MSG, notasApi, notificacionesApi, portabilidadApi, securityApi, tiempoApi } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import { backendsToTest } from '../support/server';
import { until } from '../support/waiting';
import { readZip } from '../support/zip';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();
const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`Los datos de un cliente (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    it('exports everything of one client as a zip any reader opens: its records as JSON, its documents byte for byte under their case, its invoices’ PDF', async () => {
      const alice = suite.alice;
      const cliente = (await alice.call(clientesApi.create, { body: { nombre: 'Lucía Pérez', email: 'lucia@cliente.mx', rfc: 'PELL800101AB1' } })).json.cliente;
      const otro = (await alice.call(clientesApi.create, { body: { nombre: 'Otro cliente' } })).json.cliente;
      const caso = (await alice.call(casosApi.create, { body: { titulo: 'Divorcio Pérez / García', cliente_id: cliente.id } })).json.caso;
      const ajeno = (await alice.call(casosApi.create, { body: { titulo: 'Caso de otro', cliente_id: otro.id } })).json.caso;
      const pdfBytes = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000)]);
      expect((await alice.upload(documentosApi.upload, { name: 'Demanda inicial.pdf', bytes: pdfBytes, type: 'application/pdf' }, { caso_id: caso.id })).status).toBe(201);
      expect(
        (await alice.upload(documentosApi.upload, { name: 'Poder notarial.txt', bytes: Buffer.from('Poder amplio'), type: 'text/plain' }, { cliente_id: cliente.id })).status,
      ).toBe(201);
      expect((await alice.upload(documentosApi.upload, { name: 'No es de ella.txt', bytes: Buffer.from('x'), type: 'text/plain' }, { caso_id: ajeno.id })).status).toBe(201);
      await alice.call(notasApi.create, { body: { titulo: 'Primera entrevista', contenido: doc('Relata los hechos'), cliente_id: cliente.id } });
      await alice.call(tiempoApi.create, { body: { caso_id: caso.id, fecha: '2026-11-20', horas: '2', descripcion: 'Redacción de la demanda', tarifa_por_hora: '1500' } });
      await alice.call(calendarioApi.create, { body: { titulo: 'Cita con Lucía', inicio: '2026-12-03T16:00:00.000Z', fin: '2026-12-03T17:00:00.000Z', cliente_id: cliente.id } });
      const factura = (
        await alice.call(facturasApi.create, {
          body: { concepto: 'Honorarios', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '3000', cliente_id: cliente.id, estado: 'pagada', forma_pago: '03' },
        })
      ).json.factura;

      await alice.call(notasApi.create, { body: { titulo: 'Estrategia <b>interna</b>', contenido: doc('Negociar antes de la audiencia'), caso_id: caso.id } });

      // By default the lawyer's internal notes and time stay out; the summary reads in any browser.
      const byDefault = await readZip((await alice.download(`/api/clientes/${cliente.id}/export`)).bytes);
      expect([...byDefault.keys()].filter((name) => !name.includes('/')).sort()).toEqual([
        'LEEME.txt',
        'casos.json',
        'citas.json',
        'cliente.json',
        'correos.json',
        'documentos.json',
        'facturas.csv',
        'facturas.json',
        'resumen.html',
      ]);
      const summary = byDefault.get('resumen.html')!.toString('utf8');
      for (const expected of [
        '<h1>Datos de Lucía Pérez</h1>',
        'lucia@cliente.mx',
        'PELL800101AB1',
        'Divorcio Pérez / García',
        'Demanda inicial.pdf',
        factura.numero_factura,
        '$3,000.00',
        'Cita con Lucía',
        '03/12/2026 10:00',
      ]) {
        expect(summary, expected).toContain(expected);
      }
      expect(summary).not.toContain('Estrategia');
      expect(summary).not.toContain('Redacción de la demanda');
      expect(byDefault.get('LEEME.txt')!.toString('utf8')).toContain('Abre resumen.html');
      // Only what is chosen: no documents, with the notes (escaped in the summary).
      const chosen = await readZip((await alice.download(`/api/clientes/${cliente.id}/export?documentos=0&notas=1`)).bytes);
      expect([...chosen.keys()].some((name) => name.startsWith('documentos'))).toBe(false);
      expect(
        JSON.parse(chosen.get('notas.json')!.toString('utf8'))
          .map((nota: { titulo: string }) => nota.titulo)
          .sort(),
      ).toEqual(['Estrategia <b>interna</b>', 'Primera entrevista']);
      expect(chosen.get('resumen.html')!.toString('utf8')).toContain('Estrategia &lt;b&gt;interna&lt;/b&gt;');
      expect((await alice.call(clientesApi.exportData, { params: { id: cliente.id }, query: { notas: 'si' as '1' } })).status).toBe(400);

      const res = await alice.download(`/api/clientes/${cliente.id}/export?notas=1&tiempo=1`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/zip');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="datos-cliente-lucia-perez-\d{4}-\d{2}-\d{2}\.zip"$/);
      const entries = await readZip(res.bytes);
      expect([...entries.keys()].sort()).toEqual(
        [
          'LEEME.txt',
          'casos.json',
          'cliente.json',
          'citas.json',
          'correos.json',
          'documentos.json',
          'documentos/Divorcio Perez _ Garcia/Demanda inicial.pdf',
          'documentos/sin caso/Poder notarial.txt',
          'facturas.csv',
          'facturas.json',
          `facturas/${factura.numero_factura}.pdf`,
          'notas.json',
          'resumen.html',
          'tiempo.json',
        ].sort(),
      );
      expect(entries.get('documentos/Divorcio Perez _ Garcia/Demanda inicial.pdf')!.equals(pdfBytes)).toBe(true);
      expect(JSON.parse(entries.get('cliente.json')!.toString('utf8'))).toMatchObject({ id: cliente.id, nombre: 'Lucía Pérez', rfc: 'PELL800101AB1' });
      expect(JSON.parse(entries.get('casos.json')!.toString('utf8')).map((item: { titulo: string }) => item.titulo)).toEqual(['Divorcio Pérez / García']);
      expect(JSON.parse(entries.get('notas.json')!.toString('utf8')).map((nota: { titulo: string }) => nota.titulo)).toContain('Primera entrevista');
      expect(JSON.parse(entries.get('tiempo.json')!.toString('utf8'))[0]).toMatchObject({ horas: '2.00', descripcion: 'Redacción de la demanda' });
      expect(JSON.parse(entries.get('citas.json')!.toString('utf8'))[0]).toMatchObject({ titulo: 'Cita con Lucía' });
      expect(JSON.parse(entries.get('facturas.json')!.toString('utf8'))[0]).toMatchObject({ factura: { id: factura.id, monto_total: '3000.00' }, pagos: [{ monto: '3000.00' }] });
      expect(entries.get(`facturas/${factura.numero_factura}.pdf`)!.subarray(0, 5).toString()).toBe('%PDF-');
      expect(entries.get('LEEME.txt')!.toString('utf8')).toContain('Datos de Lucía Pérez en el despacho');
      // Nothing of another client.
      expect(JSON.stringify([...entries.keys()])).not.toContain('No es de ella');

      expect((await suite.bob.download(`/api/clientes/${cliente.id}/export`)).status).toBe(404);
    });

    it('erases a client’s data on request: says first what goes and what the law keeps; with invoices only its fiscal data stays, without them the client goes', async () => {
      const alice = suite.alice;
      const conFactura = (
        await alice.call(clientesApi.create, {
          body: {
            nombre: 'Constructora Sur',
            email: 'pagos@sur.mx',
            telefono: '5512345678',
            direccion: 'Av. Siempre Viva 1',
            rfc: 'CSU120101AB1',
            razon_social: 'CONSTRUCTORA SUR',
          },
        })
      ).json.cliente;
      const caso = (await alice.call(casosApi.create, { body: { titulo: 'Obra pública', cliente_id: conFactura.id } })).json.caso;
      await alice.call(notasApi.create, { body: { titulo: 'Sobre el cliente', contenido: doc('Datos personales'), cliente_id: conFactura.id } });
      await alice.call(notasApi.create, { body: { titulo: 'Del caso', contenido: doc('Trabajo del despacho'), caso_id: caso.id } });
      expect((await alice.upload(documentosApi.upload, { name: 'INE.txt', bytes: Buffer.from('identificación'), type: 'text/plain' }, { cliente_id: conFactura.id })).status).toBe(
        201,
      );
      expect((await alice.upload(documentosApi.upload, { name: 'Contrato de obra.txt', bytes: Buffer.from('contrato'), type: 'text/plain' }, { caso_id: caso.id })).status).toBe(
        201,
      );
      const factura = (
        await alice.call(facturasApi.create, { body: { concepto: 'Honorarios', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '5000', cliente_id: conFactura.id } })
      ).json.factura;

      // Another lawyer can neither see nor do it.
      expect((await suite.bob.call(clientesApi.erasurePreview, { params: { id: conFactura.id } })).status).toBe(404);
      expect((await suite.bob.call(clientesApi.erase, { params: { id: conFactura.id }, body: { confirmacion: true } })).status).toBe(404);

      const preview = (await alice.call(clientesApi.erasurePreview, { params: { id: conFactura.id } })).json;
      expect(preview).toEqual({ notas: 1, documentos: 1, correos: 0, casos: 1, citas: 0, facturas: 1 });
      const unconfirmed = await alice.call(clientesApi.erase, { params: { id: conFactura.id }, body: { confirmacion: false } });
      expect(unconfirmed.json.error.message).toBe(MSG.privacidad.confirmacion);
      expect((await alice.call(clientesApi.erase, { params: { id: conFactura.id }, body: { confirmacion: true } })).json).toEqual({ eliminado: false });

      const kept = (await alice.call(clientesApi.get, { params: { id: conFactura.id } })).json.cliente;
      expect(kept).toMatchObject({ nombre: 'Constructora Sur', rfc: 'CSU120101AB1', razon_social: 'CONSTRUCTORA SUR', email: null, telefono: null, direccion: null });
      expect(kept.datos_eliminados).not.toBeNull();
      expect((await alice.call(facturasApi.get, { params: { id: factura.id } })).json.factura.cliente.nombre).toBe('Constructora Sur');
      const notas = (await alice.call(notasApi.list)).json.items.map((nota: { titulo: string }) => nota.titulo);
      expect(notas).toContain('Del caso');
      expect(notas).not.toContain('Sobre el cliente');
      const documentos = (await alice.call(documentosApi.list)).json.items.map((documento: { nombre: string }) => documento.nombre);
      expect(documentos).toContain('Contrato de obra.txt');
      expect(documentos).not.toContain('INE.txt');

      // Without invoices the client itself goes; its case stays, without it.
      const sinFactura = (await alice.call(clientesApi.create, { body: { nombre: 'Pedro Ruiz', email: 'pedro@ruiz.mx' } })).json.cliente;
      const suCaso = (await alice.call(casosApi.create, { body: { titulo: 'Arrendamiento', cliente_id: sinFactura.id } })).json.caso;
      expect((await alice.call(clientesApi.erase, { params: { id: sinFactura.id }, body: { confirmacion: true } })).json).toEqual({ eliminado: true });
      expect((await alice.call(clientesApi.get, { params: { id: sinFactura.id } })).status).toBe(404);
      expect((await alice.call(casosApi.get, { params: { id: suCaso.id } })).json.caso).toMatchObject({ titulo: 'Arrendamiento', cliente_id: null });
      const history = (await alice.call(securityApi.history, { query: { entidad: 'cliente' } })).json.items;
      expect(history.map((entry: { resumen: string }) => entry.resumen)).toContain(
        'Datos de «Constructora Sur» eliminados a su solicitud; se conservan sus datos fiscales por sus facturas (CFF, art. 30)',
      );
      // The activity log keeps what happened and when, without the erased data: contact values of the one that stays, everything of the one that went.
      const trail = JSON.stringify((await alice.call(securityApi.history, { query: { limit: 100 } })).json.items);
      for (const erased of ['pagos@sur.mx', '5512345678', 'Av. Siempre Viva 1', 'INE.txt', 'Sobre el cliente', 'Pedro Ruiz', 'pedro@ruiz.mx'])
        expect(trail, erased).not.toContain(erased);
      for (const kept of ['CSU120101AB1', 'CONSTRUCTORA SUR', 'Contrato de obra.txt', 'Del caso', 'Arrendamiento']) expect(trail, kept).toContain(kept);
      const created = history.find((entry: { accion: string; entidad_id: string }) => entry.accion === 'crear' && entry.entidad_id === conFactura.id);
      expect(created.resumen).toBe('Cliente «Constructora Sur» creado');
      expect(created.cambios).toEqual(
        expect.arrayContaining([
          { campo: 'Email', antes: null, despues: null, eliminado: true },
          { campo: 'Teléfono', antes: null, despues: null, eliminado: true },
          { campo: 'RFC', antes: null, despues: 'CSU120101AB1' },
        ]),
      );
      const gone = history.find((entry: { accion: string; entidad_id: string }) => entry.accion === 'crear' && entry.entidad_id === sinFactura.id);
      expect(gone.resumen).toBe('Cliente «dato eliminado» creado');
      // The case that named the client keeps its change, without the name.
      const caseTrail = (await alice.call(casosApi.history, { params: { id: suCaso.id } })).json.items;
      expect(caseTrail.at(-1).cambios).toContainEqual({ campo: 'Cliente', antes: null, despues: null, eliminado: true });
      // The trail is still append-only outside an erasure.
      await expect(suite.ts.server.database.db.execute(sql`update historial set resumen = 'x' where user_id = (select user_id from historial limit 1)`)).rejects.toThrow();
    });

    it('an erasure reaches every copy: the bell’s notices about the client and an export of the whole account made before', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Rosa Méndez', email: 'rosa@mendez.mx' } })).json.cliente;
      await suite.ts.server.database.db.execute(
        sql`insert into notificaciones (user_id, tipo, titulo, detalle, enlace, clave) select user_id, 'correo_enviado', 'Correo enviado: Cita', 'Para rosa@mendez.mx', ${`/clientes/${cliente.id}`}, 'x' from clientes where id = ${cliente.id}`,
      );
      expect((await client.call(notificacionesApi.list)).json.items).toHaveLength(1);
      await client.call(portabilidadApi.startExport);
      const ready = await until(async () => {
        const latest = (await client.call(portabilidadApi.latestExport)).json.trabajo;
        return latest?.estado === 'lista' ? latest : undefined;
      }, 'la exportación lista');
      expect((await client.download(`/api/account/exportaciones/${ready.id}/archivo`)).status).toBe(200);

      expect((await client.call(clientesApi.erase, { params: { id: cliente.id }, body: { confirmacion: true } })).json).toEqual({ eliminado: true });
      expect((await client.call(notificacionesApi.list)).json.items).toEqual([]);
      expect((await client.call(portabilidadApi.latestExport)).json.trabajo.estado).toBe('caducada');
      expect((await client.download(`/api/account/exportaciones/${ready.id}/archivo`)).status).toBe(404);
    });

    it('survives a download dropped halfway: the next export and the next request are answered whole', async () => {
      const alice = suite.alice;
      const cliente = (await alice.call(clientesApi.create, { body: { nombre: 'Cliente con archivos grandes' } })).json.cliente;
      const big = randomBytes(3 * 1024 * 1024);
      for (const name of ['uno.pdf', 'dos.pdf', 'tres.pdf']) {
        expect(
          (await alice.upload(documentosApi.upload, { name, bytes: Buffer.concat([Buffer.from('%PDF-1.4\n'), big]), type: 'application/pdf' }, { cliente_id: cliente.id })).status,
        ).toBe(201);
      }
      // A browser closed after the first bytes.
      const controller = new AbortController();
      const response = await fetch(`${suite.ts.url}/api/clientes/${cliente.id}/export`, { headers: { cookie: alice.cookieHeader() }, signal: controller.signal });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.cancel().catch(() => undefined);

      const again = await alice.download(`/api/clientes/${cliente.id}/export`);
      expect(again.status).toBe(200);
      const entries = await readZip(again.bytes);
      expect(entries.get('documentos/sin caso/dos.pdf')!.length).toBe(big.length + 9);
      expect((await alice.call(clientesApi.get, { params: { id: cliente.id } })).status).toBe(200);
    });
  });
}
