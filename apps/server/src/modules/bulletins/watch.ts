import { addDays, BOLETIN_FUENTE_LABELS, type BoletinFuente, conteoDeBoletin, diaMx, esFinDeSemana, LIMITS, type Revision, wallClockIn } from '@bufete/shared';
import type { JobQueue } from '../../jobs/queue';
import { errorCodeOf, type Logger } from '../../logger';
import type { Mailer } from '../../mail/mailer';
import { bulletinMatchesEmail } from '../../mail/templates';
import type { Notice } from '../notifications/service';
import type { BulletinQueries } from './queries';
import type { ReadBulletin } from './reading';
import { informeOf } from './service';
import { createPoliteFetcher, DisallowedByRobots } from './sources/fetcher';
import type { BulletinSource } from './sources';

export const WATCH_JOB = 'bulletins.watch';
/** Courts' business days are Mexico City's. */
const COURT_TIME_ZONE = 'America/Mexico_City';
/** Attempts at a day's bulletin before it is given up (a site down all morning). */
export const WATCH_ATTEMPTS = 3;
/** Between two attempts: 30 minutes, then 60. */
const RETRY_MS = 30 * 60_000;
/** Failing days in a row before the operator is told. */
export const FAILING_DAYS_ALERT = 3;
/** How long a lawyer keeps a watched bulletin's matches to confirm. */
const KEPT_DAYS = 30;

/** The sentence for the operator when a source's last days all failed, or null. */
export async function failingWarning(queries: BulletinQueries, fuente: BoletinFuente): Promise<string | null> {
  const last = await queries.lastDays(fuente, FAILING_DAYS_ALERT);
  if (last.length < FAILING_DAYS_ALERT || !last.every((row) => row.estado === 'fallido' || row.estado === 'ilegible')) return null;
  return `El ${BOLETIN_FUENTE_LABELS[fuente].nombre} falla desde hace ${FAILING_DAYS_ALERT} días hábiles (desde el ${last[last.length - 1]!.dia}): ${last[0]!.error ?? 'sin detalle'}`;
}

/** What /api/health tells the operator of the watched sources. */
export async function sourceWarnings(queries: BulletinQueries): Promise<string[]> {
  const warnings = await Promise.all((await queries.followed()).map((fuente) => failingWarning(queries, fuente)));
  return warnings.filter((warning): warning is string => warning !== null);
}

export interface BulletinWatchDeps {
  queue: JobQueue;
  queries: BulletinQueries;
  sources: Record<BoletinFuente, BulletinSource>;
  /** The same matching as 'Revisar boletín', against one lawyer's open cases (the bulletin is read once, for all of them). */
  match: (userId: string, read: ReadBulletin) => Promise<Revision>;
  notify: (userId: string, notice: Notice) => Promise<void>;
  mailer: Mailer;
  signature: (userId: string) => Promise<{ nombre: string; email: string }>;
  logger: Logger;
  appUrl: string;
  watchHour: number;
  requestGapMs: number;
}

/**
 * The watched bulletins (issue 35): every 15 minutes, from `watchHour` on a
 * business day in Mexico City, each followed source's bulletin of the day is
 * fetched once (bounded retries when its site fails), read, and matched
 * once and matched against each follower's own open cases; a lawyer with
 * matches gets a bell notice and an email that say how many acuerdos are
 * confirmed in their cases and how many are possible, to review — never
 * which. A page Bufete could not read, or whose reading does not hold
 * together (a column lost, a changed layout: reading/report.ts), is said so
 * to the operator and to the lawyer's Configuración, never reported as a day
 * without acuerdos.
 * Returns the pass (tests run it with the instant they pretend it is).
 */
