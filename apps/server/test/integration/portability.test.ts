import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  calendarioApi,
  casosApi,
  clientesApi,
  documentosApi,
  etiquetasApi,
  facturasApi,
  globalesApi,
  imagenesApi,
  MSG,
  notasApi,
  profileApi,
  portabilidadApi,
  securityApi,
  tiempoApi,
  tareasApi,
  escritosApi,
  actuacionesApi,
  partesApi,
} from '@bufete/shared';
import { getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import S3rver from 's3rver';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config';
import { rowsOf } from '../../src/db/client';
import { createStorage } from '../../src/storage';
import { EXPORTED_TABLES, NOT_EXPORTED_TABLES, PORTABLE_MODULES } from '../../src/modules/portability/tables';
import { sessionOf, signUpConfirmed } from '../support/accounts';
import { makePng } from '../support/fixtures';
import type { HttpClient } from '../support/http-client';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';
import { exportOf, finished, importInto } from '../support/portability';
import { readZip } from '../support/zip';

const doc = (text: string) => ({ type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] });

/** A practice with one of everything, linked the way a lawyer links them. */
async function fillPractice(client: HttpClient) {
  const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Lucía Pérez', email: 'lucia@cliente.mx', rfc: 'PELL800101AB1' } })).json.cliente;
  const caso = (await client.call(casosApi.create, { body: { titulo: 'Divorcio Pérez / García', cliente_id: cliente.id, expediente: '1452/2026-II' } })).json.caso;
  const sinCliente = (await client.call(casosApi.create, { body: { titulo: 'Amparo indirecto' } })).json.caso;
  const parte = await client.call(partesApi.create, { params: { id: caso.id }, body: { rol: 'demandado', nombre: 'Roberto García Solís', abogado: 'Lic. Ana Ruiz' } });
  expect(parte.status, parte.text).toBe(201);
  const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200_000)]);
  const txt = Buffer.from('Poder amplio para pleitos y cobranzas', 'utf8');
  const demanda = await client.upload(documentosApi.upload, { name: 'Demanda inicial.pdf', bytes: pdf, type: 'application/pdf' }, { caso_id: caso.id });
  expect(demanda.status).toBe(201);
  const actuacion = await client.call(actuacionesApi.create, {
    body: {
      caso_id: caso.id,
      fecha_publicacion: '2026-11-24',
      tipo: 'acuerdo',
      texto: 'Se tiene por contestada la demanda.',
      origen: 'boletin',
      documento_ids: [demanda.json.documento.id],
    },
  });
  expect(actuacion.status, actuacion.text).toBe(201);
  expect((await client.upload(documentosApi.upload, { name: 'Poder notarial.txt', bytes: txt, type: 'text/plain' }, { cliente_id: cliente.id })).status).toBe(201);
  const urgente = (await client.call(etiquetasApi.create, { body: { nombre: 'Urgente' } })).json.etiqueta;
  const nota = (
    await client.call(notasApi.create, { body: { titulo: 'Estrategia', contenido: doc('Pedir alimentos provisionales'), caso_id: caso.id, etiqueta_ids: [urgente.id] } })
  ).json.nota;
  const png = makePng();
  expect((await client.upload(imagenesApi.upload, { name: 'acta.png', bytes: png, type: 'image/png' }, { nota_id: nota.id })).status).toBe(201);
  await client.call(calendarioApi.create, {
    body: { titulo: 'Audiencia de pruebas', inicio: '2026-12-03T16:00:00.000Z', fin: '2026-12-03T17:00:00.000Z', caso_id: caso.id, audiencia: true, etiquetas: [urgente.id] },
  });
  await client.call(tiempoApi.create, { body: { caso_id: caso.id, fecha: '2026-11-20', horas: '2', descripcion: 'Redacción de la demanda', tarifa_por_hora: '1500' } });
  await client.call(tiempoApi.create, { body: { caso_id: sinCliente.id, fecha: '2026-11-21', horas: '0.5', descripcion: 'Llamada', tarifa_por_hora: '1200' } });
  const factura = (
    await client.call(facturasApi.create, {
      body: { concepto: 'Honorarios', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '3000', cliente_id: cliente.id, estado: 'pagada', forma_pago: '03' },
    })
  ).json.factura;
  expect((await client.call(casosApi.update, { params: { id: caso.id }, body: { estado: 'Activo' } })).status).toBe(200);
  // Tasks: one after the actuación, one after that task (a chain whose links must survive the import), one of no case.
  const revisar = await client.call(tareasApi.create, {
    body: { titulo: 'Revisar la contestación', caso_id: caso.id, relativa: { ancla: 'actuacion', ancla_id: actuacion.json.actuacion.id, dias: 3, tipo: 'habiles' } },
  });
  expect(revisar.status, revisar.text).toBe(201);
  await client.call(tareasApi.create, {
    body: { titulo: 'Preparar réplica', caso_id: caso.id, relativa: { ancla: 'tarea', ancla_id: revisar.json.tarea.id, dias: 2, tipo: 'habiles' } },
  });
  await client.call(tareasApi.create, { body: { titulo: 'Renovar la cédula', vence: '2027-01-15', prioridad: 'baja' } });
  const plantilla = await client.call(tareasApi.crearPlantilla, { body: { nombre: 'Mi sucesión', tareas: [{ titulo: 'Actas de defunción', dias: 2, tipo: 'habiles' }] } });
  expect(plantilla.status, plantilla.text).toBe(201);
  const escrito = await client.call(escritosApi.generar, {
    params: { id: caso.id },
    body: {
      plantilla: 'promocion-simple',
      valores: {
        lugar: 'Toluca',
        peticion: 'copia simple',
        'abogado.cedula': '7654321',
        'juzgado.destinatario': 'Juzgado Primero Familiar',
        'caso.secretaria': 'A',
        'caso.actor': 'Lucía Pérez',
      },
    },
  });
  expect(escrito.status, escrito.text).toBe(201);
  const word = (await client.download(`/api/escritos/plantillas/archivo?plantilla=promocion-simple`)).bytes;
  const propia = await client.upload(
    escritosApi.subir,
    { name: 'Mi promoción.docx', bytes: word, type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
    { nombre: 'Mi promoción' },
  );
  expect(propia.status, propia.text).toBe(201);
  // The matter template names a shipped escrito and the lawyer's own: the link to their own survives the import's new ids.
  const conEscritos = await client.call(tareasApi.editarPlantilla, {
    params: { id: plantilla.json.plantilla.id },
    body: { nombre: 'Mi sucesión', tareas: [{ titulo: 'Actas de defunción', dias: 2, tipo: 'habiles' }], escritos: ['promocion-simple', propia.json.plantilla.id] },
  });
  expect(conEscritos.status, conEscritos.text).toBe(200);
  return { pdf, txt, png, factura, word };
}

