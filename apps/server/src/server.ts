import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import path from 'node:path';
import { createApp } from './app';
import { sweepTempFiles } from './http/tmp-sweep';
import type { ReminderWorker } from './jobs/reminder-worker';
import type { Config } from './config';
import { type DatabaseHandle, openDatabase } from './db/client';
import type { Logger } from './logger';
import { createMailer } from './mail/mailer';

export interface RunningServer {
  url: string;
  port: number;
  database: DatabaseHandle;
  reminderWorker: ReminderWorker;
  stop(): Promise<void>;
}

/** Opens the database (migrating it), builds the app and listens. Used by index.ts and the tests. */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const swept = await sweepTempFiles(path.join(config.dataDir, 'tmp'));
  if (swept > 0) logger.info(`Se borraron ${swept} archivos temporales de subidas interrumpidas.`);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  const { app, reminderWorker, extraction } = createApp({ config, database, mailer, logger });
  const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', () => resolve());
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  reminderWorker.start();
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    database,
    reminderWorker,
    async stop() {
      await reminderWorker.stop();
      await extraction.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      mailer.close();
      await database.close();
    },
  };
}
