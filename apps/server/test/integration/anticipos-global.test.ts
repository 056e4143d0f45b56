import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { anticiposApi, clientesApi, facturasApi, facturasCfdiApi, formatMXN, globalesApi, MSG, notificacionesApi } from '@bufete/shared';
import { parse } from 'csv-parse/sync';
import { afterAll, describe, expect, it } from 'vitest';
import { extractText } from '../../src/extraction/extract';
import { CFDI_CANCELLATIONS_JOB } from '../../src/modules/cfdi/jobs';
import { signUpConfirmed } from '../support/accounts';
import { startFakePac } from '../support/fake-pac';
import { qrInPdf } from '../support/pdf-tools';
import { satCadena, satSchemaErrors, satSealVerifies } from '../support/sat-tools';
import { backendsToTest } from '../support/server';
import { lawyerReadyToStamp } from '../support/stamping';
import { serverWithTwoLawyers } from '../support/suite';

const backends = await backendsToTest();
const pac = await startFakePac();
afterAll(() => pac.close());

/** What the SAT's own tools say of a stamped XML: valid against cfdv40.xsd, its seal verifies over xsltproc's cadena. */
function satAccepts(xml: string) {
  expect(satSchemaErrors(xml)).toBeNull();
  expect(satCadena(xml).startsWith('||4.0|')).toBe(true);
  expect(satSealVerifies(xml)).toBe(true);
}

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`CFDI: anticipos y factura global (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend, env: { ...pac.env, PAC_TIMEOUT_SECONDS: '1', PAC_RETRIES: '1' } });

    it('an advance: its CFDI (84111506, PUE with its form), the final invoice related 07 to it, then its application (E, forma 30, related 07); the balance right', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { cliente } = await lawyerReadyToStamp(client);
      const impuestos = { iva: true, retencion: '612' };
      const base = { cliente_id: cliente.id, calculo_automatico: false, impuestos };
      // An advance is money already received.
      const unpaid = await client.call(facturasApi.create, { body: { ...base, concepto: 'Anticipo', fecha_emision: '2026-11-10', monto: '5000', anticipo: true } });
      expect(unpaid.json.error).toMatchObject({ message: MSG.invoices.anticipoPagado, field: 'estado' });
      const monto = backend === 'pglite' ? '5000' : '5001';
      const created = await client.call(facturasApi.create, {
        body: {
          ...base,
          concepto: 'Anticipo de honorarios: juicio sucesorio',
          fecha_emision: '2026-11-10',
          monto,
          anticipo: true,
          estado: 'pagada',
          fecha_pago: '2026-11-10',
          forma_pago: '03',
        },
      });
      expect(created.status, created.text).toBe(201);
      const anticipo = created.json.factura;
      expect(anticipo).toMatchObject({ anticipo: true, estado: 'pagada' });

      const advanceCfdi = (await client.call(facturasCfdiApi.stamp, { params: { id: anticipo.id } })).json.cfdi;
      expect(advanceCfdi).toMatchObject({ tipo: 'I', estado: 'vigente', metodo_pago: 'PUE' });
      const advanceXml = (await client.call(facturasCfdiApi.xml, { params: { id: anticipo.id, cfdi: advanceCfdi.id } })).text;
      satAccepts(advanceXml);
      for (const text of [
        'FormaPago="03"',
        'MetodoPago="PUE"',
        'ClaveProdServ="84111506"',
        'ClaveUnidad="ACT"',
        'Descripcion="Anticipo del bien o servicio"',
        `SubTotal="${monto}.00"`,
      ])
        expect(advanceXml).toContain(text);
      expect(advanceXml).not.toContain('CfdiRelacionados');

      // The final invoice of the whole fee names it before it is stamped; another lawyer reaches neither.
      const final = (await client.call(facturasApi.create, { body: { ...base, concepto: 'Honorarios: juicio sucesorio', fecha_emision: '2026-11-20', monto: '20000' } })).json
        .factura;
      let detail = (await client.call(facturasApi.get, { params: { id: final.id } })).json;
      expect(detail.anticipo.disponibles.map((item: { id: string }) => item.id)).toEqual([anticipo.id]);
      expect((await suite.bob.call(anticiposApi.set, { params: { id: final.id }, body: { anticipo_id: anticipo.id } })).status).toBe(404);
      const onItself = await client.call(anticiposApi.set, { params: { id: anticipo.id }, body: { anticipo_id: anticipo.id } });
      expect(onItself.json.error.message).toBe(MSG.cfdi.anticipoNoAplicable);
      const set = await client.call(anticiposApi.set, { params: { id: final.id }, body: { anticipo_id: anticipo.id } });
      expect(set.status, set.text).toBe(200);
      expect(set.json.factura.anticipo_aplicado_id).toBe(anticipo.id);
      // Its figures may still change, not below the advance nor to other taxes.
      const smaller = await client.call(facturasApi.update, {
        params: { id: final.id },
        body: { ...base, concepto: 'Honorarios: juicio sucesorio', fecha_emision: '2026-11-20', monto: '1000' },
      });
      expect(smaller.json.error).toMatchObject({ message: MSG.cfdi.anticipoExcede(formatMXN(anticipo.monto_total)), field: 'monto' });
      const otherTaxes = await client.call(facturasApi.update, {
        params: { id: final.id },
        body: { ...base, impuestos: { iva: true, retencion: 'ninguna' }, concepto: 'Honorarios: juicio sucesorio', fecha_emision: '2026-11-20', monto: '20000' },
      });
      expect(otherTaxes.json.error.message).toBe(MSG.cfdi.anticipoImpuestos);

      // Stamped: the ingreso relates the advance (07), and the application's egreso follows at once.
      const ingreso = (await client.call(facturasCfdiApi.stamp, { params: { id: final.id } })).json.cfdi;
      const finalXml = (await client.call(facturasCfdiApi.xml, { params: { id: final.id, cfdi: ingreso.id } })).text;
      satAccepts(finalXml);
      expect(finalXml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="07"><cfdi:CfdiRelacionado UUID="${advanceCfdi.uuid}"/></cfdi:CfdiRelacionados>`);
      expect(finalXml).toContain('MetodoPago="PPD"');
      detail = (await client.call(facturasApi.get, { params: { id: final.id } })).json;
      const aplicacion = detail.cfdis.find((item: { tipo: string }) => item.tipo === 'E');
      expect(aplicacion).toMatchObject({ estado: 'vigente', total: advanceCfdi.total, nota_credito: { motivo: 'anticipo' } });
      const aplicacionXml = (await client.call(facturasCfdiApi.xml, { params: { id: final.id, cfdi: aplicacion.id } })).text;
      satAccepts(aplicacionXml);
      for (const text of [
        'TipoDeComprobante="E"',
        'FormaPago="30"',
        'MetodoPago="PUE"',
        `<cfdi:CfdiRelacionados TipoRelacion="07"><cfdi:CfdiRelacionado UUID="${ingreso.uuid}"/></cfdi:CfdiRelacionados>`,
        'ClaveProdServ="84111506"',
        'ClaveUnidad="ACT"',
        'Descripcion="Aplicación de anticipo"',
        `SubTotal="${monto}.00"`,
        `Total="${advanceCfdi.total}"`,
      ])
        expect(aplicacionXml).toContain(text);
      // What the client owes is the whole fee less the advance; what they paid is the advance.
      const owed = Math.round(Number(ingreso.total) * 100 - Number(advanceCfdi.total) * 100) / 100;
      expect(detail.factura).toMatchObject({ monto_acreditado: advanceCfdi.total, monto_pagado: '0.00', estado: 'pendiente' });
      expect(detail.anticipo.aplicado).toMatchObject({ id: anticipo.id, aplicado: true });
      const list = (await client.call(facturasApi.list, { query: { cliente_id: cliente.id } })).json;
      expect(Number(list.resumen.saldo)).toBeCloseTo(owed, 2);
      expect(Number(list.resumen.cobrado)).toBeCloseTo(Number(advanceCfdi.total), 2);
      // The accountant's CSV: the advance paid on its own row, the final invoice with it credited and the rest owed.
      const csv: string[][] = parse((await client.download('/api/facturas/export')).bytes, { bom: true });
      const column = (name: string) => csv[0]!.indexOf(name);
      const rowOf = (numero: string) => csv.find((line) => line.includes(numero))!;
      expect(rowOf(anticipo.numero_factura)[column('Monto Pagado')]).toBe(advanceCfdi.total);
      expect(rowOf(final.numero_factura)[column('Notas de crédito')]).toBe(advanceCfdi.total);
      expect(rowOf(final.numero_factura)[column('Monto Pagado')]).toBe('0.00');
      const advanceDetail = (await client.call(facturasApi.get, { params: { id: anticipo.id } })).json;
      expect(advanceDetail.anticipo.aplicado_en).toMatchObject({ id: final.id, numero_factura: final.numero_factura });
      // The advance's CFDI cannot be cancelled while the final invoice's relates it; the application cannot be applied twice.
      const cancel = await client.call(facturasCfdiApi.cancel, { params: { id: anticipo.id, cfdi: advanceCfdi.id }, body: { motivo: '02' } });
      expect(cancel.json.error.message).toBe(MSG.cfdi.anticipoAplicado(final.numero_factura));
      expect((await client.call(anticiposApi.stampAdvance, { params: { id: final.id } })).json.error.message).toBe(MSG.cfdi.aplicacionSinAnticipo);
      // Paying the rest pays the invoice.
      const rest = await client.call(facturasApi.updateStatus, { params: { id: final.id }, body: { estado: 'pagada', fecha_pago: '2026-11-25', forma_pago: '03' } });
      expect(rest.json.factura).toMatchObject({ estado: 'pagada', monto_pagado: owed.toFixed(2) });
    });

    it('an application the PAC refused is stamped later from its button, once', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { cliente } = await lawyerReadyToStamp(client);
      const base = { cliente_id: cliente.id, calculo_automatico: false, impuestos: { iva: true, retencion: 'ninguna' } };
      const anticipo = (
        await client.call(facturasApi.create, {
          body: { ...base, concepto: 'Anticipo', fecha_emision: '2026-11-11', monto: backend === 'pglite' ? '3000' : '3001', anticipo: true, estado: 'pagada', forma_pago: '04' },
        })
      ).json.factura;
      await client.call(facturasCfdiApi.stamp, { params: { id: anticipo.id } });
      const final = (await client.call(facturasApi.create, { body: { ...base, concepto: 'Honorarios', fecha_emision: '2026-11-21', monto: '9000' } })).json.factura;
      await client.call(anticiposApi.set, { params: { id: final.id }, body: { anticipo_id: anticipo.id } });
      const stamps = pac.stamps().length;
      // The ingreso is stamped, its application refused: the ingreso stands, the application waits for its button.
      pac.failNextStamps('ok', { reject: 'CFDI40999 - Rechazo de prueba' });
      const ingreso = await client.call(facturasCfdiApi.stamp, { params: { id: final.id } });
      expect(ingreso.status, ingreso.text).toBe(200);
      expect(ingreso.json.cfdi).toMatchObject({ tipo: 'I', estado: 'vigente' });
      let detail = (await client.call(facturasApi.get, { params: { id: final.id } })).json;
      expect(detail.cfdis.filter((item: { tipo: string }) => item.tipo === 'E')).toEqual([]);
      expect(detail.factura.monto_acreditado).toBe('0.00');
      const retry = await client.call(anticiposApi.stampAdvance, { params: { id: final.id } });
      expect(retry.status, retry.text).toBe(200);
      expect(retry.json.cfdi).toMatchObject({ tipo: 'E', estado: 'vigente', nota_credito: { motivo: 'anticipo' } });
      detail = (await client.call(facturasApi.get, { params: { id: final.id } })).json;
      expect(detail.factura.monto_acreditado).toBe(retry.json.cfdi.total);
      expect(pac.stamps().length).toBe(stamps + 2);
    });

    it('a monthly factura global: the paid receipts without CFDI of clients who asked for none, each once, as the SAT’s Guía asks', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      await lawyerReadyToStamp(client);
      const publico = (await client.call(clientesApi.create, { body: { nombre: 'Consulta de mostrador', publico_en_general: true } })).json.cliente;
      expect(publico.publico_en_general).toBe(true);
      const conFactura = (await client.call(clientesApi.create, { body: { nombre: 'Cliente con factura' } })).json.cliente;
      const receipt = async (clienteId: string, monto: string, extra: Record<string, unknown>) =>
        (await client.call(facturasApi.create, { body: { cliente_id: clienteId, concepto: 'Consulta', fecha_emision: '2026-10-01', calculo_automatico: false, monto, ...extra } }))
          .json.factura as { id: string; numero_factura: string };
      const paidOct = { estado: 'pagada', fecha_pago: '2026-10-05', forma_pago: '01' };
      const a1 = await receipt(publico.id, backend === 'pglite' ? '800' : '801', { ...paidOct, impuestos: { iva: true, retencion: 'ninguna' } });
      const a2 = await receipt(publico.id, '1234.56', { estado: 'pagada', fecha_pago: '2026-10-28', forma_pago: '04' });
      await receipt(publico.id, '500', {}); // not paid
      await receipt(conFactura.id, '700', paidOct); // a client who wants an invoice
      await receipt(publico.id, '600', { estado: 'pagada', fecha_pago: '2026-11-02', forma_pago: '01' }); // another month

      const preview = await client.call(globalesApi.preview, { query: { periodicidad: '04', fecha: '2026-10-15' } });
      expect(preview.status, preview.text).toBe(200);
      expect(preview.json.periodo).toMatchObject({ periodicidad: '04', meses: '10', anio: 2026, desde: '2026-10-01', hasta: '2026-10-31' });
      expect(preview.json.recibos.map((item: { numero_factura: string }) => item.numero_factura)).toEqual([a1.numero_factura, a2.numero_factura]);
      // The form of the largest receipt: 1,234.56 by card.
      expect(preview.json.forma_pago).toBe('04');

      // The rules the SAT sets: bimestral only in the RIF, the period closed.
      expect((await client.call(globalesApi.create, { body: { periodicidad: '05', fecha: '2026-10-15' } })).json.error.message).toBe(MSG.cfdi.globalBimestralSoloRif);
      expect((await client.call(globalesApi.create, { body: { periodicidad: '04', fecha: '2026-11-15' } })).json.error.message).toBe(MSG.cfdi.globalPeriodoFuturo);
      expect((await client.call(globalesApi.create, { body: { periodicidad: '', fecha: '' } })).json.error.message).toBe(MSG.cfdi.globalPeriodicidad);

      const issued = await client.call(globalesApi.create, { body: { periodicidad: '04', fecha: '2026-10-15' } });
      expect(issued.status, issued.text).toBe(200);
      const global = issued.json.global;
      expect(global).toMatchObject({ numero: 'GLO-0001', estado: 'vigente', recibos: 2, total: preview.json.total });
      const xml = (await client.download(`/api/cfdi/globales/${global.id}/xml`)).bytes.toString('utf8');
      satAccepts(xml);
      for (const text of [
        '<cfdi:InformacionGlobal Periodicidad="04" Meses="10" Año="2026"/>',
        'Rfc="XAXX010101000" Nombre="PUBLICO EN GENERAL" DomicilioFiscalReceptor="06600" RegimenFiscalReceptor="616" UsoCFDI="S01"',
        'FormaPago="04"',
        'MetodoPago="PUE"',
        `NoIdentificacion="${a1.numero_factura}"`,
        `NoIdentificacion="${a2.numero_factura}"`,
        'ClaveProdServ="01010101"',
        'Descripcion="Venta"',
        `Total="${global.total}"`,
      ])
        expect(xml).toContain(text);

      // Each receipt once: the period again has none; the receipt is not stamped on its own; its detail names the global.
      expect((await client.call(globalesApi.create, { body: { periodicidad: '04', fecha: '2026-10-15' } })).json.error.message).toBe(MSG.cfdi.globalSinRecibos);
      expect((await client.call(facturasCfdiApi.stamp, { params: { id: a1.id } })).json.error.message).toBe(MSG.cfdi.enFacturaGlobal('GLO-0001'));
      const detail = (await client.call(facturasApi.get, { params: { id: a1.id } })).json;
      expect(detail.factura_global).toMatchObject({ id: global.id, numero: 'GLO-0001', estado: 'vigente' });
      expect((await client.call(globalesApi.list, {})).json.items.map((item: { numero: string }) => item.numero)).toEqual(['GLO-0001']);

      // Its PDF: the printed CFDI with the SAT's QR, público en general, every receipt.
      const pdf = await client.download(`/api/cfdi/globales/${global.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(qrInPdf(pdf.bytes)).toContain(`?id=${global.uuid}&re=CACX7605101P8&rr=XAXX010101000&tt=`);
      const file = path.join(suite.ts.dataDir, `global-${backend}.pdf`);
      await writeFile(file, pdf.bytes);
      const printed = (await extractText(file, 'pdf'))!.replace(/\s+/g, ' ');
      for (const text of [
        'Factura global',
        'PUBLICO EN GENERAL',
        'Periodicidad 04 - Mensual · Meses 10 - Octubre · Año 2026',
        a1.numero_factura,
        a2.numero_factura,
        '01010101 - No existe en el catálogo',
      ])
        expect(printed).toContain(text);

      // Another lawyer reaches nothing of it.
      expect((await suite.bob.download(`/api/cfdi/globales/${global.id}/xml`)).status).toBe(404);
      expect((await suite.bob.download(`/api/cfdi/globales/${global.id}/pdf`)).status).toBe(404);
      expect((await suite.bob.call(globalesApi.list, {})).json.items).toEqual([]);
      expect((await suite.bob.call(globalesApi.preview, { query: { periodicidad: '04', fecha: '2026-10-15' } })).json.recibos).toEqual([]);
    });

    it('a global cancelled with motivo 04 frees its receipts: the client who asked for an invoice gets their own CFDI and the period its global again without it', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      await lawyerReadyToStamp(client);
      const juan = (await client.call(clientesApi.create, { body: { nombre: 'Juan Pérez', publico_en_general: true } })).json.cliente;
      const ana = (await client.call(clientesApi.create, { body: { nombre: 'Ana Ruiz', publico_en_general: true } })).json.cliente;
      const receipt = async (clienteId: string, monto: string, dia: string) =>
        (
          await client.call(facturasApi.create, {
            body: { cliente_id: clienteId, concepto: 'Consulta', fecha_emision: dia, calculo_automatico: false, monto, estado: 'pagada', fecha_pago: dia, forma_pago: '01' },
          })
        ).json.factura as { id: string; numero_factura: string };
      const deJuan = await receipt(juan.id, backend === 'pglite' ? '900' : '901', '2026-09-10');
      const deAna = await receipt(ana.id, backend === 'pglite' ? '350' : '351', '2026-09-20');
      const first = (await client.call(globalesApi.create, { body: { periodicidad: '04', fecha: '2026-09-01' } })).json.global;
      expect(first).toMatchObject({ numero: 'GLO-0001', estado: 'vigente', recibos: 2, cancelacion: null });

      // Juan asks for his own invoice: his receipt is in the global, so it is not stamped alone yet.
      const fiscal = { rfc: 'EKU9003173C9', razon_social: 'ESCUELA KEMPER URGATE', codigo_postal: '42501', regimen_fiscal: '601', uso_cfdi: 'G03' };
      expect((await client.call(clientesApi.update, { params: { id: juan.id }, body: { nombre: 'Juan Pérez', publico_en_general: false, ...fiscal } })).status).toBe(200);
      expect((await client.call(facturasCfdiApi.stamp, { params: { id: deJuan.id } })).json.error.message).toBe(MSG.cfdi.enFacturaGlobal('GLO-0001'));

      // Only the SAT's motivos for a global, and only its own lawyer.
      for (const body of [{ motivo: '01' }, { motivo: '' }, {}]) {
        const refused = await client.call(globalesApi.cancel, { params: { id: first.id }, body: body as { motivo: '04' } });
        expect(refused.status).toBe(400);
        expect(refused.json.error.message).toBe(MSG.cfdi.motivoGlobalInvalido);
      }
      expect((await suite.bob.call(globalesApi.cancel, { params: { id: first.id }, body: { motivo: '04' } })).status).toBe(404);
      expect((await suite.bob.call(globalesApi.refresh, { params: { id: first.id } })).status).toBe(404);

      const cancelled = await client.call(globalesApi.cancel, { params: { id: first.id }, body: { motivo: '04' } });
      expect(cancelled.status, cancelled.text).toBe(200);
      // Público en general accepts nothing: cancelled at once. It still says what it held.
      expect(cancelled.json.global).toMatchObject({ numero: 'GLO-0001', estado: 'cancelado', recibos: 2, cancelacion: { motivo: '04' } });
      expect(pac.stamp(first.uuid)).toMatchObject({ estado: 'Cancelado', motivo: '04' });
      expect((await client.call(globalesApi.cancel, { params: { id: first.id }, body: { motivo: '02' } })).json.error.message).toBe(MSG.cfdi.globalNoCancelable);

      // The period's global again, without Juan's receipt; then Juan's own CFDI.
      const preview = (await client.call(globalesApi.preview, { query: { periodicidad: '04', fecha: '2026-09-01' } })).json;
      expect(preview.recibos.map((item: { numero_factura: string }) => item.numero_factura)).toEqual([deAna.numero_factura]);
      const second = (await client.call(globalesApi.create, { body: { periodicidad: '04', fecha: '2026-09-01' } })).json.global;
      expect(second).toMatchObject({ numero: 'GLO-0002', estado: 'vigente', recibos: 1 });
      const secondXml = (await client.download(`/api/cfdi/globales/${second.id}/xml`)).bytes.toString('utf8');
      satAccepts(secondXml);
      expect(secondXml).toContain(`NoIdentificacion="${deAna.numero_factura}"`);
      expect(secondXml).not.toContain(`NoIdentificacion="${deJuan.numero_factura}"`);
      const own = await client.call(facturasCfdiApi.stamp, { params: { id: deJuan.id } });
      expect(own.status, own.text).toBe(200);
      expect(pac.stamp(own.json.cfdi.uuid)?.rfcReceptor).toBe('EKU9003173C9');
      const historial = (await client.call(facturasApi.get, { params: { id: deJuan.id } })).json.historial.map((entry: { resumen: string }) => entry.resumen);
      expect(historial).toContain(`Recibo ${deJuan.numero_factura} fuera de la factura global GLO-0001, cancelada: puede timbrarse por separado o en otra factura global`);
      expect((await client.call(globalesApi.list, {})).json.items.map((item: { numero: string; estado: string }) => `${item.numero} ${item.estado}`)).toEqual([
        'GLO-0002 vigente',
        'GLO-0001 cancelado',
      ]);

      // A cancellation the SAT leaves in process keeps the receipts where they are until it ends.
      pac.cancellationNeedsAcceptance(true);
      try {
        const waiting = (await client.call(globalesApi.cancel, { params: { id: second.id }, body: { motivo: '02' } })).json.global;
        expect(waiting).toMatchObject({ estado: 'cancelacion_en_proceso', recibos: 1, cancelacion: { motivo: '02' } });
        expect((await client.call(globalesApi.preview, { query: { periodicidad: '04', fecha: '2026-09-01' } })).json.recibos).toEqual([]);
        pac.answerCancellation(second.uuid, true);
        // The hourly pass asks the SAT again and rings the bell.
        await suite.ts.server.jobs.enqueue(CFDI_CANCELLATIONS_JOB, {});
        await suite.ts.server.jobs.tick();
        const ended = (await client.call(globalesApi.list, {})).json.items.find((item: { id: string }) => item.id === second.id);
        expect(ended).toMatchObject({ estado: 'cancelado', recibos: 1 });
        expect((await client.call(notificacionesApi.list)).json.items[0]).toMatchObject({
          tipo: 'cfdi_cancelacion',
          titulo: 'Factura global cancelada: GLO-0002',
          detalle: `Folio fiscal ${second.uuid} · Cancelado · Cancelado con aceptación`,
        });
        expect((await client.call(globalesApi.refresh, { params: { id: second.id } })).json.global).toMatchObject({ estado: 'cancelado' });
        expect(
          (await client.call(globalesApi.preview, { query: { periodicidad: '04', fecha: '2026-09-01' } })).json.recibos.map(
            (item: { numero_factura: string }) => item.numero_factura,
          ),
        ).toEqual([deAna.numero_factura]);
      } finally {
        pac.cancellationNeedsAcceptance(false);
      }
    });

    it('a global the PAC refuses frees its receipts; one the PAC did not answer is sent again, the same', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      await lawyerReadyToStamp(client);
      const publico = (await client.call(clientesApi.create, { body: { nombre: 'Mostrador', publico_en_general: true } })).json.cliente;
      await client.call(facturasApi.create, {
        body: {
          cliente_id: publico.id,
          concepto: 'Consulta',
          fecha_emision: '2026-10-03',
          calculo_automatico: false,
          monto: backend === 'pglite' ? '450' : '451',
          estado: 'pagada',
          fecha_pago: '2026-10-03',
          forma_pago: '01',
        },
      });
      pac.failNextStamps({ reject: 'CFDI40999 - Rechazo de prueba' });
      const refused = await client.call(globalesApi.create, { body: { periodicidad: '01', fecha: '2026-10-03' } });
      expect(refused.status).toBe(422);
      expect((await client.call(globalesApi.list, {})).json.items).toEqual([]);
      expect((await client.call(globalesApi.preview, { query: { periodicidad: '01', fecha: '2026-10-03' } })).json.recibos).toHaveLength(1);

      pac.failNextStamps('hang-after', 'cut');
      const lost = await client.call(globalesApi.create, { body: { periodicidad: '01', fecha: '2026-10-03' } });
      expect(lost.status).toBe(502);
      expect(lost.json.error.message).toBe(MSG.cfdi.pacSinRespuesta);
      const [pendiente] = (await client.call(globalesApi.list, {})).json.items;
      expect(pendiente).toMatchObject({ estado: 'pendiente', recibos: 1, periodo: { periodicidad: '01', meses: '10', desde: '2026-10-03', hasta: '2026-10-03' } });
      const before = pac.stamps().length;
      const resumed = await client.call(globalesApi.resume, { params: { id: pendiente.id } });
      expect(resumed.status, resumed.text).toBe(200);
      expect(resumed.json.global).toMatchObject({ estado: 'vigente', recibos: 1 });
      // The PAC had stamped it: it answered with the same stamp, none more.
      expect(pac.stamps().length).toBe(before);
      expect(pac.stamps().at(-1)!.uuid).toBe(resumed.json.global.uuid);
    });
  });
}