/** What a lawyer sees of their practice, with names where the screens show links (ids differ between accounts). */
async function practiceOf(client: HttpClient) {
  const casos = (await client.call(casosApi.list, { query: { limit: 100 } })).json.items as {
    id: string;
    titulo: string;
    estado: string;
    expediente: string | null;
    cliente: { nombre: string } | null;
  }[];
  const titulo = new Map(casos.map((caso) => [caso.id, caso.titulo]));
  const documentos = (await client.call(documentosApi.list, { query: { limit: 100 } })).json.items as { id: string; nombre: string; caso_id: string | null }[];
  const notas = (await client.call(notasApi.list, { query: { limit: 100 } })).json.items as {
    id: string;
    titulo: string;
    contenido: unknown;
    caso_id: string | null;
    etiquetas: { nombre: string }[];
  }[];
  const imagenes = (
    await Promise.all(notas.map(async (nota) => (await client.call(imagenesApi.list, { query: { nota_id: nota.id } })).json.items as { id: string; nombre: string }[]))
  ).flat();
  const citas = (await client.call(calendarioApi.list, { query: { desde: '2026-11-01T00:00:00.000Z', hasta: '2027-01-01T00:00:00.000Z' } })).json.items as {
    titulo: string;
    audiencia: boolean;
    caso_id: string | null;
    etiquetas: { nombre: string }[];
  }[];
  const tiempo = (await client.call(tiempoApi.list, { query: {} })).json.items as { descripcion: string; horas: string; caso_id: string | null; factura_id: string | null }[];
  const facturas = (await client.call(facturasApi.list, { query: {} })).json.items as {
    id: string;
    numero_factura: string;
    monto_total: string;
    estado: string;
    cliente: { nombre: string } | null;
  }[];
  const actuaciones = (
    await Promise.all(
      casos.map(
        async (caso) =>
          (await client.call(actuacionesApi.list, { query: { caso_id: caso.id } })).json.items as {
            caso: { titulo: string };
            tipo: string;
            texto: string;
            origen: string;
            documentos: { nombre: string }[];
          }[],
      ),
    )
  )
    .flat()
    .map((actuacion) => ({
      caso: actuacion.caso.titulo,
      tipo: actuacion.tipo,
      texto: actuacion.texto,
      origen: actuacion.origen,
      documentos: actuacion.documentos.map((documento) => documento.nombre),
    }));
  const bytesOf = async (url: string) => (await client.download(url)).bytes.toString('base64');
  const partes = (await Promise.all(casos.map(async (caso) => (await client.call(partesApi.list, { params: { id: caso.id } })).json.items)))
    .flat()
    .map((parte) => ({ caso: titulo.get(parte.caso_id), rol: parte.rol, nombre: parte.nombre, abogado: parte.abogado }));
  const tareas = (
    (await client.call(tareasApi.list, { query: { vista: 'pendientes' } })).json.items as {
      titulo: string;
      vence: string | null;
      caso: { titulo: string } | null;
      relativa: { ancla_titulo: string | null; dias: number } | null;
    }[]
  ).map((tarea) => ({ titulo: tarea.titulo, vence: tarea.vence, caso: tarea.caso?.titulo ?? null, despues_de: tarea.relativa?.ancla_titulo ?? null }));
  const libreria = (await client.call(escritosApi.plantillas)).json.items as { id: string; nombre: string; propia: boolean; campos: string[] }[];
  const escritoNombre = new Map(libreria.map((item) => [item.id, item.nombre]));
  const plantillas = ((await client.call(tareasApi.plantillas)).json.items as { nombre: string; propia: boolean; escritos: string[] }[])
    .filter((item) => item.propia)
    .map((item) => `${item.nombre}: ${item.escritos.map((id) => escritoNombre.get(id) ?? `(desconocido ${id})`).join(', ')}`);
  const escritos = await Promise.all(
    libreria
      .filter((item) => item.propia)
      .map(async (item) => ({ nombre: item.nombre, campos: item.campos, bytes: await bytesOf(`/api/escritos/plantillas/archivo?plantilla=${item.id}`) })),
  );
  return {
    actuaciones,
    partes,
    tareas,
    plantillas,
    escritos,
    casos: casos
      .map((caso) => ({ titulo: caso.titulo, estado: caso.estado, expediente: caso.expediente, cliente: caso.cliente?.nombre ?? null }))
      .sort((a, b) => a.titulo.localeCompare(b.titulo)),
    documentos: await Promise.all(
      documentos.map(async (documento) => ({
        nombre: documento.nombre,
        caso: documento.caso_id ? titulo.get(documento.caso_id) : null,
        bytes: await bytesOf(`/api/documentos/${documento.id}/file`),
      })),
    ),
    notas: notas.map((nota) => ({
      titulo: nota.titulo,
      contenido: nota.contenido,
      caso: nota.caso_id ? titulo.get(nota.caso_id) : null,
      etiquetas: nota.etiquetas.map((etiqueta) => etiqueta.nombre),
    })),
    imagenes: await Promise.all(imagenes.map(async (imagen) => ({ nombre: imagen.nombre, bytes: await bytesOf(`/api/imagenes/${imagen.id}/file`) }))),
    citas: citas.map((cita) => ({
      titulo: cita.titulo,
      audiencia: cita.audiencia,
      caso: cita.caso_id ? titulo.get(cita.caso_id) : null,
      etiquetas: cita.etiquetas.map((etiqueta) => etiqueta.nombre),
    })),
    tiempo: tiempo
      .map((entrada) => ({ descripcion: entrada.descripcion, horas: entrada.horas, caso: entrada.caso_id ? titulo.get(entrada.caso_id) : null }))
      .sort((a, b) => a.descripcion.localeCompare(b.descripcion)),
    facturas: await Promise.all(
      facturas.map(async (factura) => {
        const detalle = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
        return {
          numero: factura.numero_factura,
          total: factura.monto_total,
          estado: factura.estado,
          cliente: factura.cliente?.nombre ?? null,
          pagos: detalle.pagos.map((pago: { monto: string }) => pago.monto),
          // A sustitución's link (by number: ids change on import).
          sustituye: detalle.sustitucion?.sustituto.numero_factura === factura.numero_factura ? detalle.sustitucion.original.numero_factura : null,
          // An advance applied, the factura global a receipt is in (by number too).
          anticipo: detalle.anticipo.aplicado?.numero_factura ?? null,
          global: detalle.factura_global?.numero ?? null,
        };
      }),
    ),
    globales: ((await client.call(globalesApi.list, {})).json.items as { numero: string; recibos: number; total: string }[]).map(({ numero, recibos, total }) => ({
      numero,
      recibos,
      total,
    })),
    publicoEnGeneral: ((await client.call(clientesApi.list, { query: {} })).json.items as { nombre: string; publico_en_general: boolean }[])
      .filter((cliente) => cliente.publico_en_general)
      .map((cliente) => cliente.nombre),
  };
}

