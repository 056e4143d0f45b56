import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  casosApi,
  cfdiApi,
  clientesApi,
  tiempoApi,
  facturasApi,
  facturasCfdiApi,
  globalesApi,
  MSG,
  notificacionesApi,
  profileApi,
  securityApi,
  todayIn,
  wallClockIn,
} from '@bufete/shared';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { CFDI_CANCELLATIONS_JOB } from '../../src/modules/cfdi/jobs';
import { CFDI_COMPLEMENT_JOB } from '../../src/modules/cfdi/stamping';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../src/db/client';
import { extractText } from '../../src/extraction/extract';
import { startFakePac } from '../support/fake-pac';
import { qrInPdf } from '../support/pdf-tools';
import { satCadenaTfd, satSchemaErrors, satSealVerifies } from '../support/sat-tools';
import { sessionOf, signUpConfirmed } from '../support/accounts';
import { HttpClient } from '../support/http-client';
import { startSmtpCatcher } from '../support/mail';
import { bootServerProcess, type ServerProcess } from '../support/server';
import { freePort, until } from '../support/waiting';
import { backendsToTest } from '../support/server';
import { serverWithTwoLawyers } from '../support/suite';
import { invoiceFor, lawyerReadyToStamp } from '../support/stamping';

const backends = await backendsToTest();
const pac = await startFakePac();
afterAll(() => pac.close());
for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`CFDI: timbrado con el PAC (${label})`, () => {
    const suite = serverWithTwoLawyers({ backend, env: { ...pac.env, PAC_TIMEOUT_SECONDS: '1', PAC_RETRIES: '1' } });

    it('stamps a company’s invoice: the UUID is shown, the stamped XML is the SAT’s, the invoice is fixed and nobody else reaches it', async () => {
      const { cliente } = await lawyerReadyToStamp(suite.alice);
      const factura = await invoiceFor(suite.alice, cliente.id);
      const before = pac.stamps().length;

      const res = await suite.alice.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(res.status, res.text).toBe(200);
      const cfdi = res.json.cfdi;
      expect(cfdi).toMatchObject({ tipo: 'I', estado: 'vigente', serie: 'HON', folio: factura.numero_factura.replace('HON-', ''), total: '9533.33', metodo_pago: 'PPD' });
      expect(`${cfdi.serie}-${cfdi.folio}`).toBe(factura.numero_factura);
      expect(pac.stamps().length).toBe(before + 1);
      expect(cfdi.uuid).toBe(pac.stamps().at(-1)!.uuid);

      const detail = (await suite.alice.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.pac_configurado).toBe(true);
      expect(detail.factura.cfdi).toEqual({ estado: 'vigente', uuid: cfdi.uuid });
      expect(detail.factura.editable).toBe(false);
      expect(detail.cfdis.map((item: { uuid: string }) => item.uuid)).toEqual([cfdi.uuid]);
      expect(detail.historial[0].resumen).toBe(`CFDI de ${factura.numero_factura} timbrado. Folio fiscal ${cfdi.uuid}`);

      // The stamped XML: the SAT's schemas accept the comprobante and its TimbreFiscalDigital.
      const xml = await suite.alice.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: cfdi.id } });
      expect(xml.status).toBe(200);
      expect(xml.headers.get('content-disposition')).toContain(`${factura.numero_factura}-${cfdi.uuid}.xml`);
      expect(satSchemaErrors(xml.text)).toBeNull();
      expect(satCadenaTfd(xml.text)).toContain(`||1.1|${cfdi.uuid}|`);

      // Fixed while its CFDI is valid: no edit, no cancellation in Bufete, no second stamp.
      const edit = await suite.alice.call(facturasApi.update, {
        params: { id: factura.id },
        body: { concepto: 'Otra cosa', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '1' },
      });
      expect(edit.status).toBe(409);
      expect(edit.json.error.message).toBe(MSG.cfdi.facturaTimbrada);
      const cancel = await suite.alice.call(facturasApi.cancel, { params: { id: factura.id }, body: { motivo: 'Error en el monto' } });
      expect(cancel.json.error.message).toBe(MSG.cfdi.facturaTimbrada);
      const again = await suite.alice.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(again.status).toBe(409);
      expect(again.json.error.message).toBe(MSG.cfdi.yaTimbrada);
      expect(pac.stamps().length).toBe(before + 1);

      // The CSV gives the accountant the folio fiscal and its state.
      const csv: string[][] = parse((await suite.alice.download(`/api/facturas/export?q=${factura.numero_factura}`)).bytes, { bom: true });
      expect(csv[1]!.slice(-2)).toEqual([cfdi.uuid, 'Vigente']);

      // Another lawyer can neither stamp, see, download, cancel nor query it.
      const params = { id: factura.id, cfdi: cfdi.id };
      expect((await suite.bob.call(facturasCfdiApi.stamp, { params })).status).toBe(404);
      expect((await suite.bob.call(facturasCfdiApi.xml, { params })).status).toBe(404);
      expect((await suite.bob.call(facturasCfdiApi.cancel, { params, body: { motivo: '02' } })).status).toBe(404);
      expect((await suite.bob.call(facturasCfdiApi.refresh, { params })).status).toBe(404);
      expect(pac.stamp(cfdi.uuid)!.estado).toBe('Vigente');
    });

    it('prints a stamped invoice as its CFDI: fiscal fields, the SAT’s QR read back from the rendered page, the TFD’s cadena; emails it with its XML', async () => {
      const { cliente } = await lawyerReadyToStamp(suite.bob);
      const factura = await invoiceFor(suite.bob, cliente.id, '12345.67');
      // Before stamping: the receipt, plainly not a CFDI, with no QR.
      const receipt = await suite.bob.download(`/api/facturas/${factura.id}/pdf`);
      expect(qrInPdf(receipt.bytes)).toBeNull();
      const cfdi = (await suite.bob.call(facturasCfdiApi.stamp, { params: { id: factura.id } })).json.cfdi;
      const xml = (await suite.bob.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: cfdi.id } })).text;

      const pdf = await suite.bob.download(`/api/facturas/${factura.id}/pdf`);
      expect(pdf.status).toBe(200);
      const file = path.join(suite.ts.dataDir, 'cfdi.pdf');
      await writeFile(file, pdf.bytes);
      const text = (await extractText(file, 'pdf'))!.replace(/\s+/g, ' ');
      for (const expected of [
        'Factura',
        `Folio fiscal ${cfdi.uuid}`,
        'XOCHILT CASAS CHAVEZ',
        'RFC: CACX7605101P8',
        'ESCUELA KEMPER URGATE',
        'RFC: EKU9003173C9',
        'Domicilio fiscal (C.P.): 42501',
        '601 - General de Ley Personas Morales',
        'PPD - Pago en parcialidades o diferido',
        '99 - Por definir',
        'G03 - Gastos en general',
        'No. de serie del certificado del SAT 30001000000500003456',
        'RFC del proveedor de certificación SPR190613I52',
        'Sello digital del SAT',
        'Este documento es una representación impresa de un CFDI.',
      ]) {
        expect(text).toContain(expected);
      }
      expect(text).not.toContain('no es un Comprobante Fiscal');
      // The cadena of the TFD as the SAT's XSLT writes it (printed wrapped: compared without spaces).
      expect(text.replace(/ /g, '')).toContain(satCadenaTfd(xml).replace(/\s/g, ''));
      // The QR, read from the rendered page as a phone would: the SAT's verification page for this CFDI.
      const sello = / Sello="([^"]+)"/.exec(xml)![1]!;
      expect(qrInPdf(pdf.bytes)).toBe(
        `https://verificacfdi.facturaelectronica.sat.gob.mx/default.aspx?id=${cfdi.uuid}&re=CACX7605101P8&rr=EKU9003173C9&tt=${Number(cfdi.total).toFixed(6).replace(/0+$/, '').replace(/\.$/, '.0')}&fe=${sello.slice(-8)}`,
      );

      // Emailed: the printed CFDI and its XML, byte for byte what the PAC stamped.
      const sent = await suite.bob.call(facturasApi.email, { params: { id: factura.id } });
      expect(sent.status, sent.text).toBe(200);
      const mail = await suite.ts.mail.waitFor('contabilidad@kemper.mx', new RegExp(`Factura ${factura.numero_factura}`));
      expect(mail.attachments.map((attachment) => attachment.filename)).toEqual([`${factura.numero_factura}.pdf`, `${factura.numero_factura}-${cfdi.uuid}.xml`]);
      expect(mail.attachments[1]!.content.toString('utf8')).toBe(xml);
    });

    it('dates the CFDI at the local time of its place of issue, not the account’s zone: a lawyer on UTC issuing from Tijuana is stamped', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { cliente } = await lawyerReadyToStamp(client);
      expect((await client.call(profileApi.update, { body: { zona_horaria: 'UTC', codigo_postal_expedicion: '22000' } })).status).toBe(200);
      const factura = await invoiceFor(client, cliente.id);
      const res = await client.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(res.status, res.text).toBe(200);
      const fecha = /Fecha="([^"]+)"/.exec(pac.stamp(res.json.cfdi.uuid)!.xml)![1]!;
      const tijuana = wallClockIn(new Date(), 'America/Tijuana');
      expect(Math.abs(Date.parse(`${fecha}Z`) - Date.parse(`${tijuana.day}T${tijuana.time}:00Z`))).toBeLessThan(2 * 60_000);
      // Its complement of payment too: the PAC refuses a Fecha later than the place's clock.
      expect(
        (
          await client.call(facturasApi.updateStatus, {
            params: { id: factura.id },
            body: { estado: 'pagada_parcialmente', monto_pagado: '1000', fecha_pago: todayIn('America/Tijuana'), forma_pago: '03' },
          })
        ).status,
      ).toBe(200);
      const detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.cfdis.map((cfdi: { tipo: string; estado: string }) => `${cfdi.tipo}:${cfdi.estado}`)).toEqual(expect.arrayContaining(['I:vigente', 'P:vigente']));
    });

    it('shows the PAC’s refusal in Spanish and keeps nothing stamped; the invoice stays editable', async () => {
      const { cliente } = await lawyerReadyToStamp(suite.bob);
      const factura = await invoiceFor(suite.bob, cliente.id, '2500');
      const message = 'CFDI40147 - El campo DomicilioFiscalReceptor del receptor, debe encontrarse en la lista de RFC inscritos no cancelados en el SAT.';
      pac.failNextStamps({ reject: message });
      const res = await suite.bob.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(res.status).toBe(422);
      expect(res.json.error.message).toBe(MSG.cfdi.pacRechazo(message));
      const detail = (await suite.bob.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.cfdis).toEqual([]);
      expect(detail.factura).toMatchObject({ cfdi: null, editable: true });
    });

    it('never stamps twice: an answer lost after the PAC stamped is recovered by sending the same CFDI with the same id', async () => {
      const { cliente } = await lawyerReadyToStamp(suite.alice);
      // Stamped, then no answer; the retry gets the stamp already made ('307').
      const first = await invoiceFor(suite.alice, cliente.id, '3000');
      const stampedBefore = pac.calls.stamped ?? 0;
      pac.failNextStamps('hang-after');
      const recovered = await suite.alice.call(facturasCfdiApi.stamp, { params: { id: first.id } });
      expect(recovered.status, recovered.text).toBe(200);
      expect(pac.calls.stamped).toBe(stampedBefore + 1);
      expect(recovered.json.cfdi.uuid).toBe(pac.stamps().at(-1)!.uuid);

      // Stamped, no answer, and the retry cut too: pendiente; 'Timbrar CFDI' again gets that same stamp.
      const second = await invoiceFor(suite.alice, cliente.id, '4000');
      pac.failNextStamps('hang-after', 'cut');
      const lost = await suite.alice.call(facturasCfdiApi.stamp, { params: { id: second.id } });
      expect(lost.status).toBe(502);
      expect(lost.json.error.message).toBe(MSG.cfdi.pacSinRespuesta);
      const pending = (await suite.alice.call(facturasApi.get, { params: { id: second.id } })).json;
      expect(pending.cfdis).toMatchObject([{ estado: 'pendiente', uuid: null }]);
      expect(pending.factura).toMatchObject({ cfdi: { estado: 'pendiente', uuid: null }, editable: false });
      const stampedByPac = pac.stamps().at(-1)!;
      const retried = await suite.alice.call(facturasCfdiApi.stamp, { params: { id: second.id } });
      expect(retried.status, retried.text).toBe(200);
      expect(retried.json.cfdi.uuid).toBe(stampedByPac.uuid);
      expect(pac.calls.stamped).toBe(stampedBefore + 2);

      // Never stamped (a 500, then an empty answer): pendiente, then stamped once on the next try.
      const third = await invoiceFor(suite.alice, cliente.id, '5000');
      pac.failNextStamps('500', 'empty');
      expect((await suite.alice.call(facturasCfdiApi.stamp, { params: { id: third.id } })).status).toBe(502);
      expect(pac.calls.stamped).toBe(stampedBefore + 2);
      // A token the PAC dropped early: Bufete signs in again and goes on.
      pac.failNextStamps('token-expired');
      const later = await suite.alice.call(facturasCfdiApi.stamp, { params: { id: third.id } });
      expect(later.status, later.text).toBe(200);
      expect(pac.calls.stamped).toBe(stampedBefore + 3);
      expect(new Set(pac.stamps().map((stamp) => stamp.customId)).size).toBe(pac.stamps().length);
    });

    it('cancels with each of the SAT’s motivos, at once or once the receptor answers, and the SAT’s status is shown', async () => {
      const { cliente } = await lawyerReadyToStamp(suite.bob);
      const stamped = async (monto: string) => {
        const factura = await invoiceFor(suite.bob, cliente.id, monto);
        const res = await suite.bob.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
        expect(res.status, res.text).toBe(200);
        return { factura, cfdi: res.json.cfdi as { id: string; uuid: string } };
      };
      const cancel = (target: Awaited<ReturnType<typeof stamped>>, body: Record<string, unknown>) =>
        suite.bob.call(facturasCfdiApi.cancel, { params: { id: target.factura.id, cfdi: target.cfdi.id }, body });

      // 02: cancelled at once; the invoice can then be corrected and stamped again.
      const a = await stamped('1000');
      const a1 = await cancel(a, { motivo: '02' });
      expect(a1.status, a1.text).toBe(200);
      expect(a1.json.cfdi).toMatchObject({ estado: 'cancelado', cancelacion: { motivo: '02', folio_sustitucion: null }, estatus_sat: 'Cancelado · Cancelado sin aceptación' });
      expect(pac.stamp(a.cfdi.uuid)).toMatchObject({ estado: 'Cancelado', motivo: '02' });
      const aDetail = (await suite.bob.call(facturasApi.get, { params: { id: a.factura.id } })).json;
      expect(aDetail.factura).toMatchObject({ cfdi: { estado: 'cancelado' }, editable: true });
      expect((await cancel(a, { motivo: '02' })).json.error.message).toBe(MSG.cfdi.noCancelable);
      // Corrected (motivo 02: errors with no replacement named), then stamped again.
      const corrected = await suite.bob.call(facturasApi.update, {
        params: { id: a.factura.id },
        body: {
          concepto: 'Honorarios: amparo indirecto (corregido)',
          fecha_emision: '2026-11-20',
          calculo_automatico: false,
          monto: '1000',
          cliente_id: cliente.id,
          impuestos: { iva: true, retencion: '612' },
        },
      });
      expect(corrected.status, corrected.text).toBe(200);
      const restamp = await suite.bob.call(facturasCfdiApi.stamp, { params: { id: a.factura.id } });
      expect(restamp.status).toBe(200);
      expect(restamp.json.cfdi.uuid).not.toBe(a.cfdi.uuid);

      // 01 names the CFDI that replaces it.
      const b = await stamped('1100');
      const withoutFolio = await cancel(b, { motivo: '01' });
      expect(withoutFolio.status).toBe(400);
      expect(withoutFolio.json.error).toMatchObject({ message: MSG.cfdi.folioSustitucionObligatorio, field: 'folio_sustitucion' });
      expect((await cancel(b, { motivo: '01', folio_sustitucion: 'no-es-un-uuid' })).json.error.message).toBe(MSG.cfdi.folioSustitucionInvalido);
      expect((await cancel(b, { motivo: '05' })).json.error.message).toBe(MSG.cfdi.motivoInvalido);
      const b1 = await cancel(b, { motivo: '01', folio_sustitucion: restamp.json.cfdi.uuid.toLowerCase() });
      expect(b1.status, b1.text).toBe(200);
      expect(b1.json.cfdi.cancelacion).toMatchObject({ motivo: '01', folio_sustitucion: restamp.json.cfdi.uuid });

      // 03 on a company's CFDI: in process until the receptor accepts.
      pac.cancellationNeedsAcceptance(true);
      const c = await stamped('20000');
      const c1 = await cancel(c, { motivo: '03' });
      expect(c1.json.cfdi).toMatchObject({ estado: 'cancelacion_en_proceso', estatus_sat: 'Vigente · En proceso' });
      pac.answerCancellation(c.cfdi.uuid, true);
      // The hourly pass asks the SAT about cancellations not asked about for an hour, and rings the bell.
      await suite.ts.server.database.db.execute(sql`update facturas_cfdi set consultado_at = now() - interval '2 hours' where id = ${c.cfdi.id}`);
      await suite.ts.server.jobs.enqueue(CFDI_CANCELLATIONS_JOB, {});
      await suite.ts.server.jobs.tick();
      const c2 = (await suite.bob.call(facturasApi.get, { params: { id: c.factura.id } })).json.cfdis.find((item: { id: string }) => item.id === c.cfdi.id);
      expect(c2).toMatchObject({ estado: 'cancelado', estatus_sat: 'Cancelado · Cancelado con aceptación' });
      const bell = (await suite.bob.call(notificacionesApi.list)).json.items;
      expect(bell[0]).toMatchObject({
        tipo: 'cfdi_cancelacion',
        titulo: `CFDI cancelado: ${c.factura.numero_factura}`,
        detalle: `Folio fiscal ${c.cfdi.uuid} · Cancelado · Cancelado con aceptación`,
      });

      // 04, rejected by the receptor: valid again.
      const d = await stamped('30000');
      expect((await cancel(d, { motivo: '04' })).json.cfdi.estado).toBe('cancelacion_en_proceso');
      pac.answerCancellation(d.cfdi.uuid, false);
      const d2 = await suite.bob.call(facturasCfdiApi.refresh, { params: { id: d.factura.id, cfdi: d.cfdi.id } });
      expect(d2.json.cfdi).toMatchObject({ estado: 'vigente', estatus_sat: 'Vigente · Solicitud rechazada' });
      pac.cancellationNeedsAcceptance(false);
      const history = (await suite.bob.call(facturasApi.get, { params: { id: d.factura.id } })).json.historial.map((entry: { resumen: string }) => entry.resumen);
      expect(history).toContain(`El SAT informa que el CFDI ${d.cfdi.uuid} de ${d.factura.numero_factura} está: Vigente · Solicitud rechazada`);
    });

    it('a PPD invoice paid in two parts gets a Complemento de Pago 2.0 for each payment, valid for the SAT; a lost one can be stamped later', async () => {
      const { cliente } = await lawyerReadyToStamp(suite.alice);
      const factura = await invoiceFor(suite.alice, cliente.id, '10000');
      const ingreso = (await suite.alice.call(facturasCfdiApi.stamp, { params: { id: factura.id } })).json.cfdi;
      expect(ingreso.metodo_pago).toBe('PPD');

      // The first part, recorded in 'Editar Estado': its complement is stamped at once.
      const first = await suite.alice.call(facturasApi.updateStatus, {
        params: { id: factura.id },
        body: { estado: 'pagada_parcialmente', monto_pagado: '4000', fecha_pago: '2026-11-24', forma_pago: '03' },
      });
      expect(first.status, first.text).toBe(200);
      let detail = (await suite.alice.call(facturasApi.get, { params: { id: factura.id } })).json;
      const [pago1] = detail.pagos;
      const complemento1 = detail.cfdis.find((item: { tipo: string }) => item.tipo === 'P');
      expect(complemento1).toMatchObject({ tipo: 'P', pago_id: pago1.id, estado: 'vigente', serie: 'HON', folio: `${factura.numero_factura.slice(4)}-P1`, total: '0' });
      const xml1 = (await suite.alice.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: complemento1.id } })).text;
      expect(satSchemaErrors(xml1)).toBeNull();
      for (const text of [
        `IdDocumento="${ingreso.uuid}"`,
        'NumParcialidad="1"',
        'ImpSaldoAnt="9533.33"',
        'ImpPagado="4000.00"',
        'ImpSaldoInsoluto="5533.33"',
        'FechaPago="2026-11-24T12:00:00"',
        'FormaDePagoP="03"',
      ]) {
        expect(xml1).toContain(text);
      }

      // The PAC is down when the rest is paid: the payment is kept, its complement waits for 'Timbrar complemento'.
      pac.failNextStamps('500', '500');
      const second = await suite.alice.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada', fecha_pago: '2026-11-25', forma_pago: '04' } });
      expect(second.status, second.text).toBe(200);
      expect(second.json.factura.estado).toBe('pagada');
      detail = (await suite.alice.call(facturasApi.get, { params: { id: factura.id } })).json;
      const pago2 = detail.pagos.find((pago: { id: string }) => pago.id !== pago1.id);
      expect(
        detail.cfdis.filter((item: { tipo: string; estado: string }) => item.tipo === 'P' && item.estado === 'pendiente').map((item: { pago_id: string }) => item.pago_id),
      ).toEqual([pago2.id]);
      const later = await suite.alice.call(facturasCfdiApi.stampPago, { params: { id: factura.id, pago: pago2.id } });
      expect(later.status, later.text).toBe(200);
      const xml2 = (await suite.alice.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: later.json.cfdi.id } })).text;
      expect(satSchemaErrors(xml2)).toBeNull();
      for (const text of ['NumParcialidad="2"', 'ImpSaldoAnt="5533.33"', 'ImpPagado="5533.33"', 'ImpSaldoInsoluto="0.00"', 'FormaDePagoP="04"']) expect(xml2).toContain(text);
      const again = await suite.alice.call(facturasCfdiApi.stampPago, { params: { id: factura.id, pago: pago2.id } });
      expect(again.json.error.message).toBe(MSG.cfdi.complementoYaTimbrado);
      // The queue's retry of that payment's job, run now (as after a crash): it finds both stamped and stamps nothing.
      const stampsBefore = pac.stamps().length;
      const userId = (await sessionOf(suite.alice)).user.id as string;
      const job = await suite.ts.server.jobs.enqueue(CFDI_COMPLEMENT_JOB, { userId, facturaId: factura.id });
      expect(await suite.ts.server.jobs.runNow(job!)).toBe('done');
      expect(pac.stamps().length).toBe(stampsBefore);

      // The payments are now stated to the SAT: they cannot be taken back, nor the invoice's CFDI cancelled before them.
      const refund = await suite.alice.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pendiente' } });
      expect(refund.status).toBe(409);
      expect(refund.json.error.message).toBe(MSG.cfdi.pagoConComplemento);
      const early = await suite.alice.call(facturasCfdiApi.cancel, { params: { id: factura.id, cfdi: ingreso.id }, body: { motivo: '02' } });
      expect(early.json.error.message).toBe(MSG.cfdi.complementosPrimero);
      // Another lawyer cannot stamp a complement of it.
      expect((await suite.bob.call(facturasCfdiApi.stampPago, { params: { id: factura.id, pago: pago2.id } })).status).toBe(404);

      // A PUE invoice (paid at once before stamping) has no complements.
      const pue = await suite.alice.call(facturasApi.create, {
        body: {
          concepto: 'Consulta',
          fecha_emision: '2026-11-20',
          calculo_automatico: false,
          monto: '800',
          cliente_id: cliente.id,
          estado: 'pagada',
          fecha_pago: '2026-11-20',
          forma_pago: '03',
        },
      });
      const pueCfdi = (await suite.alice.call(facturasCfdiApi.stamp, { params: { id: pue.json.factura.id } })).json.cfdi;
      expect(pueCfdi.metodo_pago).toBe('PUE');
      const puePagos = (await suite.alice.call(facturasApi.get, { params: { id: pue.json.factura.id } })).json.pagos;
      expect((await suite.alice.call(facturasCfdiApi.stampPago, { params: { id: pue.json.factura.id, pago: puePagos[0].id } })).json.error.message).toBe(
        MSG.cfdi.complementoSoloPpd,
      );
    });

    it('replaces a stamped invoice: the corrected copy is stamped related 04, the old CFDI cancelled with 01 naming it; payments and time move; a failure halfway is finished later', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { cliente } = await lawyerReadyToStamp(client);
      // Paid at once (PUE), stamped; then the amount turns out wrong.
      const subtotal = backend === 'pglite' ? '5000' : '5001';
      const caso = (await client.call(casosApi.create, { body: { titulo: 'Arrendamiento', cliente_id: cliente.id } })).json.caso as { id: string };
      const entrada = (
        await client.call(tiempoApi.create, { body: { caso_id: caso.id, fecha: '2026-11-19', horas: '2', descripcion: 'Revisión del contrato', tarifa_por_hora: '2500' } })
      ).json.entrada as { id: string };
      const created = await client.call(facturasApi.create, {
        body: {
          entrada_ids: [entrada.id],
          concepto: 'Honorarios: contrato',
          fecha_emision: '2026-11-20',
          calculo_automatico: false,
          monto: subtotal,
          cliente_id: cliente.id,
          impuestos: { iva: true, retencion: '612' },
          estado: 'pagada',
          forma_pago: '03',
        },
      });
      const a = created.json.factura as { id: string; numero_factura: string; monto_total: string };
      const aStamp = await client.call(facturasCfdiApi.stamp, { params: { id: a.id } });
      expect(aStamp.status, aStamp.text).toBe(200);
      const aCfdi = aStamp.json.cfdi;
      expect(aCfdi.metodo_pago).toBe('PUE');
      const correction = (monto: string) => ({
        concepto: 'Honorarios: contrato de arrendamiento',
        fecha_emision: '2026-11-21',
        calculo_automatico: false,
        monto,
        cliente_id: cliente.id,
        impuestos: { iva: true, retencion: '612' } as const,
      });

      // Less than what was paid: said in Spanish, nothing created.
      const tooLow = await client.call(facturasCfdiApi.substitute, { params: { id: a.id }, body: correction('100') });
      expect(tooLow.status).toBe(400);
      expect(tooLow.json.error).toMatchObject({
        message: MSG.cfdi.sustitutoMenorQuePagado(`$${Number(a.monto_total).toLocaleString('en-US', { minimumFractionDigits: 2 })}`),
        field: 'monto',
      });
      // Its time was billed to this client: another client is refused, in Spanish, on its field.
      const otro = (await client.call(clientesApi.create, { body: { nombre: 'Otro cliente' } })).json.cliente as { id: string };
      const elsewhere = await client.call(facturasCfdiApi.substitute, { params: { id: a.id }, body: { ...correction(subtotal), cliente_id: otro.id } });
      expect(elsewhere.status).toBe(400);
      expect(elsewhere.json.error).toMatchObject({ message: MSG.invoices.clienteDeLasEntradas, field: 'cliente_id' });
      // Another lawyer reaches neither the flow nor its state.
      expect((await suite.bob.call(facturasCfdiApi.substitute, { params: { id: a.id }, body: correction('5000') })).status).toBe(404);

      // The PAC refuses the new one: it stays as an invoice to finish; the old CFDI is still valid and the screen says what is next.
      pac.failNextStamps({ reject: 'CFDI40145 - El campo Nombre del emisor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Emisor.' });
      const refused = await client.call(facturasCfdiApi.substitute, { params: { id: a.id }, body: correction(subtotal) });
      expect(refused.status, refused.text).toBe(422);
      expect(refused.json.error.message).toContain('CFDI40145');
      let detailA = (await client.call(facturasApi.get, { params: { id: a.id } })).json;
      expect(detailA.factura).toMatchObject({ estado: 'cancelada', monto_pagado: '0.00' });
      expect(detailA.sustitucion).toMatchObject({
        paso: 'timbrar_sustituto',
        original: { id: a.id, uuid: aCfdi.uuid, estado: 'vigente' },
        sustituto: { uuid: null, estado: null },
      });
      const b = detailA.sustitucion.sustituto as { id: string; numero_factura: string };
      let detailB = (await client.call(facturasApi.get, { params: { id: b.id } })).json;
      // The new invoice holds the payment and shows the same sustitución.
      expect(detailB.factura).toMatchObject({ estado: 'pagada', monto_pagado: a.monto_total, concepto: 'Honorarios: contrato de arrendamiento' });
      expect(detailB.pagos).toHaveLength(1);
      expect(detailA.pagos).toEqual([]);
      // Its time is billed by the new one (never unbilled, never billed twice).
      expect(detailB.entradas.map((item: { id: string }) => item.id)).toEqual([entrada.id]);
      expect(detailA.entradas).toEqual([]);
      expect(detailB.sustitucion).toEqual(detailA.sustitucion);
      const again = await client.call(facturasCfdiApi.substitute, { params: { id: a.id }, body: correction(subtotal) });
      expect(again.json.error.message).toBe(MSG.cfdi.sustitucionEnCurso(b.numero_factura));

      // The new invoice is the only way this ends: it is not cancelled halfway.
      const dropped = await client.call(facturasApi.cancel, { params: { id: b.id }, body: { motivo: 'Ya no la quiero' } });
      expect(dropped.status).toBe(409);
      expect(dropped.json.error.message).toBe(MSG.cfdi.sustitutoNoSeCancela);

      // Resumed, the SAT refuses the cancellation: the new CFDI is stamped (related 04), the old one still valid.
      pac.failNextCancels({ reject: 'CA2200 - El folio de sustitución no es válido para el CFDI.' });
      const halfway = await client.call(facturasCfdiApi.resumeSubstitution, { params: { id: b.id } });
      expect(halfway.status).toBe(422);
      detailB = (await client.call(facturasApi.get, { params: { id: b.id } })).json;
      expect(detailB.sustitucion).toMatchObject({ paso: 'cancelar_original', original: { estado: 'vigente' }, sustituto: { estado: 'vigente' } });
      const bCfdi = detailB.cfdis.find((item: { tipo: string }) => item.tipo === 'I');
      const bXml = (await client.call(facturasCfdiApi.xml, { params: { id: b.id, cfdi: bCfdi.id } })).text;
      expect(satSchemaErrors(bXml)).toBeNull();
      expect(bXml).toContain(`<cfdi:CfdiRelacionados TipoRelacion="04"><cfdi:CfdiRelacionado UUID="${aCfdi.uuid}"/></cfdi:CfdiRelacionados>`);
      expect(bXml).toContain('MetodoPago="PUE"');

      // The receptor must accept this one: waiting for it, then accepted.
      pac.cancellationNeedsAcceptance(true);
      try {
        const waiting = await client.call(facturasCfdiApi.resumeSubstitution, { params: { id: a.id } });
        expect(waiting.status, waiting.text).toBe(200);
        expect(waiting.json.sustitucion).toMatchObject({ paso: 'esperando_receptor', original: { estado: 'cancelacion_en_proceso' } });
        expect(pac.stamp(aCfdi.uuid)!.motivo).toBe('01');
        pac.answerCancellation(aCfdi.uuid, true);
      } finally {
        pac.cancellationNeedsAcceptance(false);
      }
      const asked = await client.call(facturasCfdiApi.refresh, { params: { id: a.id, cfdi: aCfdi.id } });
      expect(asked.json.cfdi).toMatchObject({ estado: 'cancelado', cancelacion: { motivo: '01', folio_sustitucion: bCfdi.uuid } });
      detailA = (await client.call(facturasApi.get, { params: { id: a.id } })).json;
      expect(detailA.sustitucion.paso).toBe('terminada');
      expect(detailA.historial.map((entry: { resumen: string }) => entry.resumen)).toContain(
        `Factura ${a.numero_factura} sustituida por ${b.numero_factura}: sus pagos y su tiempo pasan a ${b.numero_factura}`,
      );
      expect((await client.call(facturasCfdiApi.resumeSubstitution, { params: { id: a.id } })).json.sustitucion.paso).toBe('terminada');

      // In one go, when nothing fails; an invoice never stamped has nothing to replace.
      const c = await invoiceFor(client, cliente.id, backend === 'pglite' ? '7000' : '7001');
      const notStamped = await client.call(facturasCfdiApi.substitute, { params: { id: c.id }, body: correction('7000') });
      expect(notStamped.json.error.message).toBe(MSG.cfdi.sustitucionSoloVigente);
      await client.call(facturasCfdiApi.stamp, { params: { id: c.id } });
      const whole = await client.call(facturasCfdiApi.substitute, { params: { id: c.id }, body: correction('7500') });
      expect(whole.status, whole.text).toBe(200);
      expect(whole.json.sustitucion).toMatchObject({ paso: 'terminada', original: { estado: 'cancelado' }, sustituto: { estado: 'vigente' } });
      expect((await suite.bob.call(facturasCfdiApi.resumeSubstitution, { params: { id: c.id } })).status).toBe(404);
      // Wrong again: the substitute is replaced in its turn, and shows its newest sustitución.
      const d = whole.json.sustitucion.sustituto as { id: string; numero_factura: string };
      const twice = await client.call(facturasCfdiApi.substitute, { params: { id: d.id }, body: correction('7600') });
      expect(twice.status, twice.text).toBe(200);
      expect(twice.json.sustitucion).toMatchObject({ paso: 'terminada', original: { id: d.id, estado: 'cancelado' } });
      const detailD = (await client.call(facturasApi.get, { params: { id: d.id } })).json;
      expect(detailD.sustitucion.original.id).toBe(d.id);

      // A substitute the PAC refused, stamped later on its own ('Timbrar CFDI'), goes on with the flow: the original is cancelled, 01, naming it.
      const e = await invoiceFor(client, cliente.id, backend === 'pglite' ? '8000' : '8001');
      const eCfdi = (await client.call(facturasCfdiApi.stamp, { params: { id: e.id } })).json.cfdi as { id: string; uuid: string };
      pac.failNextStamps({ reject: 'CFDI40145 - El campo Nombre del emisor, debe pertenecer al nombre asociado al RFC registrado en el campo Rfc del Emisor.' });
      expect((await client.call(facturasCfdiApi.substitute, { params: { id: e.id }, body: correction('8500') })).status).toBe(422);
      const f = (await client.call(facturasApi.get, { params: { id: e.id } })).json.sustitucion.sustituto as { id: string };
      const fStamp = await client.call(facturasCfdiApi.stamp, { params: { id: f.id } });
      expect(fStamp.status, fStamp.text).toBe(200);
      const eDetail = (await client.call(facturasApi.get, { params: { id: e.id } })).json;
      expect(eDetail.sustitucion).toMatchObject({
        paso: 'terminada',
        original: { uuid: eCfdi.uuid, estado: 'cancelado' },
        sustituto: { uuid: fStamp.json.cfdi.uuid, estado: 'vigente' },
      });
      expect(pac.stamp(eCfdi.uuid)!.motivo).toBe('01');
      expect(eDetail.cfdis.find((item: { id: string }) => item.id === eCfdi.id)).toMatchObject({ cancelacion: { motivo: '01', folio_sustitucion: fStamp.json.cfdi.uuid } });
    });

    it('an invoice paid in part before it is stamped (PPD) gets that payment’s complement as soon as it is stamped', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { cliente } = await lawyerReadyToStamp(client);
      const factura = await invoiceFor(client, cliente.id, backend === 'pglite' ? '8000' : '8001');
      await client.call(facturasApi.updateStatus, {
        params: { id: factura.id },
        body: { estado: 'pagada_parcialmente', monto_pagado: '2500', fecha_pago: '2026-11-21', forma_pago: '04' },
      });
      const ingreso = (await client.call(facturasCfdiApi.stamp, { params: { id: factura.id } })).json.cfdi;
      expect(ingreso.metodo_pago).toBe('PPD');
      const detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      const complemento = detail.cfdis.find((item: { tipo: string }) => item.tipo === 'P');
      expect(complemento).toMatchObject({ estado: 'vigente', pago_id: detail.pagos[0].id });
      const xml = (await client.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: complemento.id } })).text;
      expect(satSchemaErrors(xml)).toBeNull();
      for (const text of [`IdDocumento="${ingreso.uuid}"`, 'NumParcialidad="1"', 'ImpPagado="2500.00"', 'FormaDePagoP="04"']) expect(xml).toContain(text);
    });

    it('issues credit notes (CFDI de egreso related 01, the invoice’s taxes on the amount): valid for the SAT, off the balance, refused past it, forgotten when the PAC refuses, given back when cancelled', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { cliente } = await lawyerReadyToStamp(client);
      const factura = await invoiceFor(client, cliente.id, backend === 'pglite' ? '10000' : '10002');
      const early = await client.call(facturasCfdiApi.creditNote, { params: { id: factura.id }, body: { motivo: 'descuento', monto: '1000', forma_pago: '15' } });
      expect(early.json.error.message).toBe(MSG.cfdi.notaSoloTimbrada);
      const ingreso = (await client.call(facturasCfdiApi.stamp, { params: { id: factura.id } })).json.cfdi;
      const total = Number(ingreso.total);

      // A note a dead request reserved without writing its CFDI holds nothing back.
      const userId = (await sessionOf(client)).user.id as string;
      await suite.ts.server.database.db.execute(
        sql`insert into notas_credito (user_id, factura_id, numero, motivo, forma_pago, subtotal, total) values (${userId}, ${factura.id}, 9, 'descuento', '15', '9500', '9000')`,
      );
      // A discount on an unpaid invoice: forma 15 (Condonación), 1,000.00 + IVA 160.00 − ISR 100.00 − IVA retenido 106.67.
      const blank = await client.call(facturasCfdiApi.creditNote, { params: { id: factura.id }, body: { motivo: 'descuento', monto: '', forma_pago: '15' } });
      expect(blank.json.error).toMatchObject({ message: MSG.invoices.notaMontoObligatorio, field: 'monto' });
      const nota = await client.call(facturasCfdiApi.creditNote, { params: { id: factura.id }, body: { motivo: 'descuento', monto: '1000', forma_pago: '15' } });
      expect(nota.status, nota.text).toBe(200);
      expect(nota.json.cfdi).toMatchObject({ tipo: 'E', estado: 'vigente', total: '953.33', nota_credito: { motivo: 'descuento', descripcion: null } });
      const xml = (await client.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: nota.json.cfdi.id } })).text;
      expect(satSchemaErrors(xml)).toBeNull();
      expect(satSealVerifies(xml)).toBe(true);
      for (const text of [
        'TipoDeComprobante="E"',
        'MetodoPago="PUE"',
        'FormaPago="15"',
        `<cfdi:CfdiRelacionados TipoRelacion="01"><cfdi:CfdiRelacionado UUID="${ingreso.uuid}"/></cfdi:CfdiRelacionados>`,
        'UsoCFDI="G02"',
        'SubTotal="1000.00"',
        'Total="953.33"',
        `Descripcion="Descuento sobre ${factura.numero_factura}"`,
      ])
        expect(xml).toContain(text);
      // Its PDF is the CFDI de egreso's printed version: the QR of its own folio, the CFDI it relates.
      const pdf = await client.download(`/api/facturas/${factura.id}/notas-credito/${nota.json.cfdi.nota_credito.id}/pdf`);
      expect(pdf.status).toBe(200);
      expect(qrInPdf(pdf.bytes)).toContain(`?id=${nota.json.cfdi.uuid}&re=CACX7605101P8&rr=EKU9003173C9&tt=953.33&fe=`);
      const pdfFile = path.join(suite.ts.dataDir, `nota-${backend}.pdf`);
      await writeFile(pdfFile, pdf.bytes);
      // (A folio fiscal may wrap at a hyphen in its column: read as one.)
      const printed = (await extractText(pdfFile, 'pdf'))!.replace(/\s+/g, ' ').replace(/(\w)- (?=\w)/g, '$1-');
      for (const text of [
        'Nota de crédito',
        `${factura.numero_factura}-NC1`,
        'E - Egreso',
        `01 - Nota de crédito de los documentos relacionados: ${ingreso.uuid}`,
        'Total de la nota de crédito $953.33',
      ])
        expect(printed).toContain(text);
      expect((await suite.bob.download(`/api/facturas/${factura.id}/notas-credito/${nota.json.cfdi.nota_credito.id}/pdf`)).status).toBe(404);
      let detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.factura).toMatchObject({ monto_acreditado: '953.33', estado: 'pendiente' });
      expect(detail.historial.map((entry: { resumen: string }) => entry.resumen)).toContain(`Nota de crédito ${factura.numero_factura}-NC1 por $953.33 (descuento)`);
      // The accountant's CSV says it beside what was paid.
      const csv: string[][] = parse((await client.download(`/api/facturas/export?q=${factura.numero_factura}`)).bytes, { bom: true });
      expect(csv[1]![csv[0]!.indexOf('Notas de crédito')]).toBe('953.33');

      // Past what is still owed: said with the amount, nothing issued.
      const owed = (total - 953.33).toFixed(2);
      const tooMuch = await client.call(facturasCfdiApi.creditNote, { params: { id: factura.id }, body: { motivo: 'bonificacion', monto: '9100', forma_pago: '15' } });
      expect(tooMuch.status).toBe(400);
      expect(tooMuch.json.error).toMatchObject({ field: 'monto', message: MSG.cfdi.notaExcedeSaldo(`$${Number(owed).toLocaleString('en-US', { minimumFractionDigits: 2 })}`) });
      // The PAC refuses one: it is forgotten, the balance unchanged.
      pac.failNextStamps({ reject: 'CFDI40999 - Rechazo de prueba.' });
      const refused = await client.call(facturasCfdiApi.creditNote, { params: { id: factura.id }, body: { motivo: 'bonificacion', monto: '500', forma_pago: '15' } });
      expect(refused.status).toBe(422);
      detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.cfdis.filter((item: { tipo: string }) => item.tipo === 'E')).toHaveLength(1);
      expect(detail.factura.monto_acreditado).toBe('953.33');

      // 'Pagada' pays what is left, and its complement starts from the balance after the credit.
      const paid = await client.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada', fecha_pago: '2026-11-25', forma_pago: '03' } });
      expect(paid.json.factura).toMatchObject({ estado: 'pagada', monto_pagado: owed });
      detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      const complemento = detail.cfdis.find((item: { tipo: string }) => item.tipo === 'P');
      const pagoXml = (await client.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: complemento.id } })).text;
      expect(satSchemaErrors(pagoXml)).toBeNull();
      for (const text of [`ImpSaldoAnt="${owed}"`, `ImpPagado="${owed}"`, 'ImpSaldoInsoluto="0.00"']) expect(pagoXml).toContain(text);

      // The invoice's CFDI is not cancelled before its credit note (nor its complement).
      const complementCancel = await client.call(facturasCfdiApi.cancel, { params: { id: factura.id, cfdi: complemento.id }, body: { motivo: '02' } });
      expect(complementCancel.status, complementCancel.text).toBe(200);
      const blocked = await client.call(facturasCfdiApi.cancel, { params: { id: factura.id, cfdi: ingreso.id }, body: { motivo: '02' } });
      expect(blocked.json.error.message).toBe(MSG.cfdi.notasCreditoPrimero);
      // Nor replaced: its cancellation would wait behind the credit note.
      const replace = await client.call(facturasCfdiApi.substitute, {
        params: { id: factura.id },
        body: { concepto: 'Otra', fecha_emision: '2026-11-21', calculo_automatico: false, monto: '10000', cliente_id: cliente.id, impuestos: { iva: true, retencion: '612' } },
      });
      expect(replace.json.error.message).toBe(MSG.cfdi.notasCreditoPrimero);
      // Cancelling the credit note's CFDI gives its amount back to the balance.
      const gone = await client.call(facturasCfdiApi.cancel, { params: { id: factura.id, cfdi: nota.json.cfdi.id }, body: { motivo: '02' } });
      expect(gone.json.cfdi.estado).toBe('cancelado');
      detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.factura).toMatchObject({ monto_acreditado: '0.00', estado: 'pagada_parcialmente' });

      // A refund of a paid (PUE) invoice: the money goes back, and it cannot pass what was paid.
      const pue = (
        await client.call(facturasApi.create, {
          body: { concepto: 'Consulta', fecha_emision: '2026-11-20', calculo_automatico: false, monto: '2000', cliente_id: cliente.id, estado: 'pagada', forma_pago: '04' },
        })
      ).json.factura as { id: string; numero_factura: string; monto_total: string };
      await client.call(facturasCfdiApi.stamp, { params: { id: pue.id } });
      const over = await client.call(facturasCfdiApi.creditNote, { params: { id: pue.id }, body: { motivo: 'devolucion', monto: '2500', forma_pago: '04' } });
      expect(over.json.error.message).toBe(MSG.cfdi.notaExcedePagado('$2,000.00'));
      const refund = await client.call(facturasCfdiApi.creditNote, {
        params: { id: pue.id },
        body: { motivo: 'devolucion', monto: '500', forma_pago: '04', descripcion: 'Audiencia cancelada' },
      });
      expect(refund.status, refund.text).toBe(200);
      const refundXml = (await client.call(facturasCfdiApi.xml, { params: { id: pue.id, cfdi: refund.json.cfdi.id } })).text;
      expect(satSchemaErrors(refundXml)).toBeNull();
      expect(refundXml).toContain('FormaPago="04"');
      expect(refundXml).toContain('Descripcion="Devolución sobre');
      const after = (await client.call(facturasApi.get, { params: { id: pue.id } })).json;
      expect(after.factura).toMatchObject({ estado: 'pagada', monto_pagado: '1500.00', monto_acreditado: '500.00' });

      // Another lawyer reaches none of it.
      expect((await suite.bob.call(facturasCfdiApi.creditNote, { params: { id: pue.id }, body: { motivo: 'descuento', monto: '1', forma_pago: '15' } })).status).toBe(404);
      expect((await suite.bob.call(facturasCfdiApi.stampCreditNote, { params: { id: pue.id, nota: refund.json.cfdi.nota_credito.id } })).status).toBe(404);
    });

    it('a payment recorded as «No registrada» is never sent as a transfer: its complement waits for the lawyer to say how it was paid', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { cliente } = await lawyerReadyToStamp(client);
      const factura = await invoiceFor(client, cliente.id, backend === 'pglite' ? '6000' : '6001');
      // A first part paid before stamping, recorded before Bufete asked how (migration 0022 marked those '99').
      await client.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada_parcialmente', monto_pagado: '1000', forma_pago: '03' } });
      await suite.ts.server.database.db.execute(sql`update pagos set forma_pago = '99' where factura_id = ${factura.id}`);
      const ingreso = (await client.call(facturasCfdiApi.stamp, { params: { id: factura.id } })).json.cfdi;
      expect(ingreso.metodo_pago).toBe('PPD');

      // Stamped, it owes that payment's complement at once: refused, and the bell says why.
      const bellAtStamp = (await client.call(notificacionesApi.list)).json.items;
      expect(bellAtStamp[0]).toMatchObject({ tipo: 'cfdi_complemento', detalle: MSG.cfdi.formaPagoDelComplemento });

      // The next payment: the queue stamps its complement; the old one's is refused, and the bell says why.
      const paid = await client.call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: 'pagada_parcialmente', monto_pagado: '3000', forma_pago: '28' } });
      expect(paid.status, paid.text).toBe(200);
      let detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      const [nuevo, viejo] = detail.pagos as { id: string; forma_pago: string }[];
      expect(viejo!.forma_pago).toBe('99');
      const complementos = detail.cfdis.filter((item: { tipo: string }) => item.tipo === 'P');
      expect(complementos.map((item: { pago_id: string; estado: string }) => [item.pago_id, item.estado])).toEqual([[nuevo!.id, 'vigente']]);
      const nuevoXml = (await client.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: complementos[0].id } })).text;
      expect(nuevoXml).toContain('FormaDePagoP="28"');
      expect(nuevoXml).toContain('NumParcialidad="2"');
      const bell = (await client.call(notificacionesApi.list)).json.items;
      expect(bell[0]).toMatchObject({ tipo: 'cfdi_complemento', titulo: MSG.cfdi.complementoSinTimbrarTitulo(factura.numero_factura), detalle: MSG.cfdi.formaPagoDelComplemento });

      // 'Timbrar complemento' without a form says what is missing, in Spanish; with one it names it (in the history) and stamps it.
      const blank = await client.call(facturasCfdiApi.stampPago, { params: { id: factura.id, pago: viejo!.id } });
      expect(blank.status).toBe(400);
      expect(blank.json.error.message).toBe(MSG.cfdi.formaPagoDelComplemento);
      const bad = await client.call(facturasCfdiApi.stampPago, { params: { id: factura.id, pago: viejo!.id }, body: { forma_pago: '99' as '03' } });
      expect(bad.json.error.message).toBe(MSG.invoices.formaPagoInvalida);
      const named = await client.call(facturasCfdiApi.stampPago, { params: { id: factura.id, pago: viejo!.id }, body: { forma_pago: '01' } });
      expect(named.status, named.text).toBe(200);
      const viejoXml = (await client.call(facturasCfdiApi.xml, { params: { id: factura.id, cfdi: named.json.cfdi.id } })).text;
      expect(satSchemaErrors(viejoXml)).toBeNull();
      for (const text of ['FormaDePagoP="01"', 'NumParcialidad="1"', 'ImpPagado="1000.00"']) expect(viejoXml).toContain(text);
      detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
      expect(detail.pagos.map((pago: { forma_pago: string }) => pago.forma_pago)).toEqual(['28', '01']);
      expect(detail.historial.map((entry: { resumen: string }) => entry.resumen)).toContain(
        `Forma de pago del pago de $1,000.00 del ${detail.pagos[1].fecha.split('-').reverse().join('/')} en ${factura.numero_factura}: Efectivo`,
      );
      // A form already named is not changed afterwards.
      const other = await client.call(facturasCfdiApi.stampPago, { params: { id: factura.id, pago: nuevo!.id }, body: { forma_pago: '01' } });
      expect(other.json.error.message).toBe(MSG.cfdi.formaPagoYaRegistrada);
    });
  });
}

