import { migrateClient, openPgliteClient } from './pglite';

/**
 * A child process that creates (when new) and migrates the embedded database
 * in the folder it is given, tells its parent, and exits, giving every byte
 * of that work back to the operating system (pglite.ts).
 */
const [dir, parentPid] = [process.argv[2]!, Number(process.argv[3])];
// The server that started it died (kill -9, a power cut on a laptop that wakes): stop at once.
// Left running, it would still be writing the database when the next server takes the folder's lock.
process.on('disconnect', () => process.exit(1));
// Killed the instant it started this process, the server could not record its pid for the next one to stop it,
// and its 'disconnect' may have come while this file was still loading, before anyone listened: so ask.
if (!process.connected || process.ppid !== parentPid) process.exit(1);
let answer: { ok: true } | { ok: false; error: string };
try {
  const client = await openPgliteClient(dir);
  try {
    await migrateClient(client);
  } finally {
    await client.close();
  }
  answer = { ok: true };
} catch (error) {
  answer = { ok: false, error: error instanceof Error ? error.message : String(error) };
}
process.send!(answer, () => process.exit(0));