/** A zip's entries back into a zip whose manifest lists them as they now are: what someone editing an export on purpose would make. */
async function rehashed(entries: Map<string, Buffer>): Promise<Buffer> {
  const manifest = JSON.parse(entries.get('bufete.json')!.toString('utf8')) as {
    datos: { ruta: string; bytes: number; sha256: string }[];
    archivos: { ruta: string; bytes: number; sha256: string }[];
  };
  for (const entry of [...manifest.datos, ...manifest.archivos]) {
    const bytes = entries.get(entry.ruta)!;
    entry.bytes = bytes.length;
    entry.sha256 = createHash('sha256').update(bytes).digest('hex');
  }
  entries.set('bufete.json', Buffer.from(JSON.stringify(manifest)));
  return zipOf(Object.fromEntries(entries));
}

function zipOf(entries: Record<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of Object.entries(entries)) zip.addBuffer(bytes, name);
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** Every row of `userId` in every table (what an import must not half-write). */
async function rowsOfLawyer(ts: TestServer, userId: string) {
  const db = ts.server.database.db;
  const counts: Record<string, number> = {};
  for (const { tabla } of EXPORTED_TABLES.filter((spec) => 'column' in spec.owner && spec.owner.column === 'user_id')) {
    const [row] = rowsOf<{ n: number }>(await db.execute(sql.raw(`select count(*)::int as n from "${tabla}" where user_id = '${userId}'`)));
    if (row!.n > 0) counts[tabla] = row!.n;
  }
  return counts;
}