describe('CFDI: el servidor muere (kill -9) a mitad de una llamada al PAC', () => {
  const cleanup: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const fn of cleanup.splice(0).reverse()) await fn();
  });

  async function boot(dataDir: string, port: number, smtpUrl: string): Promise<ServerProcess> {
    return bootServerProcess(
      {
        ...pac.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        SMTP_URL: smtpUrl,
        WEB_DIST_DIR: '',
        AUTH_RATE_LIMIT_MAX: '1000',
        JOBS_POLL_SECONDS: '0.2',
        JOBS_LEASE_SECONDS: '2',
        // Longer than the test waits: a PAC that holds the call is ended by the kill, not by a timeout.
        PAC_TIMEOUT_SECONDS: '60',
      },
      cleanup,
    );
  }

  it('killed before the PAC stamped and after it stamped: after the restart each payment has one complement, stamped once', async () => {
    const smtp = await startSmtpCatcher();
    cleanup.push(() => smtp.stop());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-complemento-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    let server = await boot(dataDir, port, smtp.url);
    const { client } = await signUpConfirmed({ mail: smtp, client: () => new HttpClient(`http://127.0.0.1:${port}`) });
    const { cliente } = await lawyerReadyToStamp(client);
    const factura = await invoiceFor(client, cliente.id, '9999');
    const ingreso = (await client.call(facturasCfdiApi.stamp, { params: { id: factura.id } })).json.cfdi;
    const complementsAtPac = () => pac.stamps().filter((stamp) => stamp.xml.includes(`IdDocumento="${ingreso.uuid}"`));

    for (const [n, fault] of (['hang-before', 'hang-after'] as const).entries()) {
      const held = pac.calls.held ?? 0;
      pac.failNextStamps(fault);
      // The payment is recorded; its complement's call to the PAC is held, and the server dies in it.
      const recording = client
        .call(facturasApi.updateStatus, { params: { id: factura.id }, body: { estado: n === 0 ? 'pagada_parcialmente' : 'pagada', monto_pagado: '2000', forma_pago: '03' } })
        .catch((error: unknown) => error);
      await until(() => (pac.calls.held ?? 0) > held, 'el PAC retiene el complemento');
      expect(complementsAtPac()).toHaveLength(fault === 'hang-after' ? n + 1 : n);
      server.child.kill('SIGKILL');
      await server.exited();
      expect(await recording).toBeInstanceOf(Error);

      server = await boot(dataDir, port, smtp.url);
      const done = await until(
        async () => {
          const detail = (await client.call(facturasApi.get, { params: { id: factura.id } })).json;
          const vigentes = detail.cfdis.filter((item: { tipo: string; estado: string }) => item.tipo === 'P' && item.estado === 'vigente');
          return vigentes.length === n + 1 ? detail : undefined;
        },
        'el complemento timbrado tras el reinicio',
        30_000,
      );
      expect(done.pagos).toHaveLength(n + 1);
      // One complement per payment, in Bufete and at the PAC: the one sent again got the stamp already made.
      expect(new Set(done.cfdis.filter((item: { tipo: string }) => item.tipo === 'P').map((item: { pago_id: string }) => item.pago_id)).size).toBe(n + 1);
      expect(complementsAtPac()).toHaveLength(n + 1);
      expect(
        done.cfdis
          .filter((item: { tipo: string }) => item.tipo === 'P')
          .map((item: { uuid: string }) => item.uuid)
          .sort(),
      ).toEqual(
        complementsAtPac()
          .map((stamp) => stamp.uuid)
          .sort(),
      );
    }
  }, 180_000);

  it('killed while the SAT cancels a factura global: after the restart, «Cancelar» again records it cancelled (the SAT says it already was) and frees its receipts', async () => {
    const smtp = await startSmtpCatcher();
    cleanup.push(() => smtp.stop());
    const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-global-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    let server = await boot(dataDir, port, smtp.url);
    const { client } = await signUpConfirmed({ mail: smtp, client: () => new HttpClient(`http://127.0.0.1:${port}`) });
    await lawyerReadyToStamp(client);
    const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Marta Sosa', publico_en_general: true } })).json.cliente as { id: string };
    const recibo = (
      await client.call(facturasApi.create, {
        body: {
          cliente_id: cliente.id,
          concepto: 'Consulta',
          fecha_emision: '2026-08-12',
          calculo_automatico: false,
          monto: '777',
          estado: 'pagada',
          fecha_pago: '2026-08-12',
          forma_pago: '01',
        },
      })
    ).json.factura as { numero_factura: string };
    const global = (await client.call(globalesApi.create, { body: { periodicidad: '04', fecha: '2026-08-01' } })).json.global as { id: string; uuid: string };
    const period = { periodicidad: '04', fecha: '2026-08-01' } as const;
    expect((await client.call(globalesApi.preview, { query: period })).json.recibos).toEqual([]);

    // The SAT cancels it; the answer never reaches Bufete, which dies waiting for it.
    const held = pac.calls.held ?? 0;
    pac.failNextCancels('hang-after');
    const asking = client.call(globalesApi.cancel, { params: { id: global.id }, body: { motivo: '02' } }).catch((error: unknown) => error);
    await until(() => (pac.calls.held ?? 0) > held, 'el PAC retiene la respuesta de la cancelación');
    expect(pac.stamp(global.uuid)).toMatchObject({ estado: 'Cancelado', motivo: '02' });
    server.child.kill('SIGKILL');
    await server.exited();
    expect(await asking).toBeInstanceOf(Error);

    // Bufete never heard it: the global is still valid there, its receipt still in it.
    server = await boot(dataDir, port, smtp.url);
    expect((await client.call(globalesApi.list, {})).json.items[0]).toMatchObject({ id: global.id, estado: 'vigente', recibos: 1 });
    // Asked again, the SAT answers 202 (already cancelled): recorded, and the receipt is free for the period's global.
    const again = await client.call(globalesApi.cancel, { params: { id: global.id }, body: { motivo: '02' } });
    expect(again.status, again.text).toBe(200);
    expect(again.json.global).toMatchObject({ estado: 'cancelado', recibos: 1, cancelacion: { motivo: '02' } });
    expect((await client.call(globalesApi.preview, { query: period })).json.recibos.map((item: { numero_factura: string }) => item.numero_factura)).toEqual([
      recibo.numero_factura,
    ]);
  }, 120_000);
});

