import { casosApi, clientesApi, documentosApi, escritosApi, fechaEnLetra, MSG, partesApi, profileApi, todayIn } from '@bufete/shared';
import PizZip from 'pizzip';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, paragraph } from '../../src/modules/escritos/docx-parts';
import type { HttpClient } from '../support/http-client';
import { convertWithLibreOffice, lawyersTemplateFodt, readPdf } from '../support/office';
import { type Backend, postgresAvailable } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends: { backend: Backend; enabled: boolean }[] = [
  { backend: 'pglite', enabled: true },
  { backend: 'postgres', enabled: await postgresAvailable() },
];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** A case with everything an escrito names: its expediente and court, its parties, its client, and the lawyer's cédula. */
async function fullCase(client: HttpClient) {
  await client.call(profileApi.update, {
    body: { nombre: 'Mariana', apellido: 'Ochoa Ruiz', cedula_profesional: '12345678', domicilio_fiscal: 'Av. Juárez 10, Centro, CDMX', tratamiento: 'abogada' },
  });
  const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Laura Méndez Solís', direccion: 'Calle Roble 5, Coyoacán', rfc: 'MESL850312QX4' } })).json.cliente;
  const caso = (
    await client.call(casosApi.create, {
      body: {
        titulo: 'Méndez contra Constructora Alfa',
        expediente: '1234/2026',
        juzgado: 'Juzgado Quinto de lo Civil de Proceso Escrito',
        secretaria: 'B',
        materia: 'civil',
        cliente_id: cliente.id,
      },
    })
  ).json.caso;
  await client.call(partesApi.create, { params: { id: caso.id }, body: { rol: 'actor', nombre: 'Laura Méndez Solís' } });
  await client.call(partesApi.create, { params: { id: caso.id }, body: { rol: 'demandado', nombre: 'Constructora Alfa, S.A. de C.V.' } });
  return caso.id as string;
}

/** What the escritos' own fields are filled with. */
const OWN_VALUES = {
  lugar: 'Ciudad de México',
  // Typed with its own final period: the escrito's is not doubled.
  peticion: 'se señale nueva fecha para la audiencia de pruebas.',
  constancias: 'la sentencia definitiva y su auto que la declara ejecutoriada',
  autorizados: 'Lic. Pedro Salas Vega y Lic. Ana Torres Gil',
  honorarios: '$45,000.00 (cuarenta y cinco mil pesos 00/100 M.N.)',
};

const fileOf = async (client: HttpClient, id: string) => (await client.download(`/api${documentosApi.file.path.replace(':id', id)}?download=1`)).bytes;