function exportSuite(label: string, start: () => Promise<TestServer>) {
  describe(`Exportar todos mis datos e importarlos (${label})`, () => {
    let ts: TestServer;
    beforeAll(async () => {
      ts = await start();
    });
    afterAll(async () => {
      await ts?.stop();
    });

    it('exports everything as one zip, and a fresh account that imports it gets the same practice back, files byte for byte; a second import adds nothing', async () => {
      const { client: alice, email } = await signUpConfirmed(ts, { nombre: 'Alicia', apellido: 'Romero' });
      const { pdf, txt, png, factura, word } = await fillPractice(alice);
      // An invoice that replaces the first (a CFDI's sustitución): the link must come through the import, remapped.
      const sustituta = (
        await alice.call(facturasApi.create, { body: { concepto: 'Honorarios (corregida)', fecha_emision: '2026-11-21', calculo_automatico: false, monto: '3100' } })
      ).json.factura as { id: string; numero_factura: string };
      await ts.server.database.db.execute(sql`update facturas set sustituye_a = ${factura.id} where id = ${sustituta.id}`);
      // An advance the substitute applies, and the first invoice a receipt of a global invoice: links remapped too.
      const anticipo = (
        await alice.call(facturasApi.create, {
          body: { concepto: 'Anticipo', fecha_emision: '2026-11-19', calculo_automatico: false, monto: '500', anticipo: true, estado: 'pagada', forma_pago: '03' },
        })
      ).json.factura as { id: string };
      await ts.server.database.db.execute(sql`update facturas set anticipo_aplicado_id = ${anticipo.id} where id = ${sustituta.id}`);
      const aliceId = (await sessionOf(alice)).user.id as string;
      const [global] = rowsOf<{ id: string }>(
        await ts.server.database.db.execute(sql`insert into cfdi_globales (user_id, numero, periodicidad, meses, anio, desde, hasta, total, estado, xml)
          values (${aliceId}, 1, '04', '10', 2026, '2026-10-01', '2026-10-31', '3000.00', 'pendiente', '<cfdi:Comprobante/>') returning id`),
      );
      await ts.server.database.db.execute(sql`update facturas set factura_global_id = ${global!.id} where id = ${factura.id}`);
      await ts.server.database.db.execute(sql`update clientes set publico_en_general = true where user_id = ${aliceId}`);
      const { bytes } = await exportOf(alice);
      const activity = (await alice.call(securityApi.history, { query: { entidad: 'cuenta' } })).json.items.map((entry: { resumen: string }) => entry.resumen);
      expect(activity).toEqual(expect.arrayContaining(['Exportación de todos los datos pedida', 'Exportación de todos los datos descargada']));

      const mail = await ts.mail.waitFor(email, /Tu exportación de datos está lista/);
      expect(mail.text).toContain('El enlace funciona 24 horas');
      expect(mail.text).toContain('/configuracion?tab=datos');

      const entries = await readZip(bytes);
      const names = [...entries.keys()];
      expect(names).toEqual(
        expect.arrayContaining(['LEEME.txt', 'bufete.json', 'casos.csv', 'clientes.csv', 'facturas.csv', 'tiempo.csv', 'citas.csv', `facturas/${factura.numero_factura}.pdf`]),
      );
      for (const spec of EXPORTED_TABLES) expect(names).toContain(`datos/${spec.archivo}.json`);
      expect(entries.get('casos/Divorcio Perez _ Garcia/documentos/Demanda inicial.pdf')!.equals(pdf)).toBe(true);
      expect(entries.get('sin caso/documentos/Poder notarial.txt')!.equals(txt)).toBe(true);
      expect(entries.get('casos/Divorcio Perez _ Garcia/imagenes/acta.png')!.equals(png)).toBe(true);
      expect(entries.get('sin caso/plantillas de escritos/Mi promocion.docx')!.equals(word)).toBe(true);
      const casos = JSON.parse(entries.get('datos/casos.json')!.toString('utf8')) as Record<string, unknown>[];
      expect(casos.map((caso) => caso.titulo).sort()).toEqual(['Amparo indirecto', 'Divorcio Pérez / García']);
      // The API's field names; neither the owner nor what the database derives.
      expect(Object.keys(casos[0]!)).toEqual(expect.arrayContaining(['id', 'titulo', 'estado', 'cliente_id', 'created_at']));
      expect(casos[0]).not.toHaveProperty('user_id');
      expect(casos[0]).not.toHaveProperty('busqueda_texto');
      const csv = entries.get('casos.csv')!.toString('utf8');
      expect(csv.startsWith('\uFEFFTítulo,Cliente,Estado')).toBe(true);
      expect(csv).toContain('Divorcio Pérez / García,Lucía Pérez,Activo');
      expect(entries.get('tiempo.csv')!.toString('utf8')).toContain('20/11/2026,Divorcio Pérez / García,Lucía Pérez,Redacción de la demanda,2.00,1500.00,3000.00');
      const historial = JSON.parse(entries.get('datos/historial.json')!.toString('utf8')) as { resumen: string }[];
      expect(historial.length).toBeGreaterThan(5);
      expect(JSON.stringify(historial)).not.toContain('Pedir alimentos provisionales');
      expect(entries.get('LEEME.txt')!.toString('utf8')).toContain('Todos los datos de Alicia Romero en Bufete');

      const before = await practiceOf(alice);
      expect(before.plantillas).toEqual(['Mi sucesión: Promoción simple, Mi promoción']);
      expect(before.facturas.find((item) => item.numero === sustituta.numero_factura)).toMatchObject({ sustituye: factura.numero_factura, anticipo: expect.any(String) });
      expect(before.facturas.find((item) => item.numero === factura.numero_factura)?.global).toBe('GLO-0001');
      expect(before.globales).toEqual([{ numero: 'GLO-0001', recibos: 1, total: '3000.00' }]);
      expect(before.publicoEnGeneral).toEqual(['Lucía Pérez']);
      await alice.call(profileApi.update, { body: { rfc: 'ROAA800101AB1', tarifa_hora: '1500' } });
      const { bytes: withProfile } = await exportOf(alice);
      const { client: carol, email: carolEmail } = await signUpConfirmed(ts, { nombre: 'Carolina', apellido: 'Ibarra' });
      await carol.call(profileApi.update, { body: { tarifa_hora: '900' } });
      const first = await importInto(carol, withProfile);
      // Before it starts, the lawyer reads what it brings and whose it was.
      expect(first.preview).toMatchObject({ estado: 'por_confirmar', contenido: { de: 'Alicia Romero', archivos: 5 } });
      expect(first.preview!.contenido!.areas).toEqual(
        expect.arrayContaining([
          { area: 'Casos', registros: 2 },
          { area: 'Clientes', registros: 1 },
          { area: 'Documentos', registros: 3 },
          { area: 'Tareas', registros: 3 },
          { area: 'Plantillas de escritos', registros: 1 },
        ]),
      );
      expect(first.trabajo, JSON.stringify(first)).toMatchObject({ estado: 'lista', mensaje: MSG.portabilidad.importada });
      // And after, what it added.
      expect(first.trabajo!.importado).toEqual(
        expect.arrayContaining([
          { area: 'Casos', registros: 2 },
          { area: 'Facturas', registros: 3 },
          { area: 'Entradas de tiempo', registros: 2 },
        ]),
      );
      expect(await practiceOf(carol)).toEqual(before);
      // The account stays hers: her name (which greets her), her rate; what she had not set (the RFC) comes along.
      const carolsProfile = (await carol.call(profileApi.get)).json.profile;
      expect(carolsProfile).toMatchObject({ nombre: 'Carolina', apellido: 'Ibarra', tarifa_hora: '900.00', rfc: 'ROAA800101AB1' });
      const carolsSession = await sessionOf(carol);
      expect(carolsSession.profile).toMatchObject({ nombre: 'Carolina', apellido: 'Ibarra' });
      expect(carolsSession.user.email).toBe(carolEmail);
      // Her history came along, and says she imported it.
      const carolsActivity = (await carol.call(securityApi.history, { query: { limit: 100 } })).json.items.map((entry: { resumen: string }) => entry.resumen);
      expect(carolsActivity.join('\n')).toContain('Datos importados de una exportación de Bufete');
      expect(carolsActivity.some((resumen: string) => resumen.includes('Divorcio Pérez / García'))).toBe(true);

      const carolId = (await sessionOf(carol)).user.id as string;
      const counted = await rowsOfLawyer(ts, carolId);
      const second = await importInto(carol, withProfile);
      expect(second.trabajo).toMatchObject({ estado: 'lista', importado: [] });
      const countedAgain = await rowsOfLawyer(ts, carolId);
      // Only the history of the second import itself is new.
      expect({ ...countedAgain, historial: 0 }).toEqual({ ...counted, historial: 0 });
      expect(countedAgain.historial! - counted.historial!).toBe(2);
      expect(await practiceOf(carol)).toEqual(before);
      // Alice's practice is untouched by it.
      expect(await practiceOf(alice)).toEqual(before);
    });

    it("reads a zip made before the parties were: each case's 'contraparte' becomes its party, as the upgrade did", async () => {
      const { client: alice } = await signUpConfirmed(ts);
      const caso = (await alice.call(casosApi.create, { body: { titulo: 'Cobro a Comercial del Golfo', expediente: '55/2026' } })).json.caso;
      await alice.call(casosApi.create, { body: { titulo: 'Sin contraparte' } });
      const entries = await readZip((await exportOf(alice)).bytes);
      // What an earlier Bufete wrote: the one field, and no area of parties.
      const casos = JSON.parse(entries.get('datos/casos.json')!.toString('utf8')) as Record<string, unknown>[];
      for (const row of casos) {
        delete row.partes_texto;
        row.contraparte = row.id === caso.id ? 'Comercial del Golfo, S.A.' : null;
      }
      entries.set('datos/casos.json', Buffer.from(JSON.stringify(casos)));
      entries.delete('datos/partes.json');
      const manifest = JSON.parse(entries.get('bufete.json')!.toString('utf8')) as { datos: { ruta: string }[]; tablas: Record<string, number> };
      manifest.datos = manifest.datos.filter((entry) => entry.ruta !== 'datos/partes.json');
      delete manifest.tablas.partes;
      entries.set('bufete.json', Buffer.from(JSON.stringify(manifest)));

      const { client: carol } = await signUpConfirmed(ts);
      const imported = await importInto(carol, await rehashed(entries));
      expect(imported.trabajo, JSON.stringify(imported)).toMatchObject({ estado: 'lista' });
      const practice = await practiceOf(carol);
      expect(practice.partes).toEqual([{ caso: 'Cobro a Comercial del Golfo', rol: 'contraparte', nombre: 'Comercial del Golfo, S.A.', abogado: null }]);
      expect((await carol.call(casosApi.list, { query: { q: 'golfo' } })).json.items.map((item: { titulo: string }) => item.titulo)).toEqual(['Cobro a Comercial del Golfo']);
    });

    it("the zip is its owner's only: another lawyer, a guessed id or no session get nothing; after 24 hours the file is gone", async () => {
      const { client: alice } = await signUpConfirmed(ts);
      await alice.call(casosApi.create, { body: { titulo: 'Caso confidencial' } });
      const { trabajo } = await exportOf(alice);
      const url = `/api/account/exportaciones/${trabajo.id}/archivo`;
      const { client: bob } = await signUpConfirmed(ts);
      expect((await bob.download(url)).status).toBe(404);
      expect((await alice.download(url, false)).status).toBe(401);
      expect((await bob.download(`/api/account/exportaciones/00000000-0000-4000-8000-000000000000/archivo`)).status).toBe(404);
      expect((await bob.call(portabilidadApi.latestExport)).json.trabajo).toBeNull();
      // No route serves the bucket: the stored files' routes take only their own records' ids.
      expect((await bob.download(`/api/documentos/${trabajo.id}/file`)).status).toBe(404);

      const db = ts.server.database.db;
      await db.execute(sql`update portabilidad set vence_at = now() - interval '1 minute' where id = ${trabajo.id}`);
      await ts.server.jobs.enqueue('cuenta.exportaciones-vencidas', {});
      await ts.server.jobs.tick();
      const expired = await alice.download(url);
      expect(expired.status).toBe(404);
      expect(JSON.parse(expired.bytes.toString('utf8')).error.message).toBe(MSG.portabilidad.caducada);
      expect((await alice.call(portabilidadApi.latestExport)).json.trabajo).toMatchObject({ estado: 'caducada' });
      const [row] = rowsOf<{ archivo_key: string | null }>(await db.execute(sql`select archivo_key from portabilidad where id = ${trabajo.id}`));
      expect(row!.archivo_key).toBeNull();
      const userId = (await sessionOf(alice)).user.id as string;
      const left: string[] = [];
      for await (const page of createStorage(loadConfig(ts.env).storage).list('exportaciones', `${userId}/`)) left.push(...page.map((object) => object.key));
      expect(left).toEqual([]);
    });

    it('an import whose process died on its last attempt ends failed, in Spanish, and its zip is not kept', async () => {
      const { client } = await signUpConfirmed(ts);
      const userId = (await sessionOf(client)).user.id as string;
      const storage = createStorage(loadConfig(ts.env).storage);
      const dir = await mkdtemp(path.join(tmpdir(), 'bufete-import-'));
      const key = `${userId}/importacion-abandonada.zip`;
      const abandoned = await zipOf({ 'bufete.json': Buffer.from('{}') });
      await writeFile(path.join(dir, 'x.zip'), abandoned);
      await storage.putFile('exportaciones', key, path.join(dir, 'x.zip'), { contentType: 'application/zip', size: abandoned.length });
      expect(await storage.get('exportaciones', key)).not.toBeNull();
      await rm(dir, { recursive: true, force: true });
      const db = ts.server.database.db;
      const [row] = rowsOf<{ id: string }>(
        await db.execute(sql`insert into portabilidad (user_id, tipo, estado, archivo_key) values (${userId}, 'importacion', 'en_curso', ${key}) returning id::text`),
      );
      // Its job as the queue finds it after a crash during the third and last attempt.
      await db.execute(
        sql`insert into jobs (kind, payload, status, attempts, max_attempts) values ('cuenta.importar', ${JSON.stringify({ id: row!.id })}::jsonb, 'pending', 3, 3)`,
      );
      await ts.server.jobs.tick();
      expect((await client.call(portabilidadApi.latestImport)).json.trabajo).toMatchObject({ estado: 'fallida', mensaje: MSG.portabilidad.importacionFallida });
      expect(await storage.get('exportaciones', key)).toBeNull();
    });

    it('refuses, in Spanish and with nothing written, a zip from another tool, a damaged zip, an altered file, and an account that has records of its own', async () => {
      const { client: alice } = await signUpConfirmed(ts);
      const { pdf } = await fillPractice(alice);
      const { bytes } = await exportOf(alice);
      const { client: carol } = await signUpConfirmed(ts);
      const carolId = (await sessionOf(carol)).user.id as string;
      const before = await rowsOfLawyer(ts, carolId);

      const foreign = await importInto(carol, await zipOf({ 'contacts.csv': Buffer.from('name,email\nAna,ana@x.mx\n') }));
      expect(foreign.refused?.json.error.message).toBe(MSG.portabilidad.noEsBufete);
      const truncated = await importInto(carol, bytes.subarray(0, Math.floor(bytes.length / 2)));
      expect(truncated.refused?.json.error.message).toBe(MSG.portabilidad.danado);
      const notZip = await importInto(carol, Buffer.from('%PDF-1.4 esto no es un zip'));
      expect(notZip.refused?.json.error.message).toBe(MSG.portabilidad.danado);

      // The same zip with one byte of a document changed (sizes intact): found by its SHA-256 while importing.
      const entries = await readZip(bytes);
      const altered = Buffer.from(pdf);
      altered[100] = altered[100]! ^ 0xff;
      entries.set('casos/Divorcio Perez _ Garcia/documentos/Demanda inicial.pdf', altered);
      const tampered = await importInto(carol, await zipOf(Object.fromEntries(entries)));
      expect(tampered.trabajo).toMatchObject({ estado: 'fallida', mensaje: MSG.portabilidad.danado });
      const after = await rowsOfLawyer(ts, carolId);
      expect({ ...after, historial: 0 }).toEqual({ ...before, historial: 0 });
      const stored: string[] = [];
      for (const bucket of ['documentos', 'imagenes', 'exportaciones'] as const) {
        for await (const page of createStorage(loadConfig(ts.env).storage).list(bucket, `${carolId}/`)) stored.push(...page.map((object) => object.key));
      }
      expect(stored).toEqual([]);

      // The genuine zip in, then the altered one again: the files stored the first time do not excuse this zip's.
      const { client: erin } = await signUpConfirmed(ts);
      const erinId = (await sessionOf(erin)).user.id as string;
      expect((await importInto(erin, bytes)).trabajo).toMatchObject({ estado: 'lista' });
      const imported = await rowsOfLawyer(ts, erinId);
      const again = await importInto(erin, await zipOf(Object.fromEntries(entries)));
      expect(again.trabajo, again.refused?.text).toMatchObject({ estado: 'fallida', mensaje: MSG.portabilidad.danado });
      // A record edited by hand (the manifest left as it was): refused, nothing written.
      const edited = await readZip(bytes);
      edited.set('datos/casos.json', Buffer.from(edited.get('datos/casos.json')!.toString('utf8').replace('Amparo indirecto', 'Amparo indirektO')));
      expect((await importInto(erin, await zipOf(Object.fromEntries(edited)))).trabajo).toMatchObject({ estado: 'fallida', mensaje: MSG.portabilidad.danado });
      expect({ ...(await rowsOfLawyer(ts, erinId)), historial: 0 }).toEqual({ ...imported, historial: 0 });

      // Every entry is the manifest's: one added, one missing, a sheet changed. (Each upload counts against a lawyer's
      // few imports every ten minutes: another fresh account takes the rest.)
      const { client: frank } = await signUpConfirmed(ts);
      const frankId = (await sessionOf(frank)).user.id as string;
      const added = await readZip(bytes);
      added.set('casos/Divorcio Perez _ Garcia/documentos/extra.txt', Buffer.from('añadido a mano'));
      expect((await importInto(frank, await zipOf(Object.fromEntries(added)))).refused?.json.error.message).toBe(MSG.portabilidad.danado);
      const missing = await readZip(bytes);
      missing.delete('casos.csv');
      expect((await importInto(frank, await zipOf(Object.fromEntries(missing)))).refused?.json.error.message).toBe(MSG.portabilidad.danado);
      const sheet = await readZip(bytes);
      sheet.set('casos.csv', Buffer.from(sheet.get('casos.csv')!.toString('utf8').replace('Activo', 'Cerrad')));
      expect((await importInto(frank, await zipOf(Object.fromEntries(sheet)))).trabajo).toMatchObject({ estado: 'fallida', mensaje: MSG.portabilidad.danado });
      // An export of the first release (its manifest covered only the files): asked to export again.
      const v1 = await readZip(bytes);
      const manifest = JSON.parse(v1.get('bufete.json')!.toString('utf8')) as Record<string, unknown>;
      v1.set('bufete.json', Buffer.from(JSON.stringify({ ...manifest, version: 1, datos: undefined })));
      expect((await importInto(frank, await zipOf(Object.fromEntries(v1)))).refused?.json.error.message).toBe(MSG.portabilidad.versionAnterior);
      // An upload not confirmed can be discarded: its zip goes, nothing is imported.
      const pending = await frank.upload(portabilidadApi.startImport, { name: 'bufete-mis-datos.zip', bytes, type: 'application/zip' });
      expect(pending.json.trabajo.contenido.areas).toContainEqual({ area: 'Casos', registros: 2 });
      expect((await alice.call(portabilidadApi.confirmImport, { params: { id: pending.json.trabajo.id } })).status).toBe(404);
      expect((await frank.call(portabilidadApi.discardImport, { params: { id: pending.json.trabajo.id } })).status).toBe(200);
      expect((await frank.call(portabilidadApi.latestImport)).json.trabajo).toMatchObject({ estado: 'descartada' });
      expect((await frank.call(portabilidadApi.confirmImport, { params: { id: pending.json.trabajo.id } })).json.error.message).toBe(MSG.portabilidad.yaNoEspera);
      expect(await rowsOfLawyer(ts, frankId)).toEqual({ historial: expect.any(Number) });
      const leftover: string[] = [];
      for await (const page of createStorage(loadConfig(ts.env).storage).list('exportaciones', `${frankId}/`)) leftover.push(...page.map((object) => object.key));
      expect(leftover).toEqual([]);

      // Alice already has her own practice: an import would mix two.
      const mixed = await importInto(alice, bytes);
      expect(mixed.refused?.status).toBe(409);
      expect(mixed.refused?.json.error.message).toBe(MSG.portabilidad.cuentaConDatos);

      // A zip edited on purpose, its manifest made to match, to link a document to another lawyer's case: the link is dropped.
      const { client: bob } = await signUpConfirmed(ts);
      const bobsCase = (await bob.call(casosApi.create, { body: { titulo: 'El caso de Beto' } })).json.caso;
      const crafted = await readZip(bytes);
      const documentos = JSON.parse(crafted.get('datos/documentos.json')!.toString('utf8')) as Record<string, unknown>[];
      crafted.set(
        'datos/documentos.json',
        Buffer.from(JSON.stringify(documentos.map((documento) => ({ ...documento, caso_id: bobsCase.id, storage_key: `${bobsCase.id}/../../avatars/x` })))),
      );
      const { client: dave } = await signUpConfirmed(ts);
      expect((await importInto(dave, await rehashed(crafted))).trabajo).toMatchObject({ estado: 'lista' });
      const davesDocs = (await dave.call(documentosApi.list, { query: { limit: 100 } })).json.items as { caso_id: string | null }[];
      expect(davesDocs.map((documento) => documento.caso_id)).toEqual([null, null, null]);
      expect((await bob.call(documentosApi.list, { query: { caso_id: bobsCase.id } })).json.items).toEqual([]);
      expect((await bob.call(casosApi.counts, { params: { id: bobsCase.id } })).json.counts).toMatchObject({ documentos: 0 });
    });
  });
}

