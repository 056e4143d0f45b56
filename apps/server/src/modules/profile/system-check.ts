import { MSG, type SystemCheck } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import { describeError, type Logger } from '../../logger';
import type { Storage } from '../../storage';

const m = MSG.system;

/**
 * 'Configurar Sistema': checks what the profile photo needs (the file store is
 * reachable and writable, the profile's columns exist, this user has a
 * profile) and repairs what it can. The lawyer reads what it means for them;
 * what went wrong technically (paths, tables, settings) goes to the server's
 * log for whoever runs it.
 */
export async function runSystemCheck(
  user: { id: string; name: string; email: string },
  // Only what it repairs with: the profile's creation (service.ts passes its own).
  deps: { db: Database; storage: Storage; profiles: { getOrCreate(user: { id: string; name: string; email: string }): Promise<unknown> }; logger: Logger },
): Promise<SystemCheck[]> {
  const results: SystemCheck[] = [];
  const logged = (check: string, error: unknown) => deps.logger.warn(`Configurar Sistema: ${check} falló (${describeError(error).split('\n')[0]})`);
  try {
    await deps.storage.check();
    results.push({ check: m.almacenamiento, status: 'ok', message: m.almacenamientoOk });
  } catch (error) {
    logged(`el almacenamiento (${deps.storage.kind})`, error);
    results.push({ check: m.almacenamiento, status: 'error', message: m.almacenamientoError });
  }
  try {
    const columns = rowsOf<{ column_name: string }>(
      await deps.db.execute(sql`select column_name from information_schema.columns where table_name = 'profiles' and column_name in ('id', 'avatar_url')`),
    ).map((row) => row.column_name);
    if (columns.length === 2) results.push({ check: m.datosPerfil, status: 'ok', message: m.datosPerfilOk });
    else {
      logged('la tabla profiles', new Error(`columnas presentes: ${columns.join(', ') || 'ninguna'}; faltan migraciones`));
      results.push({ check: m.datosPerfil, status: 'error', message: m.datosPerfilError });
    }
  } catch (error) {
    logged('la consulta a la base de datos', error);
    results.push({ check: m.datosPerfil, status: 'error', message: m.datosPerfilError });
  }
  try {
    const [existing] = rowsOf<{ id: string }>(await deps.db.execute(sql`select id from profiles where id = ${user.id}`));
    await deps.profiles.getOrCreate(user);
    results.push(existing ? { check: m.tuPerfil, status: 'ok', message: m.tuPerfilOk } : { check: m.tuPerfil, status: 'repaired', message: m.tuPerfilCreado });
  } catch (error) {
    logged('el perfil', error);
    results.push({ check: m.tuPerfil, status: 'error', message: m.tuPerfilError });
  }
  return results;
}
