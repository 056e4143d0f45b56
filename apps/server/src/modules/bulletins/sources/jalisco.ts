import { addDays, esFinDeSemana } from '@bufete/shared';
import type { ReadBulletin } from '../reading';
import { type Court, parseCourt } from '../reading/courts';
import { caseNumberOf } from '../reading/numbers';
import type { BulletinEntry } from '../reading/reader';
import { judge } from '../reading/report';
import { ordinalName, tidy } from '../reading/text';
import type { PoliteFetcher } from './fetcher';
import { asDay, type BulletinSource, type DayBulletin } from './day';

/**
 * The commercial courts of Guadalajara's metropolitan area whose bulletin
 * the Consejo de la Judicatura de Jalisco publishes through its public API,
 * by their codes: M01–M07 and M09–M10 (Juzgados de lo Mercantil; M08 is not
 * in the active catalogue) and OM01–OM09 (Juzgados Orales Mercantiles).
 * Public code that reads it lists these codes and fields.
 */
export const JALISCO_COURTS = [
  ...[1, 2, 3, 4, 5, 6, 7, 9, 10].map((n) => ({ code: `M${String(n).padStart(2, '0')}`, numero: n, oral: false })),
  ...[1, 2, 3, 4, 5, 6, 7, 8, 9].map((n) => ({ code: `OM${String(n).padStart(2, '0')}`, numero: n, oral: true })),
];

/** A court's heading as Bufete shows it: the code is the CJJ's, the name the court's. */
const headingOf = (court: (typeof JALISCO_COURTS)[number]) =>
  `JUZGADO ${ordinalName(court.numero).toUpperCase()} ${court.oral ? 'ORAL MERCANTIL' : 'DE LO MERCANTIL'} DE GUADALAJARA (${court.code})`;

/** One record of the API's answer, as its public documentation lists them. */
interface Record_ {
  EXP?: unknown;
  CVE_JUZ?: unknown;
  FCH_ACU?: unknown;
  BOLETIN?: unknown;
  DESCRIP?: unknown;
  act_names?: unknown;
  dem_names?: unknown;
}

/** The day whose bulletin a morning reads: the CJJ publishes a business day's at its end, so the morning reads the previous business day's. */
export function jaliscoBulletinDay(morning: string): string {
  let day = addDays(morning, -1);
  while (esFinDeSemana(day)) day = addDays(day, -1);
  return day;
}

const text = (value: unknown) => (typeof value === 'string' ? tidy(value) : '');

/**
 * Jalisco's bulletin of a day: one answer per court from
 * `{api}/bulletin/zmg_date?judged={code}&date={YYYY-MM-DD}`, shaped
 * `{ "success": 1, "data": [...] }`, each record an acuerdo: its expediente
 * (EXP), its court (CVE_JUZ), the acuerdo's date (FCH_ACU), its text
 * (BOLETIN), the kind of trial (DESCRIP) and the parties (act_names,
 * dem_names). Every court answering an empty list is a day without bulletin
 * (a holiday); a court not answering, or answering in another shape, is a
 * day not read.
 */
export function jaliscoSource(baseUrl: string): BulletinSource & { dayFor(morning: string): string } {
  return {
    clave: 'jalisco',
    dayFor: jaliscoBulletinDay,
    async fetchDay(day, fetcher: PoliteFetcher): Promise<DayBulletin> {
      const entries: BulletinEntry[] = [];
      const juzgados: { juzgado: string; entradas: number }[] = [];
      const problemas: string[] = [];
      for (const court of JALISCO_COURTS) {
        const fetched = await fetcher.get(`${baseUrl}/bulletin/zmg_date?judged=${court.code}&date=${day}`);
        if (fetched.status !== 200) {
          problemas.push(`El juzgado ${court.code} respondió ${fetched.status}.`);
          continue;
        }
        let answer: { success?: unknown; data?: unknown };
        try {
          answer = JSON.parse(fetched.body.toString('utf8')) as typeof answer;
        } catch {
          problemas.push(`La lista del juzgado ${court.code} no es la respuesta que publica el Consejo.`);
          continue;
        }
        if (answer.success !== 1 || !Array.isArray(answer.data)) {
          problemas.push(`La lista del juzgado ${court.code} no trae sus acuerdos donde los publica el Consejo.`);
          continue;
        }
        const heading = headingOf(court);
        const parsed: Court = { ...parseCourt(heading)!, lugar: 'guadalajara' };
        let read = 0;
        for (const record of answer.data as Record_[]) {
          const number = caseNumberOf(text(record.EXP));
          // A record without its expediente, or of another court, is not the shape this adapter knows.
          if (!number || (record.CVE_JUZ !== undefined && text(record.CVE_JUZ) !== court.code)) {
            problemas.push(`Un acuerdo del juzgado ${court.code} no trae su expediente o su juzgado.`);
            continue;
          }
          const partes = [text(record.act_names), text(record.dem_names)].filter(Boolean).join(' vs. ');
          const fechaAcuerdos = /^\d{4}-\d{2}-\d{2}/.exec(text(record.FCH_ACU))?.[0] ?? null;
          entries.push({
            index: entries.length,
            kind: 'acuerdo',
            text: [`Exp. ${text(record.EXP)}`, partes, text(record.DESCRIP), text(record.BOLETIN)].filter(Boolean).join('. ').replace(/\.\./g, '.'),
            court: parsed,
            courtLabel: heading,
            section: 'Juzgados mercantiles de Guadalajara',
            fechaAcuerdos,
            own: [{ ...number, tipo: 'expediente' }],
            mentioned: [],
            page: null,
          });
          read += 1;
        }
        juzgados.push({ juzgado: heading, entradas: read });
      }
      // Every court answered, and none had an acuerdo: the courts did not publish that day.
      if (problemas.length === 0 && entries.length === 0) return { kind: 'sin_boletin' };
      const report = judge({
        formato: 'jalisco',
        paginas: null,
        fecha: day,
        entradas: entries.length,
        edictos: 0,
        juzgados,
        sinJuzgado: 0,
        fragmentos: 0,
        filasSinNumero: 0,
        huecos: 0,
        columnasPerdidas: 0,
        paginasEnColumnas: 0,
        encabezados: 0,
        filasOcultas: 0,
        juzgadosSinLugar: 0,
      });
      const read: ReadBulletin = {
        fecha: day,
        formato: 'jalisco',
        entries,
        report: { ...report, problemas: [...problemas, ...report.problemas], legible: report.legible && problemas.length === 0 },
      };
      return asDay(read, day);
    },
  };
}