const backends = await backendsToTest();
for (const { backend, label, enabled } of backends) {
  if (enabled) exportSuite(label, () => startTestServer({ backend }));
}

// PostgreSQL with the files in S3 (s3rver stands in for S3 at the HTTP boundary).
const postgres = backends.find((entry) => entry.backend === 'postgres')!;
if (postgres.enabled) {
  let dir: string;
  let s3: S3rver;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bufete-s3-'));
    s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 'data'), configureBuckets: [{ name: 'bufete-privado', configs: [] }] });
  });
  afterAll(async () => {
    await s3?.close();
    await rm(dir, { recursive: true, force: true });
  });
  exportSuite('PostgreSQL + S3', async () => {
    const { port } = await s3.run();
    return startTestServer({
      backend: 'postgres',
      env: {
        S3_BUCKET: 'bufete-privado',
        S3_ENDPOINT: `http://127.0.0.1:${port}`,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        S3_PREFIX: 'pruebas/',
      },
    });
  });
}

describe('what an export holds', () => {
  it('is handed over by each module for its own tables only', async () => {
    const modulesDir = path.join(import.meta.dirname, '../../src/modules');
    const withTables = (await readdir(modulesDir)).filter((module) => existsSync(path.join(modulesDir, module, 'schema.ts')));
    expect(Object.keys(PORTABLE_MODULES).sort()).toEqual(withTables.sort());
    for (const [module, portable] of Object.entries(PORTABLE_MODULES)) {
      const schema = (await import(`../../src/modules/${module}/schema.ts`)) as Record<string, unknown>;
      const own = Object.values(schema)
        .filter((value): value is PgTable => is(value, PgTable))
        .map((table) => getTableName(table));
      const named = [...portable.exported.map((spec) => spec.tabla), ...Object.keys(portable.leftOut)];
      expect(
        named.filter((table) => !own.includes(table)),
        `${module}/portable.ts names tables of another module`,
      ).toEqual([]);
      expect(
        own.filter((table) => !named.includes(table)),
        `${module}/schema.ts has tables its portable.ts does not name`,
      ).toEqual([]);
    }
  });

  it('names every table with a lawyer’s rows: exported, or left out on purpose', async () => {
    const ts = await startTestServer();
    try {
      const owned = rowsOf<{ table_name: string }>(
        await ts.server.database.db.execute(sql`
          select distinct tc.table_name from information_schema.table_constraints tc
          join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name
          where tc.constraint_type = 'FOREIGN KEY' and ccu.table_name in ('users', 'notas', 'plazo_calendarios', 'calendar_events', 'facturas', 'ai_chat_sessions', 'casos', 'clientes', 'tags')`),
      ).map((row) => row.table_name);
      const named = new Set([...EXPORTED_TABLES.map((spec) => spec.tabla), ...NOT_EXPORTED_TABLES]);
      expect(owned.filter((table) => !named.has(table))).toEqual([]);
    } finally {
      await ts.stop();
    }
  });
});