export function registerBulletinWatch(deps: BulletinWatchDeps) {
  async function tellLawyer(userId: string, fuente: BoletinFuente, day: string, revision: Revision) {
    if (revision.confirmadas + revision.posibles === 0) return;
    const boletin = BOLETIN_FUENTE_LABELS[fuente].nombre;
    const enlace = `/casos/boletin?fuente=${fuente}&dia=${day}`;
    const counts = { confirmadas: revision.confirmadas, posibles: revision.posibles };
    await deps.notify(userId, { tipo: 'boletin', titulo: conteoDeBoletin(counts), detalle: `${boletin} del ${diaMx(day)}`, enlace, clave: `boletin:${fuente}:${day}` });
    try {
      const lawyer = await deps.signature(userId);
      const mail = bulletinMatchesEmail({ nombre: lawyer.nombre, boletin, dia: diaMx(day), ...counts, link: `${deps.appUrl}${enlace}` });
      await deps.mailer.send({ to: lawyer.email, ...mail, messageId: deps.mailer.messageId(`boletin.${fuente}.${day}.${userId}`) });
    } catch (error) {
      // The bell has it; the mail is not retried (the next morning brings the next one). To whom is never logged.
      deps.logger.warn(`El aviso por correo de un boletín leído no salió (${errorCodeOf(error)})`);
    }
  }

  /** The operator learns of a source that fails day after day (its site changed, or is down): in the log, and in /api/health while it lasts. */
  async function checkHealth(fuente: BoletinFuente) {
    const warning = await failingWarning(deps.queries, fuente);
    if (warning) deps.logger.error(warning);
  }

  async function watch(fuente: BoletinFuente, day: string, now: Date, fetcher: ReturnType<typeof createPoliteFetcher>) {
    const row = await deps.queries.due(fuente, day, now);
    if (!row) return;
    let found;
    try {
      found = await deps.sources[fuente].fetchDay(day, fetcher);
    } catch (error) {
      if (error instanceof DisallowedByRobots) {
        found = { kind: 'ilegible' as const, reason: error.message };
      } else {
        const intentos = row.intentos + 1;
        const reason = error instanceof Error ? error.message : String(error);
        if (intentos >= WATCH_ATTEMPTS) {
          await deps.queries.settle(fuente, day, { estado: 'fallido', intentos, error: reason });
          deps.logger.warn(`El ${BOLETIN_FUENTE_LABELS[fuente].nombre} del ${day} no se pudo descargar tras ${intentos} intentos: ${reason}`);
          await checkHealth(fuente);
        } else {
          await deps.queries.settle(fuente, day, { estado: 'pendiente', intentos, siguienteIntento: new Date(now.getTime() + RETRY_MS * intentos), error: reason });
        }
        return;
      }
    }
    if (found.kind === 'sin_boletin') {
      await deps.queries.settle(fuente, day, { estado: 'sin_boletin', intentos: row.intentos + 1, error: null });
      return;
    }
    if (found.kind === 'ilegible') {
      await deps.queries.settle(fuente, day, {
        estado: 'ilegible',
        intentos: row.intentos + 1,
        entradas: found.read?.report.entradas ?? null,
        informe: found.read ? informeOf(found.read.report) : null,
        error: found.reason,
      });
      deps.logger.error(
        `No se pudo leer el ${BOLETIN_FUENTE_LABELS[fuente].nombre} del ${day}: ${found.reason.replace(/\.$/, '')}. Revisa su adaptador (modules/bulletins/sources).`,
      );
      await checkHealth(fuente);
      return;
    }
    await deps.queries.settle(fuente, day, {
      estado: 'leido',
      intentos: row.intentos + 1,
      entradas: found.read.report.entradas,
      informe: informeOf(found.read.report),
      error: null,
    });
    for (const userId of await deps.queries.subscribers(fuente)) {
      try {
        const revision = await deps.match(userId, found.read);
        await deps.queries.keepFor(userId, fuente, day, revision);
        await tellLawyer(userId, fuente, day, revision);
      } catch (error) {
        deps.logger.warn(`El ${BOLETIN_FUENTE_LABELS[fuente].nombre} del ${day} no se pudo cotejar con los casos de un abogado (${errorCodeOf(error)})`);
      }
    }
  }

  async function pass(now = new Date()): Promise<void> {
    const { day, time } = wallClockIn(now, COURT_TIME_ZONE);
    if (esFinDeSemana(day) || Number(time.slice(0, 2)) < deps.watchHour) return;
    const fetcher = createPoliteFetcher({ gapMs: deps.requestGapMs, maxBytes: LIMITS.bulletinMaxBytes });
    // Each source reads the bulletin of its own day (Jalisco's courts publish a day's at its end: the next morning reads it).
    for (const fuente of await deps.queries.followed()) await watch(fuente, deps.sources[fuente].dayFor?.(day) ?? day, now, fetcher);
    await deps.queries.sweepKept(addDays(day, -KEPT_DAYS));
  }

  deps.queue.register<{ ahora?: string }>(WATCH_JOB, { maxAttempts: 1, handle: ({ ahora }) => pass(ahora ? new Date(ahora) : new Date()) });
  deps.queue.every(WATCH_JOB, 15 * 60_000);
  return pass;
}