describe('CFDI: un límite por abogado para sellar y timbrar', () => {
  const suite = serverWithTwoLawyers({ env: { ...pac.env, CFDI_RATE_LIMIT_PER_10_MINUTES: '3' } });

  it('refuses in Spanish the operation past the limit, for that lawyer only; nothing reaches the PAC', async () => {
    const { cliente } = await lawyerReadyToStamp(suite.alice);
    const factura = await invoiceFor(suite.alice, cliente.id, '700');
    // The CSD upload counted once; two sealed XML fill the budget.
    for (let n = 0; n < 2; n++) expect((await suite.alice.call(facturasCfdiApi.sealedXml, { params: { id: factura.id } })).status).toBe(200);
    const stampedBefore = pac.calls.stamped ?? 0;
    const refused = await suite.alice.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
    expect(refused.status).toBe(429);
    expect(refused.json.error.message).toBe(MSG.cfdi.demasiadas);
    expect(pac.calls.stamped ?? 0).toBe(stampedBefore);
    expect((await suite.alice.call(facturasApi.get, { params: { id: factura.id } })).json.cfdis).toEqual([]);
    // Another lawyer's budget is their own.
    const other = await lawyerReadyToStamp(suite.bob);
    const theirs = await invoiceFor(suite.bob, other.cliente.id, '700');
    expect((await suite.bob.call(facturasCfdiApi.stamp, { params: { id: theirs.id } })).status).toBe(200);
  });
});

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`CFDI: la cuenta de PAC propia de un abogado (${label})`, () => {
    // No PAC of the operator's: each lawyer enters their own account.
    const suite = serverWithTwoLawyers({ backend, env: { ...pac.accountEnv, PAC_TIMEOUT_SECONDS: '1', PAC_RETRIES: '0' } });

    it('a lawyer enters their PAC account, tests it and stamps with it; its secret never comes back, nobody else uses it', async () => {
      const { cliente } = await lawyerReadyToStamp(suite.alice);
      const factura = await invoiceFor(suite.alice, cliente.id);
      expect((await suite.alice.call(cfdiApi.pac)).json).toEqual({ propio: null, del_despacho: false });
      expect((await suite.alice.call(facturasCfdiApi.stamp, { params: { id: factura.id } })).json.error.message).toBe(MSG.cfdi.sinPac);
      expect((await suite.alice.call(facturasApi.get, { params: { id: factura.id } })).json.pac_configurado).toBe(false);

      // Each method asks for what it needs, in Spanish.
      const blank = await suite.alice.call(cfdiApi.savePac, { body: { ambiente: 'pruebas', metodo: 'usuario', usuario: '', contrasena: '' } });
      expect(blank.status).toBe(400);
      expect(blank.json.error.message).toBe(MSG.cfdi.pacUsuarioObligatorio);
      expect((await suite.alice.call(cfdiApi.savePac, { body: { ambiente: 'pruebas', metodo: 'token' } })).json.error.message).toBe(MSG.cfdi.pacTokenObligatorio);
      expect((await suite.alice.call(cfdiApi.savePac, { body: { ambiente: 'staging' as 'pruebas', metodo: 'token', token: 'x' } })).json.error.message).toBe(
        MSG.cfdi.pacAmbienteObligatorio,
      );

      // A wrong password: saved, and the test says the PAC refused it, in Spanish; the result stays beside it.
      const wrong = await suite.alice.call(cfdiApi.savePac, { body: { ambiente: 'pruebas', metodo: 'usuario', usuario: pac.credentials.user, contrasena: 'otra-contraseña' } });
      expect(wrong.json.propio).toMatchObject({ proveedor: 'sw', ambiente: 'pruebas', metodo: 'usuario', usuario: pac.credentials.user, prueba: null });
      const refused = await suite.alice.call(cfdiApi.testPac);
      expect(refused.status, refused.text).toBe(422);
      expect(refused.json.error.message).toBe(MSG.cfdi.pacCredencialesPropias);
      expect((await suite.alice.call(cfdiApi.pac)).json.propio.prueba).toMatchObject({ ok: false, mensaje: MSG.cfdi.pacCredencialesPropias });

      const saved = await suite.alice.call(cfdiApi.savePac, {
        body: { ambiente: 'pruebas', metodo: 'usuario', usuario: pac.credentials.user, contrasena: pac.credentials.password },
      });
      expect(JSON.stringify(saved.json)).not.toContain(pac.credentials.password);
      const tested = await suite.alice.call(cfdiApi.testPac);
      expect(tested.status, tested.text).toBe(200);
      expect(tested.json.mensaje).toMatch(/^Conexión correcta con SW sapien \(pruebas\)\. Timbres disponibles: \d+\.$/);
      // Kept sealed: the database holds no password.
      const stored = JSON.stringify(rowsOf(await suite.ts.server.database.db.execute(sql`select * from cfdi_pac`)));
      expect(stored).not.toContain(pac.credentials.password);

      const stamped = await suite.alice.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(stamped.status, stamped.text).toBe(200);
      expect(stamped.json.cfdi.estado).toBe('vigente');
      const activity = (await suite.alice.call(securityApi.history, { query: { entidad: 'cuenta' } })).json.items.map((entry: { resumen: string }) => entry.resumen);
      expect(activity).toContain('Cuenta de PAC guardada: SW sapien, pruebas');

      // Bob has no PAC: Alice's is hers.
      expect((await suite.bob.call(cfdiApi.pac)).json.propio).toBeNull();
      expect((await suite.bob.call(cfdiApi.testPac)).json.error.code).toBe('PAC_NOT_CONFIGURED');
    });

    it('a CFDI sent without an answer goes again only to the PAC it was sent to', async () => {
      const { client } = await signUpConfirmed(suite.ts);
      const { cliente } = await lawyerReadyToStamp(client);
      await client.call(cfdiApi.savePac, { body: { ambiente: 'pruebas', metodo: 'usuario', usuario: pac.credentials.user, contrasena: pac.credentials.password } });
      // An amount of its own: no other test's CFDI is identical to it.
      const factura = await invoiceFor(client, cliente.id, backend === 'pglite' ? '12345' : '12346');
      pac.failNextStamps('hang-after');
      const lost = await client.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(lost.json.error.code).toBe('PAC_UNAVAILABLE');
      // The lawyer switches to production meanwhile: the pending one is not sent there.
      await client.call(cfdiApi.savePac, { body: { ambiente: 'produccion', metodo: 'usuario', usuario: pac.credentials.user, contrasena: pac.credentials.password } });
      const elsewhere = await client.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(elsewhere.json.error.message).toBe(MSG.cfdi.pacCambiado);
      // Back to the account it went to: the same CFDI, recovered, stamped once.
      await client.call(cfdiApi.savePac, { body: { ambiente: 'pruebas', metodo: 'usuario', usuario: pac.credentials.user, contrasena: pac.credentials.password } });
      const recovered = await client.call(facturasCfdiApi.stamp, { params: { id: factura.id } });
      expect(recovered.status, recovered.text).toBe(200);
      expect(pac.stamps().filter((item) => item.uuid === recovered.json.cfdi.uuid)).toHaveLength(1);
      // Removing it leaves the lawyer with no PAC (the operator has none).
      expect((await client.call(cfdiApi.deletePac)).json).toEqual({ propio: null, del_despacho: false });
    });
  });
}
