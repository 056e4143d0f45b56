import { MSG, type SystemCheck } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import type { Storage } from '../../storage';
import type { ProfileService } from './service';

const m = MSG.system;
const detail = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * 'Configurar Sistema': checks what the profile photo needs (the file store is
 * reachable and writable, the profile table and its avatar column exist, this
 * user has a profile), repairs what it can and explains the rest in Spanish.
 */
export async function runSystemCheck(
  user: { id: string; name: string; email: string },
  deps: { db: Database; storage: Storage; profiles: Pick<ProfileService, 'getOrCreate'> },
): Promise<SystemCheck[]> {
  const results: SystemCheck[] = [];
  try {
    await deps.storage.check();
    results.push({ check: m.almacenamiento, status: 'ok', message: deps.storage.kind === 's3' ? m.almacenamientoS3Ok : m.almacenamientoLocalOk });
  } catch (error) {
    results.push({ check: m.almacenamiento, status: 'error', message: m.almacenamientoError(detail(error)) });
  }
  try {
    const columns = rowsOf<{ column_name: string }>(
      await deps.db.execute(sql`select column_name from information_schema.columns where table_name = 'profiles' and column_name in ('id', 'nombre', 'apellido', 'avatar_url')`),
    ).map((row) => row.column_name);
    results.push(
      columns.includes('id')
        ? { check: m.tablaPerfiles, status: 'ok', message: m.tablaPerfilesOk }
        : { check: m.tablaPerfiles, status: 'error', message: m.tablaPerfilesFalta },
    );
    results.push(
      columns.includes('avatar_url')
        ? { check: m.columnaAvatar, status: 'ok', message: m.columnaAvatarOk }
        : { check: m.columnaAvatar, status: 'error', message: m.columnaAvatarFalta },
    );
  } catch (error) {
    results.push({ check: m.tablaPerfiles, status: 'error', message: m.baseDeDatosError(detail(error)) });
  }
  try {
    const [existing] = rowsOf<{ id: string }>(await deps.db.execute(sql`select id from profiles where id = ${user.id}`));
    await deps.profiles.getOrCreate(user);
    results.push(existing ? { check: m.tuPerfil, status: 'ok', message: m.tuPerfilOk } : { check: m.tuPerfil, status: 'repaired', message: m.tuPerfilCreado });
  } catch (error) {
    results.push({ check: m.tuPerfil, status: 'error', message: m.tuPerfilError(detail(error)) });
  }
  return results;
}
