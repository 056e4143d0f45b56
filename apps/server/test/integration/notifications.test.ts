import { addDays, calendarioApi, clientesApi, facturasApi, iaApi, MSG, notificacionesApi, profileApi, recordatoriosApi, todayIn } from '@bufete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpConfirmed } from '../support/accounts';
import type { HttpClient } from '../support/http-client';
import { type FakeModel, startFakeModel } from '../support/fake-model';
import { backendsToTest, startTestServer, type TestServer } from '../support/server';

const backends = await backendsToTest();

const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const list = async (client: HttpClient) =>
  (await client.call(notificacionesApi.list)).json as {
    items: { id: string; tipo: string; titulo: string; detalle: string | null; enlace: string; leida: boolean }[];
    no_leidas: number;
  };

/** Runs the queue until `done` holds (the jobs the request enqueued, and the notification job they enqueue). */
async function drain(ts: TestServer, done: () => Promise<boolean>) {
  for (let pass = 0; pass < 30 && !(await done()); pass += 1) {
    await ts.server.jobs.tick();
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  expect(await done()).toBe(true);
}

/** An IANA zone where it is now `hour` o'clock (Etc/GMT signs are inverted). */
function zoneAtHour(hour: number): string {
  const offset = (((hour - new Date().getUTCHours()) % 24) + 24) % 24;
  const signed = offset > 12 ? offset - 24 : offset;
  return signed === 0 ? 'Etc/GMT' : `Etc/GMT${signed > 0 ? '-' : '+'}${Math.abs(signed)}`;
}

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`notificaciones (${label})`, () => {
    let ts: TestServer;
    let model: FakeModel;
    beforeAll(async () => {
      // A model answers: without one the assistant spends no quota, and nothing runs low.
      model = await startFakeModel();
      ts = await startTestServer({ backend, env: { ...model.env('openai-compatible'), AI_DAILY_LIMIT: '5' } });
    });
    afterAll(async () => {
      await ts?.stop();
      await model?.close();
    });

    it('a scheduled client email that went out is told once, links to the client, and reads as read', async () => {
      const { client } = await signUpConfirmed(ts);
      const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Marta Ibarra', email: 'marta@example.mx' } })).json.cliente;
      const res = await client.call(recordatoriosApi.send, {
        body: { cliente_id: cliente.id, subject: 'Firma del convenio', message: 'Le espero el jueves.', scheduled_for: new Date(Date.now() + 400).toISOString() },
      });
      expect(res.status, res.text).toBe(200);
      expect((await list(client)).no_leidas).toBe(0);
      await new Promise((resolve) => setTimeout(resolve, 500));
      await drain(ts, async () => (await list(client)).items.length > 0);
      const { items, no_leidas } = await list(client);
      expect(no_leidas).toBe(1);
      expect(items[0]).toMatchObject({
        tipo: 'correo_enviado',
        titulo: 'Correo enviado: Firma del convenio',
        detalle: 'Para marta@example.mx',
        enlace: `/clientes/${cliente.id}`,
        leida: false,
      });
      expect((await client.call(notificacionesApi.read, { params: { id: items[0]!.id } })).status).toBe(200);
      expect(await list(client)).toMatchObject({ no_leidas: 0, items: [{ leida: true }] });
    });

    it('a scheduled client email that could not be delivered says so', async () => {
      const failing = await startTestServer({ backend, smtp: { failWith: 'Buzón inexistente', failFor: /@nadie\.mx$/ }, env: { REMINDER_MAX_ATTEMPTS: '1' } });
      try {
        const { client } = await signUpConfirmed(failing);
        const cliente = (await client.call(clientesApi.create, { body: { nombre: 'Nadie', email: 'x@nadie.mx' } })).json.cliente;
        await client.call(recordatoriosApi.send, { body: { cliente_id: cliente.id, subject: 'Aviso', message: 'Texto', scheduled_for: new Date(Date.now() + 400).toISOString() } });
        await new Promise((resolve) => setTimeout(resolve, 500));
        await drain(failing, async () => (await list(client)).items.length > 0);
        expect((await list(client)).items[0]).toMatchObject({ tipo: 'correo_fallido', titulo: 'No se pudo enviar: Aviso', enlace: `/clientes/${cliente.id}` });
      } finally {
        await failing.stop();
      }
    });

    it('an appointment starting soon (its on-screen reminder), an overdue invoice and the AI quota running low, each told once', async () => {
      const { client } = await signUpConfirmed(ts);
      const evento = await client.call(calendarioApi.create, {
        body: { titulo: 'Audiencia intermedia', inicio: inMinutes(10), fin: inMinutes(70), ubicacion: 'Sala 3', recordatorio_popup: 15 },
      });
      expect(evento.status, evento.text).toBe(201);
      await drain(ts, async () => (await list(client)).items.some((item) => item.tipo === 'cita_proxima'));
      const cita = (await list(client)).items.find((item) => item.tipo === 'cita_proxima')!;
      expect(cita.titulo).toBe('Audiencia intermedia: empieza en 15 minutos');
      expect(cita.enlace).toMatch(/^\/calendario\?vista=semana&fecha=\d{4}-\d{2}-\d{2}$/);

      const yesterday = addDays(todayIn('America/Mexico_City'), -1);
      const factura = await client.call(facturasApi.create, {
        body: { concepto: 'Honorarios', fecha_emision: addDays(yesterday, -30), fecha_vencimiento: yesterday, calculo_automatico: false, monto: '5000' },
      });
      expect(factura.status, factura.text).toBe(201);
      for (let run = 0; run < 2; run += 1) {
        await ts.server.jobs.enqueue('invoices.overdue', {});
        await ts.server.jobs.tick();
      }
      const vencidas = (await list(client)).items.filter((item) => item.tipo === 'factura_vencida');
      expect(vencidas).toHaveLength(1);
      expect(vencidas[0]).toMatchObject({ titulo: `Factura vencida: ${factura.json.factura.numero_factura}`, enlace: `/facturacion?q=${factura.json.factura.numero_factura}` });

      for (let question = 0; question < 5; question += 1) expect((await client.call(iaApi.ask, { body: { message: `Pregunta ${question}` } })).status).toBe(200);
      await drain(ts, async () => (await list(client)).items.some((item) => item.tipo === 'cuota_ia'));
      const cuota = (await list(client)).items.filter((item) => item.tipo === 'cuota_ia');
      expect(cuota).toHaveLength(1);
      expect(cuota[0]!.titulo).toBe('Te quedan 1 consultas de IA hoy');

      expect((await client.call(notificacionesApi.readAll)).status).toBe(200);
      expect((await list(client)).no_leidas).toBe(0);
    });

    it("is each lawyer's own: another's notification cannot be read or marked", async () => {
      const alice = (await signUpConfirmed(ts)).client;
      const bob = (await signUpConfirmed(ts)).client;
      await alice.call(calendarioApi.create, { body: { titulo: 'Reunión de Alicia', inicio: inMinutes(5), fin: inMinutes(35), recordatorio_popup: 10 } });
      await drain(ts, async () => (await list(alice)).items.length > 0);
      const mine = (await list(alice)).items[0]!;
      expect((await list(bob)).items).toEqual([]);
      expect((await bob.call(notificacionesApi.read, { params: { id: mine.id } })).status).toBe(404);
      await bob.call(notificacionesApi.readAll);
      expect((await list(alice)).items[0]!.leida).toBe(false);
      expect((await ts.client().call(notificacionesApi.list)).status).toBe(401);
    });

    it("sends the daily summary to who asked for it, once a day, from 7:00 on the lawyer's clock", async () => {
      const { client, email } = await signUpConfirmed(ts);
      const morning = zoneAtHour(9);
      expect((await client.call(profileApi.update, { body: { zona_horaria: morning, resumen_diario: true } })).json.profile.resumen_diario).toBe(true);
      await client.call(calendarioApi.create, { body: { titulo: 'Firma <b>de</b> escrituras', inicio: inMinutes(60), fin: inMinutes(120) } });
      const before = await ts.mail.count(email);
      for (let run = 0; run < 2; run += 1) {
        await ts.server.jobs.enqueue('notifications.daily-summary', {});
        await ts.server.jobs.tick();
      }
      const summary = await ts.mail.waitFor(email, /^Tu día en Bufete/);
      expect(summary.text).toContain('Firma <b>de</b> escrituras');
      expect(summary.html).toContain('Firma &lt;b&gt;de&lt;/b&gt; escrituras');
      expect(await ts.mail.count(email)).toBe(before + 1);

      // Before 7:00 on their clock, or without asking for it: nothing.
      const early = await signUpConfirmed(ts);
      await early.client.call(profileApi.update, { body: { zona_horaria: zoneAtHour(5), resumen_diario: true } });
      const off = await signUpConfirmed(ts);
      await ts.server.jobs.enqueue('notifications.daily-summary', {});
      await ts.server.jobs.tick();
      expect(await ts.mail.count(early.email)).toBe(1);
      expect(await ts.mail.count(off.email)).toBe(1);
      expect((await client.call(profileApi.update, { body: { resumen_diario: 'sí' } })).json.error.message).toBe(MSG.validation.badRequest);
    });
  });
}