describe('una exportación que no puede leer un archivo guardado', () => {
  const logged: string[] = [];
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer({ logger: { info: () => {}, warn: () => {}, error: (line) => logged.push(line) } });
  });
  afterAll(async () => {
    await ts?.stop();
  });

  it('ends failed, in Spanish, instead of waiting for ever, and the log says why', async () => {
    const { client } = await signUpConfirmed(ts);
    const caso = (await client.call(casosApi.create, { body: { titulo: 'Sucesión testamentaria' } })).json.caso as { id: string };
    const uploaded = await client.upload(
      documentosApi.upload,
      { name: 'Testamento.txt', bytes: Buffer.from('Testamento público abierto'), type: 'text/plain' },
      { caso_id: caso.id },
    );
    const [doc] = rowsOf<{ storage_key: string }>(await ts.server.database.db.execute(sql`select storage_key from documentos where id = ${uploaded.json.documento.id}`));
    // Its bytes lost from the storage (a bucket emptied by hand, a disk replaced).
    await createStorage(loadConfig(ts.env).storage).delete('documentos', doc!.storage_key);
    expect((await client.call(portabilidadApi.startExport)).status).toBe(201);
    expect(await finished(client, portabilidadApi.latestExport)).toMatchObject({ estado: 'fallida', mensaje: MSG.portabilidad.fallida });
    expect(logged.join('\n')).toContain('Una exportación de datos falló');
  });
});
