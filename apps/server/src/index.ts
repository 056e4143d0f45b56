import cluster from 'node:cluster';
import { type Config, ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { createLogger } from './logger';
import { startServer } from './server';
import { superviseWorkers } from './workers';

const logger = createLogger();

try {
  const config = loadConfig();
  if (config.workers > 1 && cluster.isPrimary) {
    logger.info(`Bufete: ${config.workers} procesos comparten ${config.appUrl}`);
    superviseWorkers(config.workers, logger);
  } else {
    await serve(config);
  }
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Bufete no pudo arrancar:', error);
  }
  process.exit(1);
}

/** One server process: alone, or one of the workers (workers.ts). */
async function serve(config: Config) {
  const server = await startServer(config, logger);
  const which = cluster.isWorker ? ` (proceso ${cluster.worker!.id})` : '';
  logger.info(
    `Bufete escuchando en ${config.appUrl}${which} (base de datos: ${config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}/db`}, ` +
      `correo: ${config.smtpUrl ? 'SMTP' : `archivos .eml en ${config.dataDir}/outbox`})`,
  );
  if (!config.webDistDir) logger.warn('No se encontró apps/web/dist: solo se sirve la API. Ejecuta `npm run build`.');
  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${signal} recibido: cerrando…`);
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Error al cerrar', error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
