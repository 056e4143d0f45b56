import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { addDays, MSG, todayIn } from '@bufete/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractText } from '../../src/extraction/extract';
import { signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';

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

    it('numbers per lawyer, atomically: 50 at once are FACT-0001…FACT-0050, and another lawyer starts at 0001', async () => {
      const { client } = await signUpConfirmed(ts);
      const results = await Promise.all(Array.from({ length: 50 }, (_, i) => client.post('/api/facturas', { concepto: `Factura ${i}`, fecha_emision: today(), calculo_automatico: false, monto: '100' })));
      expect(results.every((res) => res.status === 201)).toBe(true);
      const numbers = results.map((res) => res.json.factura.numero_factura).sort();
      expect(numbers).toEqual(Array.from({ length: 50 }, (_, i) => `FACT-${String(i + 1).padStart(4, '0')}`));
      const { client: other } = await signUpConfirmed(ts);
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
        const res = await alice.post('/api/facturas', { concepto: 'Honorarios', fecha_emision: today(), calculo_automatico: false, ...body });
        expect(res.status, JSON.stringify(body)).toBe(400);
        expect(res.json.error).toMatchObject({ field, message });
      }
      const ajeno = await create(bob, '/api/clientes', { nombre: 'Cliente de Bruno' });
      expect((await alice.post('/api/facturas', { concepto: 'x', fecha_emision: today(), calculo_automatico: false, monto: '10', cliente_id: ajeno.id })).status).toBe(404);

      const factura = await invoice(alice, { monto: '1000', notas: '   ' });
      expect(factura).toMatchObject({ monto_total: '1000.00', monto_pagado: '0.00', estado: 'pendiente', notas: null, tarifa_por_hora: null, horas_trabajadas: null });
      const status = (body: Record<string, unknown>) => alice.request(`/api/facturas/${factura.id}`, { method: 'PATCH', body });
      expect((await status({ estado: 'pagada' })).json.factura).toMatchObject({ estado: 'pagada', monto_pagado: '1000.00' });
      expect((await status({ estado: 'pendiente', monto_pagado: '500' })).json.factura).toMatchObject({ estado: 'pendiente', monto_pagado: '0.00' });
      expect((await status({ estado: 'pagada_parcialmente', monto_pagado: '250.5' })).json.factura).toMatchObject({ monto_pagado: '250.50' });
      expect((await status({ estado: 'pagada_parcialmente', monto_pagado: '1000' })).json.factura.monto_pagado).toBe('1000.00');
      expect((await status({ estado: 'pagada_parcialmente', monto_pagado: '1000.01' })).json.error).toMatchObject({ field: 'monto_pagado', message: MSG.invoices.pagadoExcede });
      expect((await status({ estado: 'pagada_parcialmente' })).json.error).toMatchObject({ field: 'monto_pagado', message: MSG.invoices.pagadoObligatorio });
      expect((await bob.request(`/api/facturas/${factura.id}`, { method: 'PATCH', body: { estado: 'pagada' } })).status).toBe(404);
      expect((await bob.get(`/api/facturas/${factura.id}/pdf`)).status).toBe(404);
    });

    it('cards and table follow the filters: Cobrado sums every paid amount, Pendiente only pendiente totals', async () => {
      const { client } = await signUpConfirmed(ts);
      const lucia = await create(client, '/api/clientes', { nombre: 'Lucía Hernández' });
      const acme = await create(client, '/api/clientes', { nombre: 'Comercializadora del Norte' });
      await invoice(client, { concepto: 'Divorcio incausado', monto: '10000', cliente_id: lucia.id, fecha_emision: '2026-10-05' });
      await invoice(client, { concepto: 'Contrato de suministro', monto: '5000', cliente_id: acme.id, estado: 'pagada', fecha_emision: '2026-10-20' });
      await invoice(client, { concepto: 'Asesoría laboral', monto: '3000', cliente_id: acme.id, estado: 'pagada_parcialmente', monto_pagado: '1000', fecha_emision: '2026-11-02', fecha_vencimiento: '2026-11-10' });
      await invoice(client, { concepto: 'Revisión de escritura', monto: '2500.50', fecha_emision: '2026-11-15', fecha_vencimiento: addDays(today(), 30) });

      const list = async (query = '') => (await client.get(`/api/facturas${query}`)).json;
      const all = await list();
      expect(all.resumen).toEqual({ total_facturado: '20500.50', cobrado: '6000.00', pendiente: '12500.50', facturas: 4, pagadas: 1, pendientes: 2, vencidas: 1 });
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
      expect((await list(`?limit=3&cursor=${page.next_cursor}`)).items.map((item: { concepto: string }) => item.concepto)).toEqual(['Divorcio incausado']);
      expect((await client.get('/api/facturas?estado=cobrada')).status).toBe(400);
    });

    it('CSV: BOM, the spec’s columns, only the filtered rows, formulas neutralised, read back by a CSV parser', async () => {
      const { client } = await signUpConfirmed(ts);
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
      expect(rows[0]).toEqual(['Número', 'Cliente', 'Fecha Emisión', 'Concepto', 'Monto Total', 'Monto Pagado', 'Estado']);
      const body = rows.slice(1);
      expect(body.map((row) => row[3])).toEqual(expect.arrayContaining(['Régimen de visitas, pensión y guarda']));
      expect(body.find((row) => row[3] === 'Régimen de visitas, pensión y guarda')).toEqual(['FACT-0001', `'=HYPERLINK("http://malo")`, today(), 'Régimen de visitas, pensión y guarda', '1234.50', '0.00', 'Pendiente']);
      const pagadas: string[][] = parse((await client.download('/api/facturas/export?estado=pagada')).bytes, { bom: true });
      expect(pagadas.slice(1)).toEqual([['FACT-0002', 'Sin cliente', today(), `'+cmd|calc`, '99.00', '99.00', 'Pagada']]);
    });

    it('the receipt PDF holds the numbers, with taxes for a company', async () => {
      const { client } = await signUpConfirmed(ts, { nombre: 'Renata', apellido: 'Solís' });
      expect((await client.request('/api/profile', { method: 'PATCH', body: { rfc: 'sopr800101ab1', regimen_fiscal: '612', domicilio_fiscal: 'Av. Juárez 10, CDMX' } })).json.profile).toMatchObject({
        rfc: 'SOPR800101AB1',
        regimen_fiscal: '612',
      });
      const badRfc = await client.request('/api/profile', { method: 'PATCH', body: { rfc: 'XYZ' } });
      expect(badRfc.json.error).toMatchObject({ field: 'rfc', message: MSG.fiscal.rfcInvalido });
      const empresa = await create(client, '/api/clientes', { nombre: 'Comercializadora', razon_social: 'Comercializadora del Norte, S.A. de C.V.', rfc: 'CNO980101AB2', regimen_fiscal: '601', codigo_postal: '64000', uso_cfdi: 'G03' });
      const factura = await invoice(client, { concepto: 'Honorarios por juicio mercantil', monto: '10000', cliente_id: empresa.id, impuestos: { iva: true, retencion: '612' }, fecha_vencimiento: addDays(today(), 15) });
      expect(factura).toMatchObject({ monto_total: '9533.33', impuestos: { subtotal: '10000.00', iva: '1600.00', isr_retenido: '1000.00', iva_retenido: '1066.67', retencion: '612' } });
      const pdf = await client.download(`/api/facturas/${factura.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      const file = path.join(ts.dataDir, 'recibo.pdf');
      await writeFile(file, pdf.bytes);
      const text = (await extractText(file, 'pdf'))!.replace(/\s+/g, ' ');
      for (const expected of ['Recibo de honorarios', factura.numero_factura, 'no es un Comprobante Fiscal Digital por Internet', 'Renata Solís', 'SOPR800101AB1', 'Comercializadora del Norte, S.A. de C.V.', 'CNO980101AB2', 'Honorarios por juicio mercantil', '$10,000.00', '$1,600.00', '-$1,000.00', '-$1,066.67', '$9,533.33']) {
        expect(text, expected).toContain(expected);
      }
    });

    it('time entries turn into one invoice, billed once even when asked twice at the same moment', async () => {
      const { client } = await signUpConfirmed(ts);
      const cliente = await create(client, '/api/clientes', { nombre: 'Lucía', email: 'lucia@cliente.mx' });
      const caso = await create(client, '/api/casos', { titulo: 'Sucesión', cliente_id: cliente.id });
      // No default rate yet: an entry without rate is refused with a way out.
      const noRate = await client.post('/api/tiempo', { caso_id: caso.id, fecha: today(), horas: '1', descripcion: 'Revisión' });
      expect(noRate.status).toBe(400);
      expect(noRate.json.error.field).toBe('tarifa_por_hora');
      expect((await client.post('/api/tiempo', { caso_id: caso.id, fecha: today(), horas: '1.1', descripcion: 'x', tarifa_por_hora: '1000' })).json.error.message).toBe(MSG.time.horasCuartos);
      await client.request('/api/profile', { method: 'PATCH', body: { tarifa_hora: '1500' } });
      const a = await create(client, '/api/tiempo', { caso_id: caso.id, fecha: today(), horas: '1.5', descripcion: 'Redacción de la demanda' });
      const b = await create(client, '/api/tiempo', { caso_id: caso.id, fecha: today(), horas: '0.25', descripcion: 'Llamada', tarifa_por_hora: '1200' });
      expect(a).toMatchObject({ horas: '1.50', tarifa_por_hora: '1500.00', importe: '2250.00', cliente: { nombre: 'Lucía' }, factura: null });
      expect(b.importe).toBe('300.00');

      const [first, second] = await Promise.all([
        client.post('/api/facturas/desde-tiempo', { entrada_ids: [a.id, b.id] }),
        client.post('/api/facturas/desde-tiempo', { entrada_ids: [a.id, b.id] }),
      ]);
      const statuses = [first.status, second.status].sort();
      expect(statuses).toEqual([201, 409]);
      const billed = (first.status === 201 ? first : second).json.factura;
      expect(billed).toMatchObject({ monto_total: '2550.00', cliente: { nombre: 'Lucía' }, estado: 'pendiente', horas_trabajadas: null });
      expect(billed.notas).toContain('Redacción de la demanda');
      const entries = (await client.get(`/api/tiempo?caso_id=${caso.id}`)).json.items;
      expect(entries.every((entry: { factura: { numero_factura: string } }) => entry.factura?.numero_factura === billed.numero_factura)).toBe(true);
      expect((await client.get(`/api/tiempo?cliente_id=${cliente.id}&sin_facturar=1`)).json.items).toEqual([]);
      expect((await client.post('/api/facturas/desde-tiempo', { entrada_ids: [a.id] })).json.error.code).toBe('ALREADY_BILLED');
      expect((await client.request(`/api/tiempo/${a.id}`, { method: 'DELETE' })).json.error.message).toBe(MSG.time.entradaFacturada);
      expect((await bob.post('/api/facturas/desde-tiempo', { entrada_ids: [a.id] })).status).toBe(404);
    });

    it('the timer survives on the server, one at a time, and stops into a quarter-hour entry', async () => {
      const { client } = await signUpConfirmed(ts);
      const caso = await create(client, '/api/casos', { titulo: 'Amparo' });
      expect((await client.get('/api/tiempo/temporizador')).json.temporizador).toBeNull();
      const started = await create(client, '/api/tiempo/temporizador', { caso_id: caso.id, descripcion: 'Estudio del expediente' });
      expect(started).toMatchObject({ caso: { id: caso.id, titulo: 'Amparo' }, descripcion: 'Estudio del expediente' });
      expect((await client.post('/api/tiempo/temporizador', { caso_id: caso.id })).json.error.code).toBe('TIMER_RUNNING');
      // 37 minutes ago: stops as 0.75 h.
      await ts.server.database.db.execute(sql`update time_timers set iniciado = now() - interval '37 minutes'`);
      const withoutRate = await client.post('/api/tiempo/temporizador/detener', {});
      expect(withoutRate.status).toBe(400);
      expect((await client.get('/api/tiempo/temporizador')).json.temporizador).not.toBeNull();
      await client.request('/api/profile', { method: 'PATCH', body: { tarifa_hora: '2000' } });
      const stopped = await client.post('/api/tiempo/temporizador/detener', {});
      expect(stopped.status, stopped.text).toBe(200);
      expect(stopped.json.entrada).toMatchObject({ horas: '0.75', importe: '1500.00', descripcion: 'Estudio del expediente', fecha: today() });
      expect((await client.get('/api/tiempo/temporizador')).json.temporizador).toBeNull();
      expect((await client.post('/api/tiempo/temporizador/detener', {})).json.error.code).toBe('NO_TIMER');
    });

    it('emails the receipt to the client as one of the lawyer’s emails (limits, history)', async () => {
      const { client } = await signUpConfirmed(ts);
      const cliente = await create(client, '/api/clientes', { nombre: 'Marta', email: 'marta@cliente.mx' });
      const factura = await invoice(client, { monto: '800', cliente_id: cliente.id });
      const sent = await client.post(`/api/facturas/${factura.id}/email`);
      expect(sent.status, sent.text).toBe(200);
      expect(sent.json.message).toBe(MSG.invoices.enviada('marta@cliente.mx'));
      const mail = await ts.mail.waitFor('marta@cliente.mx', /Recibo de honorarios FACT-0001/);
      expect(mail.attachments.map((file) => file.filename)).toEqual(['FACT-0001.pdf']);
      expect((await client.get(`/api/recordatorios?cliente_id=${cliente.id}`)).json.items[0]).toMatchObject({ subject: 'Recibo de honorarios FACT-0001', status: 'sent' });
      const sinEmail = await invoice(client, { monto: '10' });
      expect((await client.post(`/api/facturas/${sinEmail.id}/email`)).json.error.message).toBe(MSG.invoices.sinEmailCliente);
    });
  });
}
