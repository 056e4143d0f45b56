import { boletinesApi, casosApi, MSG, notificacionesApi } from '@bufete/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WATCH_JOB } from '../../src/modules/bulletins/watch';
import { signUpConfirmed } from '../support/accounts';
import { bcCityPage, bcIndexPage, cdmxSmallDay, windows1252 } from '../support/bulletin-corpus';
import { bcFolder, bcStamp, cdmxPath, startFakeCourtSites } from '../support/fake-court-sites';
import type { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/server';

/** A PDF of a few lines, written by a real PDF writer: not a day's bulletin. */
async function onePagePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([612, 1008]);
  lines.forEach((line, index) => page.drawText(line, { x: 36, y: 970 - index * 18, size: 9, font }));
  return Buffer.from(await pdf.save());
}

/** A weekday morning in Mexico City (9:00, UTC−6), in a year no real run of this suite is in. */
const morning = (day: string, hour = 9) => new Date(`${day}T${String(hour + 6).padStart(2, '0')}:00:00Z`);

describe('los boletines que sigue el abogado, leídos cada mañana', () => {
  let sites: Awaited<ReturnType<typeof startFakeCourtSites>>;
  let ts: TestServer;
  let alice: HttpClient;
  let aliceEmail: string;
  let bob: HttpClient;
  let bobEmail: string;
  const errors: string[] = [];

  beforeAll(async () => {
    sites = await startFakeCourtSites();
    ts = await startTestServer({
      smtp: true,
      env: { BULLETIN_CDMX_URL: sites.url, BULLETIN_BC_URL: sites.url, BULLETIN_WATCH_HOUR: '8' },
      logger: { info: () => {}, warn: () => {}, error: (line) => errors.push(line) },
    });
    ({ client: alice, email: aliceEmail } = await signUpConfirmed(ts));
    ({ client: bob, email: bobEmail } = await signUpConfirmed(ts));
    await alice.call(casosApi.create, { body: { titulo: 'Hipotecario Banco del Centro', expediente: '123/2024', juzgado: 'Juzgado Quinto de lo Civil', materia: 'civil' } });
    await alice.call(casosApi.create, { body: { titulo: 'Arrendamiento en Tijuana', expediente: '450/2024', juzgado: 'Juzgado Segundo Civil de Tijuana' } });
    // Bruno follows Mexico City's too; his case is not in the bulletin, and Alicia's never reach him.
    await bob.call(casosApi.create, { body: { titulo: 'Caso de Bruno', expediente: '999/2024', juzgado: 'Juzgado Quinto de lo Civil' } });
  }, 120_000);
  afterAll(async () => {
    await ts?.stop();
    await sites?.stop();
  });

  const watchAt = async (instant: Date) => {
    // Run here and now, whatever else the queue has due (the periodic pass runs on the real clock).
    const id = await ts.server.jobs.enqueue(WATCH_JOB, { ahora: instant.toISOString() });
    expect(await ts.server.jobs.runNow(id!)).toBe('done');
  };
  const requestsFor = (path: string) => sites.requests.filter((request) => request.path === path);
  const bell = async (client: HttpClient) =>
    ((await client.call(notificacionesApi.list, { query: {} })).json.items as { tipo: string; titulo: string; enlace: string }[]).filter((item) => item.tipo === 'boletin');

  it('Configuración lists the bulletins, and a lawyer follows the ones they choose', async () => {
    const before = await alice.call(boletinesApi.fuentes);
    expect(before.json.items.map((fuente: { clave: string; seguida: boolean }) => [fuente.clave, fuente.seguida])).toEqual([
      ['cdmx', false],
      ['bc', false],
      ['jalisco', false],
    ]);
    const chosen = await alice.call(boletinesApi.seguir, { body: { seguidas: ['cdmx', 'bc'] } });
    expect(chosen.status, chosen.text).toBe(200);
    expect((await bob.call(boletinesApi.seguir, { body: { seguidas: ['cdmx'] } })).status).toBe(200);
    const bad = await alice.call(boletinesApi.seguir, { body: { seguidas: ['sise'] as never } });
    expect(bad.status).toBe(400);
    expect(bad.json.error.message).toBe(MSG.validation.badRequest);
  });

  it('a normal day: each follower’s own cases matched, the bell and an email that count confirmed acuerdos and possible ones apart (never which), at a good citizen’s pace', async () => {
    const day = '2027-03-01';
    sites.serve(cdmxPath(day), {
      status: 200,
      type: 'application/pdf',
      body: await cdmxSmallDay(day, [
        {
          section: 'JUZGADOS DE LO CIVIL',
          heading: 'QUINTO DE LO CIVIL',
          entries: ['BANCO DEL CENTRO S.A. vs. JOSÉ PÉREZ LÓPEZ. Especial Hipotecario. Exp. 123/2024.', 'RAMÍREZ vs. ORTIZ. Ordinario Civil. Exp. 1123/2024.'],
        },
        // Her number under another court: possible, to review, never counted as her acuerdo.
        { section: 'JUZGADOS DE LO CIVIL', heading: 'SEXTO DE LO CIVIL', entries: ['MORA vs. LUNA. Especial Hipotecario. Exp. 123/2024.'] },
      ]),
    });
    const folder = bcFolder(day);
    sites.serve(`${folder}in${bcStamp(day)}.htm`, { status: 200, type: 'text/html', body: windows1252(bcIndexPage(day, [`ti${bcStamp(day)}.htm`, `me${bcStamp(day)}.htm`])) });
    sites.serve(`${folder}ti${bcStamp(day)}.htm`, {
      status: 200,
      type: 'text/html',
      body: windows1252(
        bcCityPage(day, [
          {
            heading: 'JUZGADO SEGUNDO CIVIL DE TIJUANA',
            rows: [
              ['00450/2024', 'BELTRÁN SOTO ANA VS MORALES RUIZ JUAN. ORDINARIO CIVIL'],
              ['03301/2019', 'X VS Y. DIVORCIO'],
            ],
          },
        ]),
      ),
    });
    sites.serve(`${folder}me${bcStamp(day)}.htm`, {
      status: 200,
      type: 'text/html',
      body: windows1252(bcCityPage(day, [{ heading: 'JUZGADO PRIMERO CIVIL DE MEXICALI', rows: [['00077/2023', 'SOTO VS LUNA. ORDINARIO CIVIL']] }])),
    });
    const started = Date.now();
    await watchAt(morning(day));

    // Alicia: her Mexico City case (and its number under another court, possible) and her Tijuana case, read for her and kept to confirm.
    const cdmx = await alice.call(boletinesApi.recibido, { query: { fuente: 'cdmx', dia: day } });
    expect(cdmx.status, cdmx.text).toBe(200);
    expect(cdmx.json.coincidencias.map((item: { caso: { titulo: string }; certeza: string; motivo: string | null }) => [item.caso.titulo, item.certeza, item.motivo])).toEqual([
      ['Hipotecario Banco del Centro', 'confirmada', null],
      ['Hipotecario Banco del Centro', 'posible', 'numero'],
    ]);
    expect(cdmx.json).toMatchObject({ confirmadas: 1, posibles: 1, informe: { formato: 'cdmx', legible: true, problemas: [] } });
    const bc = await alice.call(boletinesApi.recibido, { query: { fuente: 'bc', dia: day } });
    expect(bc.json.coincidencias.map((item: { caso: { titulo: string }; certeza: string; texto: string }) => [item.caso.titulo, item.certeza, item.texto])).toEqual([
      ['Arrendamiento en Tijuana', 'confirmada', '00450/2024 BELTRÁN SOTO ANA VS MORALES RUIZ JUAN. ORDINARIO CIVIL'],
    ]);
    // The bell and the mail count acuerdos and possible ones apart, and never say a case's name or an acuerdo's text.
    const notices = await bell(alice);
    expect(notices.map((notice) => [notice.titulo, notice.enlace]).sort()).toEqual([
      ['1 acuerdo en tus casos y 1 posible por revisar', `/casos/boletin?fuente=cdmx&dia=${day}`],
      ['1 acuerdo en tus casos', `/casos/boletin?fuente=bc&dia=${day}`],
    ]);
    const mail = await ts.mail.waitFor(aliceEmail, /Boletín Judicial de la Ciudad de México del 01\/03\/2027: 1 acuerdo en tus casos y 1 posible por revisar/);
    expect(mail.text).toContain(`/casos/boletin?fuente=cdmx&dia=${day}`);
    expect(mail.text).toContain('los posibles traen tu número pero algo no coincide');
    for (const secret of ['Hipotecario', 'BANCO DEL CENTRO', '123/2024']) expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toContain(secret);
    // Bruno follows the same bulletin: nothing of his in it, so nothing told, and nothing of Alicia's kept for him.
    const bobs = await bob.call(boletinesApi.recibido, { query: { fuente: 'cdmx', dia: day } });
    expect(bobs.json.coincidencias).toEqual([]);
    expect(await bell(bob)).toEqual([]);
    expect((await bob.call(boletinesApi.recibido, { query: { fuente: 'bc', dia: day } })).status).toBe(404);

    // A good citizen: robots.txt asked first, Bufete named, one fetch of the day, and 2 s between two requests to the site.
    const mine = sites.requests.filter((request) => request.at >= started);
    expect(mine[0]!.path).toBe('/robots.txt');
    expect(mine.every((request) => request.userAgent.startsWith('Bufete/'))).toBe(true);
    for (let i = 1; i < mine.length; i += 1) expect(mine[i]!.at - mine[i - 1]!.at, `${mine[i - 1]!.path} → ${mine[i]!.path}`).toBeGreaterThanOrEqual(1_990);
    expect(requestsFor(cdmxPath(day))).toHaveLength(1);
    // The next pass that morning fetches nothing again.
    const count = sites.requests.length;
    await watchAt(morning(day, 11));
    expect(sites.requests.length).toBe(count);
    expect((await ts.mail.all()).filter((message) => message.to.includes(bobEmail) && /Boletín/.test(message.subject))).toEqual([]);

    // Configuración says how the last day went, the lawyer's acuerdos and possible ones apart.
    const fuentes = (await alice.call(boletinesApi.fuentes)).json.items as { clave: string; ultima: unknown }[];
    expect(fuentes.find((fuente) => fuente.clave === 'cdmx')!.ultima).toEqual({ dia: day, estado: 'leido', confirmadas: 1, posibles: 1, problema: null });
    expect(fuentes.find((fuente) => fuente.clave === 'bc')!.ultima).toEqual({ dia: day, estado: 'leido', confirmadas: 1, posibles: 0, problema: null });
  }, 60_000);

  it('a site answering 503 is tried again later, boundedly, and read once it recovers', async () => {
    const day = '2027-03-03';
    sites.serve(
      cdmxPath(day),
      { status: 503 },
      {
        status: 200,
        type: 'application/pdf',
        body: await cdmxSmallDay(day, [
          { section: 'JUZGADOS DE LO CIVIL', heading: 'QUINTO DE LO CIVIL', entries: ['BANCO DEL CENTRO S.A. vs. PÉREZ. Especial Hipotecario. Exp. 123/2024.'] },
        ]),
      },
    );
    await watchAt(morning(day));
    expect(requestsFor(cdmxPath(day))).toHaveLength(1);
    expect((await alice.call(boletinesApi.recibido, { query: { fuente: 'cdmx', dia: day } })).status).toBe(404);
    // Not before its retry time…
    await watchAt(new Date(morning(day).getTime() + 10 * 60_000));
    expect(requestsFor(cdmxPath(day))).toHaveLength(1);
    // …then read.
    await watchAt(new Date(morning(day).getTime() + 31 * 60_000));
    expect(requestsFor(cdmxPath(day))).toHaveLength(2);
    expect((await alice.call(boletinesApi.recibido, { query: { fuente: 'cdmx', dia: day } })).json.coincidencias).toHaveLength(1);

    // Down all morning: three attempts, then given up.
    const down = '2027-03-04';
    sites.serve(cdmxPath(down), { status: 503 });
    for (const minutes of [0, 31, 95, 200, 400]) await watchAt(new Date(morning(down).getTime() + minutes * 60_000));
    expect(requestsFor(cdmxPath(down))).toHaveLength(3);
  }, 60_000);

  it('a page whose layout changed is said so to the operator, never reported as a day without acuerdos; three failing days alert them', async () => {
    errors.length = 0;
    // 4 March failed (above); 5 and 8 March a PDF Bufete cannot read as a bulletin.
    for (const day of ['2027-03-05', '2027-03-08']) {
      sites.serve(cdmxPath(day), { status: 200, type: 'application/pdf', body: await onePagePdf(['Aviso: el boletín se consulta ahora en la nueva plataforma.']) });
      await watchAt(morning(day));
      expect((await alice.call(boletinesApi.recibido, { query: { fuente: 'cdmx', dia: day } })).status).toBe(404);
      expect((await bell(alice)).filter((notice) => notice.enlace.includes(day))).toEqual([]);
    }
    expect(errors.some((line) => line.includes('No se pudo leer el Boletín Judicial de la Ciudad de México del 2027-03-05'))).toBe(true);
    expect(errors.some((line) => line.includes('falla desde hace 3 días hábiles'))).toBe(true);
    // And /api/health says it while it lasts, with nothing of any lawyer.
    const health = await ts.client().get('/api/health');
    expect(health.json.avisos).toEqual([expect.stringMatching(/^El Boletín Judicial de la Ciudad de México falla desde hace 3 días hábiles \(desde el 2027-03-04\)/)]);
    const fuentes = (await alice.call(boletinesApi.fuentes)).json.items as { clave: string; ultima: { estado: string } | null }[];
    expect(fuentes.find((fuente) => fuente.clave === 'cdmx')!.ultima!.estado).toBe('ilegible');
  }, 60_000);

  it('a day read only in part is not read: a page whose right column cannot be read, a Tijuana list missing rows, a Tijuana page whose layout changed — each “no se pudo leer”, never “leído · 0”', async () => {
    errors.length = 0;
    // Mexico City: 9 pages whose right column is drawn as a picture; the left column alone would give half the day.
    const cdmxDay = '2027-03-11';
    sites.serve(cdmxPath(cdmxDay), {
      status: 200,
      type: 'application/pdf',
      body: await cdmxSmallDay(
        cdmxDay,
        [{ section: 'JUZGADOS DE LO CIVIL', heading: 'QUINTO DE LO CIVIL', entries: ['BANCO DEL CENTRO S.A. vs. PÉREZ. Especial Hipotecario. Exp. 123/2024.'] }],
        { filler: 900, loseRightColumn: true },
      ),
    });
    // Baja California: the index links a Tijuana page whose list skips rows 2 and 3 (its numbering says so).
    const bcFolderDay = bcFolder(cdmxDay);
    const stamp = bcStamp(cdmxDay);
    sites.serve(`${bcFolderDay}in${stamp}.htm`, { status: 200, type: 'text/html', body: windows1252(bcIndexPage(cdmxDay, [`ti${stamp}.htm`])) });
    sites.serve(`${bcFolderDay}ti${stamp}.htm`, {
      status: 200,
      type: 'text/html',
      body: windows1252(
        bcCityPage(
          cdmxDay,
          [
            {
              heading: 'JUZGADO SEGUNDO CIVIL DE TIJUANA',
              rows: [
                ['01001/2020', 'A VS B. ORDINARIO'],
                ['00450/2024', 'BELTRÁN SOTO ANA VS X. ORDINARIO'],
                ['01003/2020', 'C VS D. ORDINARIO'],
                ['01004/2020', 'E VS F. ORDINARIO'],
              ],
            },
          ],
          { skipRows: [2, 3] },
        ),
      ),
    });
    await watchAt(morning(cdmxDay));
    const fuentes = (await alice.call(boletinesApi.fuentes)).json.items as {
      clave: string;
      ultima: { estado: string; confirmadas: number | null; posibles: number | null; problema: string | null };
    }[];
    const cdmx = fuentes.find((fuente) => fuente.clave === 'cdmx')!.ultima;
    expect(cdmx).toMatchObject({ estado: 'ilegible', confirmadas: null, posibles: null });
    expect(cdmx.problema).toMatch(/solo se pudo leer una columna/);
    const bc = fuentes.find((fuente) => fuente.clave === 'bc')!.ultima;
    expect(bc).toMatchObject({ estado: 'ilegible', confirmadas: null, posibles: null });
    expect(bc.problema).toMatch(/Faltan 2 filas en la numeración/);
    for (const fuente of ['cdmx', 'bc'] as const) expect((await alice.call(boletinesApi.recibido, { query: { fuente, dia: cdmxDay } })).status).toBe(404);
    expect((await bell(alice)).filter((notice) => notice.enlace.includes(cdmxDay))).toEqual([]);
    expect(errors.some((line) => line.includes(`No se pudo leer el Boletín Judicial de la Ciudad de México del ${cdmxDay}`) && line.includes('una columna'))).toBe(true);

    // A Tijuana page whose layout changed: 172 rows, the expediente now inside the parties' cell and the courts no longer headed — read, but not understood.
    const changed = '2027-03-12';
    const changedStamp = bcStamp(changed);
    sites.serve(`${bcFolder(changed)}in${changedStamp}.htm`, { status: 200, type: 'text/html', body: windows1252(bcIndexPage(changed, [`ti${changedStamp}.htm`])) });
    const rows = Array.from(
      { length: 172 },
      (_, index) =>
        `<tr><td>${index + 1}</td><td>Tijuana · Civil ${1 + (index % 9)}</td><td>Expediente ${String(2000 + index).padStart(5, '0')}/2021 · PARTE ${index} contra OTRA</td></tr>`,
    );
    sites.serve(`${bcFolder(changed)}ti${changedStamp}.htm`, {
      status: 200,
      type: 'text/html',
      body: `<html><body><h3>Lista de acuerdos publicada el ${changed}</h3><table>${rows.join('')}</table></body></html>`,
    });
    sites.serve(cdmxPath(changed), { status: 404 });
    await watchAt(morning(changed));
    const after = (
      (await alice.call(boletinesApi.fuentes)).json.items as { clave: string; ultima: { dia: string; estado: string; confirmadas: number | null; problema: string | null } }[]
    ).find((fuente) => fuente.clave === 'bc')!.ultima;
    expect(after).toMatchObject({ dia: changed, estado: 'ilegible', confirmadas: null });
    expect(after.problema).toMatch(/sin juzgado|ningún juzgado/);
  }, 90_000);

  it('respects robots.txt: a path it disallows is not fetched', async () => {
    sites.setRobots('User-agent: bufete\nDisallow: /wp-content/\n\nUser-agent: *\nAllow: /\n');
    const day = '2027-03-09';
    sites.serve(cdmxPath(day), { status: 200, type: 'application/pdf', body: await onePagePdf(['QUINTO DE LO CIVIL', 'A vs. B. Exp. 123/2024.']) });
    await watchAt(morning(day));
    expect(requestsFor(cdmxPath(day))).toEqual([]);
    sites.setRobots('User-agent: *\nDisallow: /privado/\n');
  }, 60_000);
  it('before the hour and on weekends it fetches nothing; a holiday is a day without bulletin, not a failure', async () => {
    errors.length = 0;
    const count = sites.requests.length;
    await watchAt(morning('2027-03-10', 7));
    await watchAt(morning('2027-03-13'));
    expect(sites.requests.length).toBe(count);
    // 15 March 2027: the courts rest, the site has no bulletin (404).
    await watchAt(morning('2027-03-15'));
    expect(requestsFor(cdmxPath('2027-03-15'))).toHaveLength(1);
    const fuentes = (await alice.call(boletinesApi.fuentes)).json.items as { clave: string; ultima: { estado: string } | null }[];
    expect(fuentes.map((fuente) => fuente.ultima?.estado)).toEqual(['sin_boletin', 'sin_boletin', undefined]);
    expect((await bell(alice)).filter((notice) => notice.enlace.includes('2027-03-15'))).toEqual([]);
    expect(errors).toEqual([]);
  }, 60_000);
});
