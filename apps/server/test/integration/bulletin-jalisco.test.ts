import { boletinesApi, casosApi, notificacionesApi } from '@bufete/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchBulletin } from '../../src/modules/bulletins/matching';
import { createPoliteFetcher, SourceUnavailable } from '../../src/modules/bulletins/sources/fetcher';
import { JALISCO_COURTS, jaliscoBulletinDay, jaliscoSource } from '../../src/modules/bulletins/sources/jalisco';
import { WATCH_JOB } from '../../src/modules/bulletins/watch';
import { signUpConfirmed } from '../support/accounts';
import { startFakeCourtSites } from '../support/fake-court-sites';
import type { HttpClient } from '../support/http-client';
import { startTestServer, type TestServer } from '../support/server';

/**
 * Jalisco's commercial courts of Guadalajara (issue 44), faked as their
 * public API answers (each court's list at
 * /bulletin/zmg_date?judged={code}&date={day}, `{ success, data }`): a
 * normal day, a holiday, a site answering 503, and a changed answer.
 */
const listPath = (code: string, day: string) => `/bulletin/zmg_date?judged=${code}&date=${day}`;
const answer = (data: unknown[]) => ({ status: 200, type: 'application/json', body: JSON.stringify({ success: 1, data }) });

function serveDay(sites: Awaited<ReturnType<typeof startFakeCourtSites>>, day: string, records: Record<string, unknown[]>) {
  for (const court of JALISCO_COURTS) sites.serve(listPath(court.code, day), answer(records[court.code] ?? []));
}

const record = (code: string, exp: string, boletin: string) => ({
  EXP: exp,
  CVE_JUZ: code,
  FCH_PRO: '2027-03-04T00:00:00.000Z',
  FCH_ACU: '2027-03-04T00:00:00.000Z',
  BOLETIN: boletin,
  TIPO: '.',
  NOTIFICACI: 'B',
  DI: 'N',
  FCH_RES: null,
  CVE_JUI: 'ME',
  DESCRIP: 'MERCANTIL EJECUTIVO',
  act_names: 'BANCO DE OCCIDENTE SA',
  dem_names: 'LUIS TAPIA GÓMEZ',
});

