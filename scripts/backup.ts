// npm run backup: a consistent copy of the embedded installation (PGlite
// database, stored files, secret) into DATA_DIR/backups/<date>, whether the
// server is running or not. With PostgreSQL, see docs/deployment.md (pg_dump).
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { backupRequestFile, backupsDir, writeBackup } from '../apps/server/src/backup/backup';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { DataDirLockedError } from '../apps/server/src/db/lock';

const config = loadConfig();
if (config.databaseUrl) {
  console.error('Con DATABASE_URL la base de datos es PostgreSQL: respáldala con pg_dump y el almacenamiento con el versionado del bucket (docs/deployment.md).');
  process.exit(1);
}
const name = new Date().toISOString().replace(/[:.]/g, '-');
try {
  // No server running: this process opens the database itself.
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    console.log(`Copia de seguridad escrita en ${await writeBackup(config.dataDir, database, name)}`);
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  // The server is running: it takes the copy (PGlite admits one process), asked through a file.
  await mkdir(backupsDir(config.dataDir), { recursive: true });
  await writeFile(backupRequestFile(config.dataDir, name), new Date().toISOString());
  const done = `${backupsDir(config.dataDir)}/${name}`;
  for (let waited = 0; ; waited += 250) {
    if (await stat(`${done}.listo`).catch(() => null)) {
      console.log(`Copia de seguridad escrita por el servidor en marcha en ${(await readFile(`${done}.listo`, 'utf8')).trim()}`);
      await rm(`${done}.listo`, { force: true });
      break;
    }
    if (await stat(`${done}.error`).catch(() => null)) {
      console.error(`El servidor no pudo escribir la copia: ${await readFile(`${done}.error`, 'utf8')}`);
      await rm(`${done}.error`, { force: true });
      process.exit(1);
    }
    if (waited > 300_000) {
      console.error('El servidor en marcha no respondió en 5 minutos. ¿Está usando este mismo DATA_DIR?');
      await rm(backupRequestFile(config.dataDir, name), { force: true });
      process.exit(1);
    }
    await sleep(250);
  }
}
