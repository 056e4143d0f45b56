import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays, diaMx, type Entrada, facturaDraftFromTime, casosApi, facturasApi, MSG, profileApi, recordatoriosApi, tiempoApi, todayIn } from '@bufete/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { extractText } from '../../src/extraction/extract';
import { signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { backendsToTest } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();

const today = () => todayIn('America/Mexico_City');

async function create(client: HttpClient, path: string, body: Record<string, unknown>) {
  const res = await client.post(path, body);
  expect(res.status, res.text).toBe(201);
  return Object.values(res.json)[0] as Record<string, any>;
}
const invoice = (client: HttpClient, body: Record<string, unknown>) =>
  create(client, '/api/facturas', { concepto: 'Honorarios', fecha_emision: today(), calculo_automatico: false, ...body });

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`facturación (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend });

    it('numbers per lawyer, atomically: 50 at once are FACT-0001…FACT-0050, and another lawyer starts at 0001', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const results = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          client.call(facturasApi.create, { body: { concepto: `Factura ${i}`, fecha_emision: today(), calculo_automatico: false, monto: '100' } }),
        ),
      );
      expect(results.every((res) => res.status === 201)).toBe(true);
      const numbers = results.map((res) => res.json.factura.numero_factura).sort();
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `FACT-${String(i + 1).padStart(4, '0')}`));
      const { client: other } = await signUpConfirmed(suite.ts);
      expect((await invoice(other, { monto: '1' })).numero_factura).toBe('FACT-0001');
    });

    it('enforces the creation and status rules on the server, in Spanish', async () => {
      const refusals: [Record<string, unknown>, string, string][] = [
        [{ concepto: '  ', monto: '100' }, 'concepto', MSG.invoices.conceptoObligatorio],
        [{ monto: '0' }, 'monto', MSG.invoices.montoMayorQueCero],
        [{ monto: '100', estado: 'pagada_parcialmente', monto_pagado: '100' }, 'monto_pagado', MSG.invoices.pagadoObligatorio],
        [{ calculo_automatico: true, tarifa_por_hora: '1500' }, 'tarifa_por_hora', MSG.invoices.tarifaObligatoria],
        [{ monto: '100', estado: 'cobrada' }, 'estado', MSG.invoices.estadoInvalido],
        [{ monto: '100', fecha_emision: '31/02/2026' }, 'fecha_emision', MSG.practice.fechaInvalida],
      ];
      for (const [body, field, message] of refusals) {
        const res = await suite.alice.call(facturasApi.create, { body: { concepto: 'Honorarios', fecha_emision: today(), calculo_automatico: false, ...body } });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error).toMatchObject({ field, message });
      }
      const ajeno = await create(suite.bob, '/api/clientes', { nombre: 'Cliente de Bruno' });
      expect(
        (await suite.alice.call(facturasApi.create, { body: { concepto: 'x', fecha_emision: today(), calculo_automatico: false, monto: '10', cliente_id: ajeno.id } })).status,
      ).toBe(404);

      const factura = await invoice(suite.alice, { monto: '1000', notas: '   ' });
      expect(factura).toMatchObject({ monto_total: '1000.00', monto_pagado: '0.00', estado: 'pendiente', notas: null, tarifa_por_hora: null, horas_trabajadas: null });
      const status = (body: Record<string, unknown>) => suite.alice.request(`/api/facturas/${factura.id}`, { method: 'PATCH', body });
      expect((await status({ estado: 'pagada' })).json.factura).toMatchObject({ estado: 'pagada', monto_pagado: '1000.00' });
      expect((await status({ estado: 'pendiente', monto_pagado: '500' })).json.factura).toMatchObject({ estado: 'pendiente', monto_pagado: '0.00' });
      expect((await status({ estado: 'pagada_parcialmente', monto_pagado: '250.5' })).json.factura).toMatchObject({ monto_pagado: '250.50' });
      expect((await status({ estado: 'pagada_parcialmente', monto_pagado: '1000' })).json.factura.monto_pagado).toBe('1000.00');
      expect((await status({ estado: 'pagada_parcialmente', monto_pagado: '1000.01' })).json.error).toMatchObject({ field: 'monto_pagado', message: MSG.invoices.pagadoExcede });
      expect((await status({ estado: 'pagada_parcialmente' })).json.error).toMatchObject({ field: 'monto_pagado', message: MSG.invoices.pagadoObligatorio });
      expect((await suite.bob.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada' } })).status).toBe(404);
      expect((await suite.bob.call(facturasApi.pdf, { params: { id: factura.id } })).status).toBe(404);
    });

    it('cards and table follow the filters: Cobrado sums every paid amount, Pendiente only pendiente totals', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const lucia = await create(client, '/api/clientes', { nombre: 'Lucía Hernández' });
      const acme = await create(client, '/api/clientes', { nombre: 'Comercializadora del Norte' });
      await invoice(client, { concepto: 'Divorcio incausado', monto: '10000', cliente_id: lucia.id, fecha_emision: '2026-10-05' });
      await invoice(client, { concepto: 'Contrato de suministro', monto: '5000', cliente_id: acme.id, estado: 'pagada', fecha_emision: '2026-10-20' });
      await invoice(client, {
        concepto: 'Asesoría laboral',
        monto: '3000',
        cliente_id: acme.id,
        estado: 'pagada_parcialmente',
        monto_pagado: '1000',
        fecha_emision: '2026-11-02',
        fecha_vencimiento: '2026-11-10',
      });
      await invoice(client, { concepto: 'Revisión de escritura', monto: '2500.50', fecha_emision: '2026-11-15', fecha_vencimiento: addDays(today(), 30) });

      const list = async (query = '') => (await client.get(`/api/facturas${query}`)).json;
      const all = await list();
      expect(all.resumen).toEqual({
        total_facturado: '20500.50',
        cobrado: '6000.00',
        pendiente: '12500.50',
        saldo: '14500.50',
        facturas: 4,
        pagadas: 1,
        pendientes: 2,
        parciales: 1,
        vencidas: 1,
        canceladas: 0,
      });
      expect(all.items.map((item: { concepto: string }) => item.concepto)).toEqual(['Revisión de escritura', 'Asesoría laboral', 'Contrato de suministro', 'Divorcio incausado']);
      expect(all.items.find((item: { concepto: string }) => item.concepto === 'Asesoría laboral').vencida).toBe(true);

      expect((await list('?q=COMERCIALIZADORA')).resumen).toMatchObject({ facturas: 2, total_facturado: '8000.00', cobrado: '6000.00', pendiente: '0.00' });
      expect((await list('?q=fact-0001')).items.map((item: { concepto: string }) => item.concepto)).toEqual(['Divorcio incausado']);
      expect((await list('?q=laboral')).items).toHaveLength(1);
      expect((await list(`?cliente_id=${lucia.id}`)).resumen.total_facturado).toBe('10000.00');
      expect((await list('?estado=pagada_parcialmente')).resumen).toMatchObject({ facturas: 1, cobrado: '1000.00' });
      expect((await list('?desde=2026-10-01&hasta=2026-10-31')).items.map((item: { concepto: string }) => item.concepto)).toEqual(['Contrato de suministro', 'Divorcio incausado']);
      const page = await list('?limit=3');
      expect(page.items).toHaveLength(3);
      const second = await list(`?limit=3&cursor=${page.next_cursor}`);
      expect(second.items.map((item: { concepto: string }) => item.concepto)).toEqual(['Divorcio incausado']);
      // The cards add up every filtered invoice, whichever page is shown, and a search that finds nothing says so in them too.
      expect(second.resumen).toEqual(all.resumen);
      expect(page.resumen).toEqual(all.resumen);
      const none = await list('?q=ninguna-factura-dice-esto');
      expect(none.items).toEqual([]);
      expect(none.resumen).toMatchObject({ facturas: 0, total_facturado: '0.00', vencidas: 0 });
      expect((await list('?estado=pagada_parcialmente&q=laboral')).resumen).toMatchObject({ facturas: 1, parciales: 1, vencidas: 1 });
      expect((await client.call(facturasApi.list, { query: { estado: 'cobrada' } })).status).toBe(400);
    });

    it('CSV: BOM, the spec’s columns, only the filtered rows, formulas neutralised, read back by a CSV parser', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const cliente = await create(client, '/api/clientes', { nombre: '=HYPERLINK("http://malo")' });
      await invoice(client, { concepto: 'Régimen de visitas, pensión y guarda', monto: '1234.5', cliente_id: cliente.id });
      await invoice(client, { concepto: '+cmd|calc', monto: '99', estado: 'pagada' });
      await invoice(client, { concepto: 'No entra en el filtro', monto: '10', estado: 'pagada_parcialmente', monto_pagado: '5' });
      const filtered = await client.download('/api/facturas/export?q=a');
      expect(filtered.status).toBe(200);
      expect(filtered.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      expect(filtered.headers.get('content-disposition')).toMatch(/^attachment; filename="facturas_\d{4}-\d{2}-\d{2}T[\d-]+Z\.csv"$/);
      expect([...filtered.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const rows: string[][] = parse(filtered.bytes, { bom: true });
      expect(rows[0]).toEqual([
        'Número',
        'Cliente',
        'Fecha Emisión',
        'Concepto',
        'Subtotal',
        'IVA',
        'ISR retenido',
        'IVA retenido',
        'Monto Total',
        'Monto Pagado',
        'Notas de crédito',
        'Estado',
        'Fecha de pago',
        'Forma de pago',
        'Folio fiscal (UUID)',
        'Estado del CFDI',
      ]);
      const body = rows.slice(1);
      expect(body.map((row) => row[3])).toEqual(expect.arrayContaining(['Régimen de visitas, pensión y guarda']));
      expect(body.find((row) => row[3] === 'Régimen de visitas, pensión y guarda')).toEqual([
        'FACT-0001',
        `'=HYPERLINK("http://malo")`,
        diaMx(today()),
        'Régimen de visitas, pensión y guarda',
        '1234.50',
        '0.00',
        '0.00',
        '0.00',
        '1234.50',
        '0.00',
        '0.00',
        'Pendiente',
        '',
        '',
        '',
        '',
      ]);
      const pagadas: string[][] = parse((await client.download('/api/facturas/export?estado=pagada')).bytes, { bom: true });
      expect(pagadas.slice(1)).toEqual([
        [
          'FACT-0002',
          'Sin cliente',
          diaMx(today()),
          `'+cmd|calc`,
          '99.00',
          '0.00',
          '0.00',
          '0.00',
          '99.00',
          '99.00',
          '0.00',
          'Pagada',
          diaMx(today()),
          'Transferencia electrónica de fondos',
          '',
          '',
        ],
      ]);
      // With taxes, the breakdown fills its columns.
      await invoice(client, { concepto: 'Con impuestos', monto: '10000', impuestos: { iva: true, retencion: '612' } });
      const taxed: string[][] = parse((await client.download('/api/facturas/export?q=impuestos')).bytes, { bom: true });
      expect(taxed[1]!.slice(4, 9)).toEqual(['10000.00', '1600.00', '1000.00', '1066.67', '9533.33']);
    });

    it('the receipt PDF holds the numbers, with taxes for a company', async () => {
      const { client } = await signUpConfirmed(suite.ts, { nombre: 'Renata', apellido: 'Solís' });
      expect((await client.call(profileApi.update, { body: { rfc: 'sopr800101ab1', regimen_fiscal: '612', domicilio_fiscal: 'Av. Juárez 10, CDMX' } })).json.profile).toMatchObject(
        {
          rfc: 'SOPR800101AB1',
          regimen_fiscal: '612',
        },
      );
      const badRfc = await client.call(profileApi.update, { body: { rfc: 'XYZ' } });
      expect(badRfc.json.error).toMatchObject({ field: 'rfc', message: MSG.fiscal.rfcInvalido });
      const empresa = await create(client, '/api/clientes', {
        nombre: 'Comercializadora',
        razon_social: 'Comercializadora del Norte, S.A. de C.V.',
        rfc: 'CNO980101AB2',
        regimen_fiscal: '601',
        codigo_postal: '64000',
        uso_cfdi: 'G03',
      });
      const factura = await invoice(client, {
        concepto: 'Honorarios por juicio mercantil',
        monto: '10000',
        cliente_id: empresa.id,
        impuestos: { iva: true, retencion: '612' },
        fecha_vencimiento: addDays(today(), 15),
      });
      expect(factura).toMatchObject({
        monto_total: '9533.33',
        impuestos: { subtotal: '10000.00', iva: '1600.00', isr_retenido: '1000.00', iva_retenido: '1066.67', retencion: '612' },
      });
      const pdf = await client.download(`/api/facturas/${factura.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const file = path.join(suite.ts.dataDir, 'recibo.pdf');
      await writeFile(file, pdf.bytes);
      const text = (await extractText(file, 'pdf'))!.replace(/\s+/g, ' ');
      for (const expected of [
        'Recibo de honorarios',
        factura.numero_factura,
        'no es un Comprobante Fiscal Digital por Internet',
        'Renata Solís',
        'SOPR800101AB1',
        'Comercializadora del Norte, S.A. de C.V.',
        'CNO980101AB2',
        'Honorarios por juicio mercantil',
        '$10,000.00',
        '$1,600.00',
        '-$1,000.00',
        '-$1,066.67',
        '$9,533.33',
      ]) {
        expect(text, expected).toContain(expected);
      }
    });

    it('time entries are reviewed into one invoice (with taxes), billed once even when asked twice at the same moment', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const cliente = await create(client, '/api/clientes', { nombre: 'Constructora Lucía', email: 'lucia@cliente.mx', rfc: 'CLU980101AB2' });
      const caso = await create(client, '/api/casos', { titulo: 'Sucesión', cliente_id: cliente.id });
      // No default rate yet: an entry without rate is refused with a way out.
      const noRate = await client.call(tiempoApi.create, { body: { caso_id: caso.id, fecha: today(), horas: '1', descripcion: 'Revisión' } });
      expect(noRate.status).toBe(400);
      expect(noRate.json.error.field).toBe('tarifa_por_hora');
      expect(
        (await client.call(tiempoApi.create, { body: { caso_id: caso.id, fecha: today(), horas: '1.1', descripcion: 'x', tarifa_por_hora: '1000' } })).json.error.message,
      ).toBe(MSG.time.horasCuartos);
      await client.call(profileApi.update, { body: { tarifa_hora: '1500', regimen_fiscal: '612' } });
      const a = await create(client, '/api/tiempo', { caso_id: caso.id, fecha: '2026-11-23', horas: '1.5', descripcion: 'Redacción de la demanda' });
      const b = await create(client, '/api/tiempo', { caso_id: caso.id, fecha: '2026-11-24', horas: '0.25', descripcion: 'Llamada', tarifa_por_hora: '1200' });
      expect(a).toMatchObject({ horas: '1.50', tarifa_por_hora: '1500.00', importe: '2250.00', cliente: { nombre: 'Constructora Lucía' }, factura: null });
      expect(b.importe).toBe('300.00');

      // The review: the form as the web fills it (entries, their client, Spanish dates, taxes for a company).
      const profile = (await client.call(profileApi.get)).json.profile;
      const draft = facturaDraftFromTime([a, b] as Entrada[], { today: today(), lawyer: profile, cliente });
      expect(draft).toMatchObject({
        cliente_id: cliente.id,
        concepto: 'Honorarios profesionales: 1.75 horas (23/11/2026 a 24/11/2026)',
        calculo_automatico: false,
        monto: '2550.00',
        impuestos: { iva: true, retencion: '612' },
      });

      const [first, second] = await Promise.all([client.call(facturasApi.create, { body: draft }), client.call(facturasApi.create, { body: draft })]);
      expect([first.status, second.status].sort()).toEqual([201, 409]);
      const billed = (first.status === 201 ? first : second).json.factura;
      expect(billed).toMatchObject({
        cliente: { nombre: 'Constructora Lucía' },
        estado: 'pendiente',
        impuestos: { subtotal: '2550.00', iva: '408.00', isr_retenido: '255.00', iva_retenido: '272.00' },
        monto_total: '2431.00',
      });
      // The refused twin took no number: the next invoice follows the billed one.
      expect((await invoice(client, { monto: '1' })).numero_factura).toBe('FACT-0002');
      const entries = (await client.call(tiempoApi.list, { query: { caso_id: caso.id } })).json.items;
      expect(entries.every((entry: { factura: { numero_factura: string } }) => entry.factura?.numero_factura === billed.numero_factura)).toBe(true);
      expect((await client.call(tiempoApi.list, { query: { cliente_id: cliente.id, sin_facturar: '1' } })).json.items).toEqual([]);
      const detail = (await client.call(facturasApi.get, { params: { id: billed.id } })).json;
      expect(detail.entradas.map((entry: { descripcion: string }) => entry.descripcion)).toEqual(['Redacción de la demanda', 'Llamada']);
      expect(detail.historial[0]).toMatchObject({ accion: 'crear', resumen: `Factura ${billed.numero_factura} creada por $2,431.00 con 2 entradas de tiempo` });

      expect((await client.call(facturasApi.create, { body: { ...draft, entrada_ids: [a.id] } })).json.error.code).toBe('ALREADY_BILLED');
      expect((await client.call(tiempoApi.remove, { params: { id: a.id } })).json.error.message).toBe(MSG.time.entradaFacturada);
      expect((await client.call(tiempoApi.update, { params: { id: a.id }, body: { fecha: today(), horas: '2', descripcion: 'x' } })).json.error.code).toBe('ENTRY_BILLED');
      // Another client's name on the entries' invoice, or another lawyer's entries: refused.
      const c = await create(client, '/api/tiempo', { caso_id: caso.id, fecha: today(), horas: '1', descripcion: 'Audiencia' });
      const otro = await create(client, '/api/clientes', { nombre: 'Otro' });
      const wrongClient = await client.call(facturasApi.create, { body: { ...draft, cliente_id: otro.id, entrada_ids: [c.id] } });
      expect(wrongClient.json.error).toMatchObject({ field: 'cliente_id', message: MSG.invoices.clienteDeLasEntradas });
      expect((await suite.bob.call(facturasApi.create, { body: { ...draft, cliente_id: '', entrada_ids: [c.id] } })).status).toBe(404);
      // Unbilled entries can be edited.
      const edited = await client.call(tiempoApi.update, {
        params: { id: c.id },
        body: { fecha: today(), horas: '1.25', descripcion: 'Audiencia de pruebas', tarifa_por_hora: '' },
      });
      expect(edited.json.entrada).toMatchObject({ horas: '1.25', descripcion: 'Audiencia de pruebas', importe: '1875.00' });
      expect((await suite.bob.call(tiempoApi.update, { params: { id: c.id }, body: { fecha: today(), horas: '1', descripcion: 'x' } })).status).toBe(404);
    });

    it('cancelling keeps the number, gives the time back, needs a reason and leaves the cards', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      await client.call(profileApi.update, { body: { tarifa_hora: '1000' } });
      const caso = await create(client, '/api/casos', { titulo: 'Arrendamiento' });
      const entry = await create(client, '/api/tiempo', { caso_id: caso.id, fecha: today(), horas: '2', descripcion: 'Contestación' });
      const billed = await invoice(client, { monto: '2000', entrada_ids: [entry.id] });
      const other = await invoice(client, { monto: '500' });
      expect((await client.call(facturasApi.cancel, { params: { id: billed.id }, body: { motivo: ' ' } })).json.error).toMatchObject({
        field: 'motivo',
        message: MSG.invoices.motivoObligatorio,
      });
      expect((await suite.bob.call(facturasApi.cancel, { params: { id: billed.id }, body: { motivo: 'Facturé dos veces' } })).status).toBe(404);
      const cancelled = await client.call(facturasApi.cancel, { params: { id: billed.id }, body: { motivo: 'Se facturaron las horas dos veces' } });
      expect(cancelled.status, cancelled.text).toBe(200);
      expect(cancelled.json.factura).toMatchObject({
        estado: 'cancelada',
        numero_factura: 'FACT-0001',
        editable: false,
        cancelacion: { motivo: 'Se facturaron las horas dos veces' },
      });
      // Its time is unbilled again and can be billed anew; the number is never reused.
      expect((await client.call(tiempoApi.list, { query: { caso_id: caso.id } })).json.items[0].factura).toBeNull();
      expect((await invoice(client, { monto: '2000', entrada_ids: [entry.id] })).numero_factura).toBe('FACT-0003');
      const history = (await client.call(facturasApi.get, { params: { id: billed.id } })).json.historial;
      expect(history[0]).toMatchObject({
        accion: 'cancelar',
        resumen: 'Factura FACT-0001 cancelada. Su entrada de tiempo vuelve a estar sin facturar.',
        cambios: [
          { campo: 'Estado', antes: 'Pendiente', despues: 'Cancelada' },
          { campo: 'Motivo', antes: null, despues: 'Se facturaron las horas dos veces' },
        ],
      });
      expect(history[0].ip).toMatch(/127\.0\.0\.1/);
      // A cancelled invoice adds to no card, cannot change, and can be listed on its own.
      const { resumen } = (await client.call(facturasApi.list)).json;
      expect(resumen).toMatchObject({ total_facturado: '2500.00', facturas: 2, canceladas: 1, saldo: '2500.00' });
      expect((await client.call(facturasApi.updateStatus, { params: { id: billed.id }, body: { estado: 'pagada' } })).json.error.code).toBe('INVOICE_CANCELLED');
      expect((await client.call(facturasApi.cancel, { params: { id: billed.id }, body: { motivo: 'otra vez' } })).json.error.code).toBe('INVOICE_CANCELLED');
      expect((await client.call(facturasApi.list, { query: { estado: 'cancelada' } })).json.items.map((item: { numero_factura: string }) => item.numero_factura)).toEqual([
        'FACT-0001',
      ]);
      // With a payment recorded, it is first set back to Pendiente.
      await client.call(facturasApi.updateStatus, { params: { id: other.id }, body: { estado: 'pagada' } });
      expect((await client.call(facturasApi.cancel, { params: { id: other.id }, body: { motivo: 'Error' } })).json.error.code).toBe('INVOICE_HAS_PAYMENTS');
    });

    it('a pendiente invoice with nothing paid can be edited, with each change in its history', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const factura = await invoice(client, { concepto: 'Honorarios por asesoría', monto: '1000' });
      const edited = await client.call(facturasApi.update, {
        params: { id: factura.id },
        body: {
          concepto: 'Honorarios por asesoría fiscal',
          fecha_emision: factura.fecha_emision,
          calculo_automatico: true,
          tarifa_por_hora: '1500',
          horas_trabajadas: '2',
          impuestos: { iva: true, retencion: 'ninguna' },
        },
      });
      expect(edited.status, edited.text).toBe(200);
      expect(edited.json.factura).toMatchObject({
        numero_factura: factura.numero_factura,
        concepto: 'Honorarios por asesoría fiscal',
        monto_total: '3480.00',
        tarifa_por_hora: '1500.00',
        horas_trabajadas: '2.00',
      });
      const [entry] = (await client.call(facturasApi.get, { params: { id: factura.id } })).json.historial;
      expect(entry.accion).toBe('editar');
      expect(entry.cambios).toEqual(
        expect.arrayContaining([
          { campo: 'Concepto', antes: 'Honorarios por asesoría', despues: 'Honorarios por asesoría fiscal' },
          { campo: 'Monto total', antes: '$1,000.00', despues: '$3,480.00' },
        ]),
      );
      expect(
        (await suite.bob.call(facturasApi.update, { params: { id: factura.id }, body: { concepto: 'x', fecha_emision: today(), calculo_automatico: false, monto: '1' } })).status,
      ).toBe(404);
      await client.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada_parcialmente', monto_pagado: '100' } });
      const locked = await client.call(facturasApi.update, { params: { id: factura.id }, body: { concepto: 'x', fecha_emision: today(), calculo_automatico: false, monto: '1' } });
      expect(locked.json.error).toMatchObject({ code: 'INVOICE_NOT_EDITABLE', message: MSG.invoices.noEditable });
    });

    it('payments keep their day and form; going back takes back the latest first', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const factura = await invoice(client, { monto: '3000', estado: 'pagada_parcialmente', monto_pagado: '1000', fecha_pago: '2026-11-02', forma_pago: '01' });
      expect(factura.ultimo_pago).toEqual({ fecha: '2026-11-02', forma_pago: '01' });
      expect((await client.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada', forma_pago: '77' } })).json.error).toMatchObject({
        field: 'forma_pago',
        message: MSG.invoices.formaPagoInvalida,
      });
      const paid = await client.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada', fecha_pago: '2026-11-20', forma_pago: '03' } });
      expect(paid.json.factura).toMatchObject({ estado: 'pagada', monto_pagado: '3000.00', ultimo_pago: { fecha: '2026-11-20', forma_pago: '03' } });
      let detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.pagos.map((pago: { fecha: string; monto: string; forma_pago: string }) => [pago.fecha, pago.monto, pago.forma_pago])).toEqual([
        ['2026-11-20', '2000.00', '03'],
        ['2026-11-02', '1000.00', '01'],
      ]);
      expect(detail.historial[0].resumen).toBe('Pago de $2,000.00 registrado el 20/11/2026 (Transferencia electrónica de fondos) en FACT-0001');
      // A correction down to 500: the latest payment goes, the first one shrinks.
      await client.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada_parcialmente', monto_pagado: '500' } });
      detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.pagos.map((pago: { monto: string }) => pago.monto)).toEqual(['500.00']);
      expect(detail.factura.monto_pagado).toBe('500.00');
      await client.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pendiente' } });
      expect((await client.call(facturasApi.get, { params: { id: factura.id } })).json.pagos).toEqual([]);
      expect((await suite.bob.call(facturasApi.get, { params: { id: factura.id } })).status).toBe(404);
    });

    it('totals past what an invoice holds are a Spanish 400, never a database error', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const huge = await client.call(facturasApi.create, {
        body: { concepto: 'x', fecha_emision: today(), calculo_automatico: true, tarifa_por_hora: '999999999.99', horas_trabajadas: '9999.99' },
      });
      expect(huge.status).toBe(400);
      expect(huge.json.error).toMatchObject({ field: 'tarifa_por_hora', message: MSG.invoices.montoExcede });
      const taxed = await client.call(facturasApi.create, {
        body: { concepto: 'x', fecha_emision: today(), calculo_automatico: false, monto: '999999999.99', impuestos: { iva: true, retencion: 'ninguna' } },
      });
      expect(taxed.json.error).toMatchObject({ field: 'monto', message: MSG.invoices.montoExcede });
      // 50 entries of 24 h at the largest rate, billed together.
      await client.call(profileApi.update, { body: { tarifa_hora: '999999999.99' } });
      const caso = await create(client, '/api/casos', { titulo: 'Muchas horas' });
      const ids: string[] = [];
      for (let i = 0; i < 50; i++) ids.push((await create(client, '/api/tiempo', { caso_id: caso.id, fecha: today(), horas: '24', descripcion: `Día ${i}` })).id);
      const entries = (await client.call(tiempoApi.list, { query: { caso_id: caso.id } })).json.items;
      const draft = facturaDraftFromTime(entries, { today: today(), lawyer: null, cliente: null });
      const billed = await client.call(facturasApi.create, { body: draft });
      expect(billed.status).toBe(400);
      expect(billed.json.error.message).toBe(MSG.invoices.montoExcede);
      expect((await client.call(tiempoApi.list, { query: { caso_id: caso.id, sin_facturar: '1' } })).json.items).toHaveLength(50);
      const editedHuge = await client.call(facturasApi.update, {
        params: { id: (await invoice(client, { monto: '1' })).id },
        body: { concepto: 'x', fecha_emision: today(), calculo_automatico: true, tarifa_por_hora: '999999999.99', horas_trabajadas: '2' },
      });
      expect(editedHuge.json.error.message).toBe(MSG.invoices.montoExcede);
    });

    it('the receipt prints everything typed, wrapped across lines and pages', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      await client.call(profileApi.update, { body: { tarifa_hora: '1500' } });
      const caso = await create(client, '/api/casos', { titulo: 'Juicio ordinario civil' });
      const ids: string[] = [];
      for (let i = 1; i <= 60; i++) {
        ids.push(
          (
            await create(client, '/api/tiempo', {
              caso_id: caso.id,
              fecha: '2026-11-23',
              horas: '0.25',
              descripcion: `Actuación número ${i}: revisión del acuerdo publicado en el boletín judicial y anotación en el expediente`,
            })
          ).id,
        );
      }
      const notas = `Pagar a la CLABE 012320001234567890 (BBVA) a nombre de Renata Solís. ${'Referencia de pago obligatoria en el concepto de la transferencia. '.repeat(30)}Fin de las notas.`;
      const factura = await invoice(client, { concepto: 'Honorarios profesionales', monto: '22500', notas, entrada_ids: ids });
      const pdf = await client.download(`/api/facturas/${factura.id}/pdf`);
      const file = path.join(suite.ts.dataDir, 'largo.pdf');
      await writeFile(file, pdf.bytes);
      const text = (await extractText(file, 'pdf'))!.replace(/\s+/g, ' ');
      expect(text).toContain('CLABE 012320001234567890 (BBVA)');
      expect(text).toContain('Fin de las notas.');
      for (let i = 1; i <= 60; i++) expect(text).toContain(`Actuación número ${i}: revisión del acuerdo publicado en el boletín judicial y anotación en el expediente`);
      expect(text).toContain('23/11/2026');
      expect(text).toMatch(/Página 1 de [2-9]/);
    });

    it('the timer survives on the server, one at a time, and stops into a quarter-hour entry', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const caso = await create(client, '/api/casos', { titulo: 'Amparo' });
      expect((await client.call(tiempoApi.timer)).json.temporizador).toBeNull();
      const started = await create(client, '/api/tiempo/temporizador', { caso_id: caso.id, descripcion: 'Estudio del expediente' });
      expect(started).toMatchObject({ caso: { id: caso.id, titulo: 'Amparo' }, descripcion: 'Estudio del expediente' });
      expect((await client.call(tiempoApi.startTimer, { body: { caso_id: caso.id } })).json.error.code).toBe('TIMER_RUNNING');
      // 37 minutes ago: stops as 0.75 h.
      await suite.ts.server.database.db.execute(sql`update tiempo_temporizadores set iniciado = now() - interval '37 minutes'`);
      // No rate saved yet: it stops all the same, and the time waits for its rate.
      const withoutRate = await client.call(tiempoApi.stopTimer);
      expect(withoutRate.status, withoutRate.text).toBe(200);
      expect(withoutRate.json.entrada).toMatchObject({ horas: '0.75', tarifa_por_hora: null, importe: null, descripcion: 'Estudio del expediente', fecha: today() });
      expect((await client.call(tiempoApi.timer)).json.temporizador).toBeNull();
      expect((await client.call(tiempoApi.stopTimer)).json.error.code).toBe('NO_TIMER');
      // Billing it asks for the rate first.
      const unpriced = withoutRate.json.entrada;
      const draft = { cliente_id: '', fecha_emision: today(), concepto: 'Honorarios', calculo_automatico: false, monto: '100', estado: 'pendiente', entrada_ids: [unpriced.id] };
      const refused = await client.call(facturasApi.create, { body: draft });
      expect(refused.status).toBe(400);
      expect(refused.json.error.message).toBe(MSG.time.sinTarifa);
      expect((await client.call(tiempoApi.setRate, { body: { entrada_ids: [unpriced.id], tarifa_por_hora: '' } })).json.error).toMatchObject({
        field: 'tarifa_por_hora',
        message: MSG.time.tarifaInvalida,
      });
      expect((await suite.bob.call(tiempoApi.setRate, { body: { entrada_ids: [unpriced.id], tarifa_por_hora: '2000' } })).status).toBe(404);
      const priced = await client.call(tiempoApi.setRate, { body: { entrada_ids: [unpriced.id], tarifa_por_hora: '2000' } });
      expect(priced.json.items).toMatchObject([{ id: unpriced.id, tarifa_por_hora: '2000.00', importe: '1500.00' }]);
      const history = (await client.call(casosApi.history, { params: { id: caso.id } })).json.items;
      expect(history[0]).toMatchObject({ accion: 'editar', cambios: [{ campo: 'Tarifa por hora', antes: null, despues: '$2,000.00' }] });
      // A rate given once is kept: asking again changes nothing.
      expect((await client.call(tiempoApi.setRate, { body: { entrada_ids: [unpriced.id], tarifa_por_hora: '10' } })).json.items[0].tarifa_por_hora).toBe('2000.00');
      expect((await client.call(facturasApi.create, { body: draft })).status).toBe(201);
      // With a saved rate, the timer's time takes it.
      await client.call(profileApi.update, { body: { tarifa_hora: '1800' } });
      await create(client, '/api/tiempo/temporizador', { caso_id: caso.id });
      const stopped = await client.call(tiempoApi.stopTimer);
      expect(stopped.json.entrada).toMatchObject({ horas: '0.25', tarifa_por_hora: '1800.00', importe: '450.00', descripcion: 'Trabajo en el caso' });
    });

    it('emails the receipt to the client as one of the lawyer’s emails (limits, history)', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const cliente = await create(client, '/api/clientes', { nombre: 'Marta', email: 'marta@cliente.mx' });
      const factura = await invoice(client, { monto: '800', cliente_id: cliente.id });
      const sent = await client.call(facturasApi.email, { params: { id: factura.id } });
      expect(sent.status, sent.text).toBe(200);
      expect(sent.json.message).toBe(MSG.invoices.enviada('marta@cliente.mx'));
      const mail = await suite.ts.mail.waitFor('marta@cliente.mx', /Recibo de honorarios FACT-0001/);
      expect(mail.attachments.map((file) => file.filename)).toEqual(['FACT-0001.pdf']);
      expect((await client.call(recordatoriosApi.list, { query: { cliente_id: cliente.id } })).json.items[0]).toMatchObject({
        subject: 'Recibo de honorarios FACT-0001',
        status: 'sent',
      });
      const sinEmail = await invoice(client, { monto: '10' });
      expect((await client.call(facturasApi.email, { params: { id: sinEmail.id } })).json.error.message).toBe(MSG.invoices.sinEmailCliente);
    });
  });
}