describe('el boletín de los juzgados mercantiles de Guadalajara', () => {
  let sites: Awaited<ReturnType<typeof startFakeCourtSites>>;
  // The adapter alone, without the 2 s between requests of the real mornings (36 s for its 18 courts).
  const quick = () => createPoliteFetcher({ gapMs: 0, maxBytes: 1024 * 1024 });

  beforeAll(async () => {
    sites = await startFakeCourtSites();
  });
  afterAll(async () => {
    await sites?.stop();
  });

  it('reads a day court by court: each acuerdo with its expediente, its court (oral or not) and its text; a case of that court and city confirmed', async () => {
    const day = '2027-03-04';
    serveDay(sites, day, {
      M02: [record('M02', '07/2026', 'SE TIENE POR CONTESTADA LA DEMANDA EN TIEMPO Y FORMA.'), record('M02', '15/2026', 'SE ADMITE LA DEMANDA.')],
      OM02: [record('OM02', '07/2026', 'SE SEÑALA FECHA PARA LA AUDIENCIA PRELIMINAR.')],
    });
    const found = await jaliscoSource(sites.url).fetchDay(day, quick());
    expect(found.kind).toBe('leido');
    if (found.kind !== 'leido') return;
    expect(found.read.report).toMatchObject({ formato: 'jalisco', entradas: 3, problemas: [], legible: true });
    expect(found.read.entries[0]!.text).toBe(
      'Exp. 07/2026. BANCO DE OCCIDENTE SA vs. LUIS TAPIA GÓMEZ. MERCANTIL EJECUTIVO. SE TIENE POR CONTESTADA LA DEMANDA EN TIEMPO Y FORMA.',
    );
    expect(found.read.entries[0]!.fechaAcuerdos).toBe('2027-03-04');
    const matches = matchBulletin(found.read.entries, [
      { id: 'escrito', expediente: '07/2026', juzgado: 'Juzgado Segundo de lo Mercantil de Guadalajara', partes: ['Luis Tapia Gómez'] },
      { id: 'sin-ciudad', expediente: '15/2026', juzgado: 'Juzgado 2o. Mercantil', partes: [] },
    ]);
    expect(matches.map((match) => [match.casoId, match.entry.courtLabel, match.certeza, match.motivo, match.partes])).toEqual([
      ['escrito', 'JUZGADO SEGUNDO DE LO MERCANTIL DE GUADALAJARA (M02)', 'confirmada', null, true],
      ['sin-ciudad', 'JUZGADO SEGUNDO DE LO MERCANTIL DE GUADALAJARA (M02)', 'posible', 'sin-lugar', false],
      // The oral court of the same number is another court.
      ['escrito', 'JUZGADO SEGUNDO ORAL MERCANTIL DE GUADALAJARA (OM02)', 'posible', 'oralidad', true],
    ]);
  });

  it('a day every court answers empty is a day without bulletin; a 503 is a site to try again; a changed answer is a day not read', async () => {
    serveDay(sites, '2027-03-15', {});
    expect(await jaliscoSource(sites.url).fetchDay('2027-03-15', quick())).toEqual({ kind: 'sin_boletin' });

    serveDay(sites, '2027-03-16', {});
    sites.serve(listPath('M05', '2027-03-16'), { status: 503 });
    await expect(jaliscoSource(sites.url).fetchDay('2027-03-16', quick())).rejects.toBeInstanceOf(SourceUnavailable);

    // The API renamed its fields: 40 acuerdos whose expediente is not where it was are a day not read, never a day without acuerdos.
    serveDay(sites, '2027-03-17', {});
    sites.serve(listPath('M01', '2027-03-17'), answer(Array.from({ length: 40 }, (_, i) => ({ expediente: `${i + 1}/2027`, juzgado: 'M01', acuerdo: 'SE ACUERDA' }))));
    const changed = await jaliscoSource(sites.url).fetchDay('2027-03-17', quick());
    expect(changed.kind).toBe('ilegible');
    if (changed.kind === 'ilegible') expect(changed.reason).toContain('no trae su expediente');

    serveDay(sites, '2027-03-18', {});
    sites.serve(listPath('OM09', '2027-03-18'), { status: 200, type: 'text/html', body: '<html><body>Sitio en mantenimiento</body></html>' });
    const html = await jaliscoSource(sites.url).fetchDay('2027-03-18', quick());
    expect(html.kind).toBe('ilegible');
  });

  it('a business morning reads the previous business day’s bulletin: Monday reads Friday’s', () => {
    expect(jaliscoBulletinDay('2027-03-08')).toBe('2027-03-05');
    expect(jaliscoBulletinDay('2027-03-09')).toBe('2027-03-08');
  });

  describe('followed by a lawyer, through the morning pass (its 18 requests 2 s apart)', () => {
    let ts: TestServer;
    let alice: HttpClient;
    beforeAll(async () => {
      ts = await startTestServer({ env: { BULLETIN_JALISCO_URL: sites.url, BULLETIN_WATCH_HOUR: '8' } });
      ({ client: alice } = await signUpConfirmed(ts));
      await alice.call(casosApi.create, { body: { titulo: 'Ejecutivo Banco de Occidente', expediente: '0007/2026', juzgado: 'Juzgado Segundo Mercantil de Guadalajara' } });
      expect((await alice.call(boletinesApi.seguir, { body: { seguidas: ['jalisco'] } })).status).toBe(200);
    }, 120_000);
    afterAll(async () => {
      await ts?.stop();
    });

    it('Monday morning: Friday’s acuerdo of her case, kept to confirm and told by the bell', async () => {
      serveDay(sites, '2027-03-05', { M02: [record('M02', '07/2026', 'SE DICTA SENTENCIA DEFINITIVA.')] });
      const id = await ts.server.jobs.enqueue(WATCH_JOB, { ahora: '2027-03-08T15:00:00Z' });
      expect(await ts.server.jobs.runNow(id!)).toBe('done');
      const kept = await alice.call(boletinesApi.recibido, { query: { fuente: 'jalisco', dia: '2027-03-05' } });
      expect(kept.status, kept.text).toBe(200);
      expect(kept.json.coincidencias.map((match: { certeza: string; texto: string }) => [match.certeza, match.texto])).toEqual([
        ['confirmada', 'Exp. 07/2026. BANCO DE OCCIDENTE SA vs. LUIS TAPIA GÓMEZ. MERCANTIL EJECUTIVO. SE DICTA SENTENCIA DEFINITIVA.'],
      ]);
      const bell = ((await alice.call(notificacionesApi.list, { query: {} })).json.items as { tipo: string; titulo: string; detalle: string }[]).filter(
        (item) => item.tipo === 'boletin',
      );
      expect(bell).toEqual([expect.objectContaining({ titulo: '1 acuerdo en tus casos', detalle: 'Boletín de los juzgados mercantiles de Guadalajara (Jalisco) del 05/03/2027' })]);
    }, 90_000);
  });
});
