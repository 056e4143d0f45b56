import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app';
import { SESSION_CHANNEL } from './auth/session-cache';
import { watchBackupRequests } from './backup/backup';
import { inFlightRequests } from './http/in-flight';
import { processTempDir } from './http/temp-dir';
import type { JobQueue } from './jobs/queue';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  /** The background queue (tests drive it with `tick()`). */
  jobs: JobQueue;
  /** Every route the app answers (method and path pattern): the hostile-input test walks them all. */
  routes: { method: string; path: string }[];
  /** Removes stored files no row points at, older than an hour (`now` lets a test move the clock). */
  sweepOrphans(now?: number): Promise<number>;
  stop(): Promise<void>;
}

/** Opens the database (migrating it), builds the app and listens. Used by index.ts and the tests. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, searchConnections: config.searchConnections, logger });
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger, timeoutMs: config.smtpTimeoutMs });
  // Uploads' temp files in a folder of this process; what a process that died mid-upload left goes now.
  const temp = processTempDir(config.dataDir);
  const leftBehind = await temp.prepare();
  if (leftBehind > 0) logger.info(`Limpieza: ${leftBehind} archivos temporales de subidas interrumpidas borrados al arrancar.`);
  const { app, sessions, jobs, extraction, sweepOrphans } = createApp({ config, database, mailer, logger, tmpDir: temp.path });
  // Ended sessions and changed users, announced by the database to every process (migration 0015).
  await database.listen(
    SESSION_CHANNEL,
    (message) => sessions.ended(message),
    () => sessions.listening(),
  );
  const routes = app.routes.filter((route) => route.method !== 'ALL').map(({ method, path: pattern }) => ({ method, path: pattern }));
  const requests = inFlightRequests();
  const server = serve({ fetch: requests.track(app.fetch), port: config.port, hostname: config.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  jobs.start();
  // `npm run backup` while this embedded installation runs (PostgreSQL is backed up with pg_dump).
  const stopBackups = database.snapshot ? watchBackupRequests({ dataDir: config.dataDir, database, logger }) : () => {};
  // Every hour: temp files over an hour old that other machines sharing
  // DATA_DIR left. (Stored files without a row are swept by a periodic job of
  // the queue, once across processes.)
  const housekeeping = async () => {
    try {
      const temps = await temp.sweepOld();
      if (temps > 0) logger.info(`Limpieza: ${temps} archivos temporales de subidas interrumpidas borrados.`);
    } catch (error) {
      logger.error('La limpieza de archivos temporales falló', error);
    }
  };
  let sweeping = Promise.resolve();
  const housekeepingTimer = setInterval(
    () => {
      sweeping = housekeeping();
    },
    60 * 60 * 1000,
  );
  housekeepingTimer.unref();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    database,
    jobs,
    routes,
    sweepOrphans,
    async stop() {
      clearInterval(housekeepingTimer);
      stopBackups();
      await sweeping;
      await jobs.stop();
      await extraction.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Handlers of clients that hung up may still be running: let them end first.
      if (!(await requests.drained(10_000))) logger.warn(`Cierre: ${requests.running} peticiones seguían en curso tras 10 s.`);
      mailer.close();
      await database.close();
      await temp.remove();
    },
  };
}