for (const { backend, enabled } of backends) {
  describe.runIf(enabled)(`escritos desde el expediente (${backend})`, () => {
    const suite = serverWithTwoLawyers({ backend });
    let caso: string;
    let own: { id: string; campos: string[] };
    let broken: Buffer;
    let ownDocx: Buffer;

    beforeAll(async () => {
      caso = await fullCase(suite.alice);
      // The lawyer's Word files, written by LibreOffice: one with a header, a bold field, a table and a field Bufete does not know; one with a broken field in its header.
      const made = await convertWithLibreOffice(
        {
          'mi-escrito.fodt': lawyersTemplateFodt({ header: 'Despacho Ochoa · Expediente {caso.expediente}', paragraphs: ['Juez: {juez}', 'Fecha: {hoy}'] }),
          'roto.fodt': lawyersTemplateFodt({ header: 'Expediente {caso.expediente', paragraphs: ['Fecha: {hoy}'] }),
        },
        'docx',
      );
      ownDocx = made['mi-escrito.fodt']!;
      broken = made['roto.fodt']!;
    }, 120_000);

    it('takes a lawyer’s own Word file as a template, listing its fields; refuses a broken field naming it and where it is', async () => {
      const before = (await suite.alice.call(profileApi.storage)).json.usado as number;
      const uploaded = await suite.alice.upload(escritosApi.subir, { name: 'mi-escrito.docx', bytes: ownDocx, type: DOCX }, { nombre: 'Mi escrito con tabla' });
      expect(uploaded.status, uploaded.text).toBe(201);
      own = uploaded.json.plantilla;
      expect(own.campos).toEqual(['caso.expediente', 'cliente.nombre', 'caso.juzgado', 'abogado.cedula', 'juez', 'hoy']);
      // Within the lawyer's storage quota.
      expect((await suite.alice.call(profileApi.storage)).json.usado).toBe(before + ownDocx.length);

      const refused = await suite.alice.upload(escritosApi.subir, { name: 'roto.docx', bytes: broken, type: DOCX }, { nombre: 'Roto' });
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toBe(MSG.escritos.campoRoto('«{caso.expediente» no tiene la llave de cierre «}», en el encabezado'));

      const pdf = await suite.alice.upload(escritosApi.subir, { name: 'escrito.docx', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), type: DOCX }, { nombre: 'PDF' });
      expect(pdf.status).toBe(415);
      expect(pdf.json.error.message).toBe(MSG.escritos.formato);
      const plain = buildDocx({ title: 'Plano', header: [paragraph('Sin campos')], body: [paragraph('Un escrito sin nada que llenar.')] });
      const none = await suite.alice.upload(escritosApi.subir, { name: 'plano.docx', bytes: plain, type: DOCX }, { nombre: 'Plano' });
      expect(none.json.error?.message).toBe(MSG.escritos.sinCampos);
      // A part that inflates far past any Word file is refused before it is read.
      const bomb = new PizZip();
      bomb.file('[Content_Types].xml', '<Types/>');
      bomb.file('word/document.xml', `<w:document>${' '.repeat(40 * 1024 * 1024)}</w:document>`);
      const inflated = await suite.alice.upload(
        escritosApi.subir,
        { name: 'bomba.docx', bytes: bomb.generate({ type: 'nodebuffer', compression: 'DEFLATE' }), type: DOCX },
        { nombre: 'Bomba' },
      );
      expect(inflated.status).toBe(400);
      expect(inflated.json.error.message).toBe(MSG.escritos.archivoGrande);
      const nameless = await suite.alice.upload(escritosApi.subir, { name: 'x.docx', bytes: ownDocx, type: DOCX }, { nombre: ' ' });
      expect(nameless.json.error).toMatchObject({ field: 'nombre', message: MSG.escritos.nombreObligatorio });
    });

    it('a company appears through its apoderado, and a court typed «1o. Civil» is addressed as its judge', async () => {
      const empresa = (await suite.alice.call(clientesApi.create, { body: { nombre: 'Inmobiliaria Roma, S.A. de C.V.', rfc: 'IRO850312QX4' } })).json.cliente;
      const suyo = (
        await suite.alice.call(casosApi.create, { body: { titulo: 'Arrendamiento Roma', expediente: '88/2026', juzgado: '1o. Civil', secretaria: 'A', cliente_id: empresa.id } })
      ).json.caso;
      await suite.alice.call(partesApi.create, { params: { id: suyo.id }, body: { rol: 'actor', nombre: 'Inmobiliaria Roma, S.A. de C.V.' } });
      await suite.alice.call(partesApi.create, { params: { id: suyo.id }, body: { rol: 'demandado', nombre: 'Pedro Gil' } });
      const promocion = await suite.alice.call(escritosApi.generar, { params: { id: suyo.id }, body: { plantilla: 'promocion-simple', valores: OWN_VALUES } });
      expect(promocion.status, promocion.text).toBe(201);
      const text = (await fileOf(suite.alice, promocion.json.documento.id).then((bytes) => new PizZip(bytes).file('word/document.xml')!.asText())).replace(/<[^>]+>/g, '');
      expect(text).toContain('C. JUEZ PRIMERO DE LO CIVIL DE LA CIUDAD DE MÉXICO');
      expect(text).toContain('Mariana Ochoa Ruiz, en mi carácter de apoderada legal de Inmobiliaria Roma, S.A. de C.V.,');
      const contrato = await suite.alice.call(escritosApi.generar, {
        params: { id: suyo.id },
        body: { plantilla: 'contrato-servicios', valores: { ...OWN_VALUES, 'cliente.direccion': 'Av. Álvaro Obregón 5, Roma Norte' } },
      });
      expect(contrato.status, contrato.text).toBe(201);
      const contract = (await fileOf(suite.alice, contrato.json.documento.id).then((bytes) => new PizZip(bytes).file('word/document.xml')!.asText())).replace(/<[^>]+>/g, '');
      expect(contract).toContain('Inmobiliaria Roma, S.A. de C.V., representada en este acto por ______________________________, en su carácter de representante legal');
      expect(contract).toContain('RFC IRO850312QX4');
      expect(contract).toContain('Por conducto de su representante legal');
    });

    it('refuses a Word file that carries macros; a field named like a built-in is an unknown field, generated blank', async () => {
      const plain = buildDocx({
        title: 'Hostil',
        header: [],
        body: [paragraph('Expediente {caso.expediente}.'), paragraph('«{constructor}» «{hasOwnProperty}» «{__proto__}» «{valueOf}»')],
      });
      const zip = new PizZip(plain);
      zip.file('word/vbaProject.bin', Buffer.from('Sub AutoOpen()'));
      zip.file(
        '[Content_Types].xml',
        zip.file('[Content_Types].xml')!.asText().replace('officedocument.wordprocessingml.document.main+xml', 'ms-word.document.macroEnabled.main+xml'),
      );
      const macro = await suite.alice.upload(escritosApi.subir, { name: 'con-macros.docx', bytes: zip.generate({ type: 'nodebuffer' }), type: DOCX }, { nombre: 'Con macros' });
      expect(macro.status).toBe(400);
      expect(macro.json.error.message).toBe(MSG.escritos.conMacros);

      const hostile = await suite.alice.upload(escritosApi.subir, { name: 'hostil.docx', bytes: plain, type: DOCX }, { nombre: 'Hostil' });
      expect(hostile.status, hostile.text).toBe(201);
      expect(hostile.json.plantilla.campos).toEqual(['caso.expediente', 'constructor', 'hasOwnProperty', '__proto__', 'valueOf']);
      // Values typed under other names, inherited ones included, are never read.
      const generated = await suite.alice.post(`/api/casos/${caso}/escritos`, { plantilla: hostile.json.plantilla.id, valores: { toString: 'x', 'caso.expediente': '' } });
      expect(generated.status, generated.text).toBe(201);
      const text = new PizZip(await fileOf(suite.alice, generated.json.documento.id)).file('word/document.xml')!.asText();
      expect(text).toContain('Expediente 1234/2026.');
      expect(text).toContain('«» «» «» «»');
      expect(text).not.toMatch(/object Object|function/);
      await suite.alice.call(escritosApi.eliminar, { params: { id: hostile.json.plantilla.id } });
    });

    it('asks for what the case lacks, lists what it does not know, and refuses to generate without it', async () => {
      const bare = (await suite.alice.call(casosApi.create, { body: { titulo: 'Asunto sin expediente' } })).json.caso.id as string;
      const campos = await suite.alice.call(escritosApi.campos, { params: { id: bare }, query: { plantilla: own.id } });
      expect(campos.status, campos.text).toBe(200);
      expect(campos.json.campos).toEqual([
        expect.objectContaining({ clave: 'caso.expediente', valor: null, desconocido: false, origen: 'el caso' }),
        expect.objectContaining({ clave: 'cliente.nombre', valor: null, desconocido: false }),
        expect.objectContaining({ clave: 'caso.juzgado', valor: null }),
        expect.objectContaining({ clave: 'abogado.cedula', valor: '12345678' }),
        expect.objectContaining({ clave: 'juez', desconocido: true }),
        expect.objectContaining({ clave: 'hoy', valor: fechaEnLetra(todayIn('America/Mexico_City')) }),
      ]);
      const missing = await suite.alice.call(escritosApi.generar, { params: { id: bare }, body: { plantilla: own.id } });
      expect(missing.status).toBe(400);
      expect(missing.json.error.message).toBe(MSG.escritos.faltanCampos('Número de expediente, Nombre del cliente, Juzgado o tribunal'));
      // Typed in the dialog, it goes; the unknown field may stay blank.
      const typed = await suite.alice.call(escritosApi.generar, {
        params: { id: bare },
        body: { plantilla: own.id, valores: { 'caso.expediente': '99/2026', 'cliente.nombre': 'Jorge Ríos', 'caso.juzgado': 'Juzgado Segundo Familiar' } },
      });
      expect(typed.status, typed.text).toBe(201);
      // Named by the template, the case (its title: it has no expediente) and the day.
      const day = todayIn('America/Mexico_City').split('-').reverse().join('-');
      expect(typed.json.documento).toMatchObject({ caso_id: bare, tipo: DOCX, nombre: `Mi escrito con tabla - Asunto sin expediente - ${day}.docx` });
    });

    it('every shipped escrito and the lawyer’s own open in LibreOffice with every field filled and their formatting kept', async () => {
      const list = (await suite.alice.call(escritosApi.plantillas)).json.items as { id: string; propia: boolean }[];
      expect(list.filter((item) => !item.propia).map((item) => item.id)).toEqual(['promocion-simple', 'copias-certificadas', 'autorizacion-abogados', 'contrato-servicios']);
      const generated: Record<string, Buffer> = {};
      for (const plantilla of [...list.filter((item) => !item.propia).map((item) => item.id), own.id]) {
        const res = await suite.alice.call(escritosApi.generar, { params: { id: caso }, body: { plantilla, valores: { ...OWN_VALUES, juez: 'Lic. Ernesto Lara' } } });
        expect(res.status, res.text).toBe(201);
        expect(res.json.documento.caso_id).toBe(caso);
        generated[`${plantilla}.docx`] = await fileOf(suite.alice, res.json.documento.id);
      }
      const pdfs = await convertWithLibreOffice(generated, 'pdf');
      const hoy = fechaEnLetra(todayIn('America/Mexico_City'));
      const expected: Record<string, string[]> = {
        // As a court reads it: addressed to its judge, the lawyer in the first person and in her gender, the petition closed once.
        'promocion-simple.docx': [
          'PARTE ACTORA: Laura Méndez Solís',
          'PARTE DEMANDADA: Constructora Alfa, S.A. de C.V.',
          'EXPEDIENTE: 1234/2026',
          'SECRETARÍA: B',
          'C. JUEZ QUINTO DE LO CIVIL DE PROCESO ESCRITO DE LA CIUDAD DE MÉXICO PRESENTE',
          'Mariana Ochoa Ruiz, en mi carácter de abogada patrona de Laura Méndez Solís, personalidad que tengo reconocida en los autos del juicio al rubro citado, con cédula profesional 12345678, ante Usted con el debido respeto comparezco y expongo:',
          'vengo a solicitar: se señale nueva fecha para la audiencia de pruebas. Por lo anteriormente expuesto,',
          'A USTED C. JUEZ, atentamente pido se sirva:',
          'Tenerme por presentada en los términos de este escrito',
          'Cédula profesional 12345678',
          hoy,
        ],
        'copias-certificadas.docx': ['1234/2026', OWN_VALUES.constancias, OWN_VALUES.autorizados, 'Mariana Ochoa Ruiz', hoy],
        'autorizacion-abogados.docx': ['1234/2026', OWN_VALUES.autorizados, 'Mariana Ochoa Ruiz'],
        'contrato-servicios.docx': [
          'Laura Méndez Solís, por su propio derecho, a quien en lo sucesivo',
          'Mariana Ochoa Ruiz, abogada con cédula profesional 12345678',
          'Calle Roble 5, Coyoacán',
          'Av. Juárez 10, Centro, CDMX',
          OWN_VALUES.honorarios,
          'Méndez contra Constructora Alfa',
          'RFC MESL850312QX4',
          hoy,
        ],
        [`${own.id}.docx`]: ['Despacho Ochoa · Expediente 1234/2026', 'Laura Méndez Solís', 'Juzgado Quinto de lo Civil de Proceso Escrito', '12345678', 'Lic. Ernesto Lara', hoy],
      };
      for (const [name, values] of Object.entries(expected)) {
        const { text, fonts } = await readPdf(pdfs[name]!);
        const flat = text.replace(/\s+/g, ' ');
        for (const value of values) expect(flat, `${name}: ${value}`).toContain(value);
        // No field is left as written in the template.
        expect(flat, name).not.toMatch(/\{[a-z.]+\}?/);
        // Bold kept: the printed PDF uses a bold face.
        expect(fonts, name).toMatch(/Bold/);
      }
      // The heading courts expect, top right on every page: in the header of each promoción.
      expect((await readPdf(pdfs['promocion-simple.docx']!)).text).toMatch(/EXPEDIENTE: 1234\/2026/);
      // The lawyer's own: the bold field is still bold, the table still a table, the header still a header.
      const xml = new PizZip(generated[`${own.id}.docx`]!);
      const body = xml.file('word/document.xml')!.asText();
      expect(body).toMatch(/<w:r>(?:(?!<\/w:r>).)*<w:b\/>(?:(?!<\/w:r>).)*Laura Méndez Solís/);
      expect(body).toMatch(/<w:tbl>(?:(?!<\/w:tbl>).)*Juzgado Quinto de lo Civil(?:(?!<\/w:tbl>).)*12345678/);
      const headers = Object.keys(xml.files).filter((file) => /^word\/header\d*\.xml$/.test(file));
      expect(headers.some((file) => xml.file(file)!.asText().includes('Expediente 1234/2026'))).toBe(true);
      // The contract's signatures are a table.
      expect(new PizZip(generated['contrato-servicios.docx']!).file('word/document.xml')!.asText()).toMatch(/<w:tbl>/);
    }, 180_000);

    it('another lawyer never reads, uses or deletes a lawyer’s template, nor drafts in their case', async () => {
      const bobsCase = (await suite.bob.call(casosApi.create, { body: { titulo: 'Caso de Bob', expediente: '1/2026' } })).json.caso.id as string;
      const answers = await Promise.all([
        suite.bob.call(escritosApi.campos, { params: { id: bobsCase }, query: { plantilla: own.id } }),
        suite.bob.call(escritosApi.generar, { params: { id: bobsCase }, body: { plantilla: own.id } }),
        suite.bob.call(escritosApi.eliminar, { params: { id: own.id } }),
        suite.bob.download(`/api/escritos/plantillas/archivo?plantilla=${own.id}`),
        suite.bob.call(escritosApi.campos, { params: { id: caso }, query: { plantilla: 'promocion-simple' } }),
        suite.bob.call(escritosApi.generar, { params: { id: caso }, body: { plantilla: 'promocion-simple', valores: OWN_VALUES } }),
      ]);
      expect(answers.map((res) => res.status)).toEqual([404, 404, 404, 404, 404, 404]);
      expect(((await suite.bob.call(escritosApi.plantillas)).json.items as { id: string }[]).some((item) => item.id === own.id)).toBe(false);
      // Its owner downloads it, and Bufete's shipped ones, to edit them in Word.
      const mine = await suite.alice.download(`/api/escritos/plantillas/archivo?plantilla=${own.id}`);
      expect(mine.status).toBe(200);
      expect(mine.bytes.equals(ownDocx)).toBe(true);
      const shipped = await suite.bob.download('/api/escritos/plantillas/archivo?plantilla=promocion-simple');
      expect(shipped.status).toBe(200);
      expect(shipped.headers.get('content-disposition')).toContain('attachment');
      expect(new PizZip(shipped.bytes).file('word/header1.xml')!.asText()).toContain('{caso.expediente}');
    });

    it('keeps the cédula profesional as 7 or 8 digits', async () => {
      for (const cedula_profesional of ['12345', '123456789', '12a4567']) {
        const res = await suite.bob.call(profileApi.update, { body: { cedula_profesional } });
        expect(res.status).toBe(400);
        expect(res.json.error).toMatchObject({ field: 'cedula_profesional', message: MSG.settings.cedulaInvalida });
      }
      expect((await suite.bob.call(profileApi.update, { body: { cedula_profesional: '1234 567' } })).json.profile.cedula_profesional).toBe('1234567');
      expect((await suite.bob.call(profileApi.update, { body: { cedula_profesional: '' } })).json.profile.cedula_profesional).toBeNull();
    });

    it('deleting a template frees its space', async () => {
      const before = (await suite.alice.call(profileApi.storage)).json.usado as number;
      const extra = (await suite.alice.upload(escritosApi.subir, { name: 'otra.docx', bytes: ownDocx, type: DOCX }, { nombre: 'Otra' })).json.plantilla;
      expect((await suite.alice.call(escritosApi.eliminar, { params: { id: extra.id } })).status).toBe(200);
      expect((await suite.alice.call(profileApi.storage)).json.usado).toBe(before);
    });
  });
}
