import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { createLogger } from './logger';
import { startServer } from './server';

const logger = createLogger();

try {
  const config = loadConfig();
  const server = await startServer(config, logger);
  logger.info(
    `Bufete escuchando en ${config.appUrl} (base de datos: ${config.databaseUrl ? 'PostgreSQL' : `PGlite en ${config.dataDir}/db`}, ` +
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
} catch (error) {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error('Bufete no pudo arrancar:', error);
  }
  process.exit(1);
}
