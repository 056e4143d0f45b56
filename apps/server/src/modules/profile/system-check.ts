import type { SystemCheck } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '../../db/client';
import type { Storage } from '../../storage';
import type { ProfileService } from './service';

/**
 * 'Configurar Sistema': checks what the profile photo needs (the file store is
 * reachable and writable, the profile table and its avatar column exist, this
 * user has a profile), repairs what it can and explains the rest in Spanish.
 */
export async function runSystemCheck(
  user: { id: string; name: string; email: string },
  deps: { db: Database; storage: Storage; profiles: ProfileService },
): Promise<SystemCheck[]> {
  const results: SystemCheck[] = [];
  try {
    await deps.storage.check();
    results.push({
      check: 'Almacenamiento de fotos',
      status: 'ok',
      message: deps.storage.kind === 's3' ? 'El bucket S3 responde y admite escritura (se escribió y borró un archivo de prueba).' : 'La carpeta de archivos existe y admite escritura (se escribió y borró un archivo de prueba).',
    });
  } catch (error) {
    results.push({
      check: 'Almacenamiento de fotos',
      status: 'error',
      message: `No se pudo escribir en el almacenamiento: ${error instanceof Error ? error.message : String(error)}. Revisa los permisos de DATA_DIR o la configuración S3_*.`,
    });
  }
  try {
    const columns = rowsOf<{ column_name: string }>(
      await deps.db.execute(sql`select column_name from information_schema.columns where table_name = 'profiles' and column_name in ('id', 'nombre', 'apellido', 'avatar_url')`),
    ).map((row) => row.column_name);
    results.push(
      columns.includes('id')
        ? { check: 'Tabla de perfiles', status: 'ok', message: 'La tabla profiles existe.' }
        : { check: 'Tabla de perfiles', status: 'error', message: 'Falta la tabla profiles: reinicia el servidor para aplicar las migraciones.' },
    );
    results.push(
      columns.includes('avatar_url')
        ? { check: 'Columna avatar_url', status: 'ok', message: 'La columna de la foto de perfil existe.' }
        : { check: 'Columna avatar_url', status: 'error', message: 'Falta la columna avatar_url: reinicia el servidor para aplicar las migraciones.' },
    );
  } catch (error) {
    results.push({ check: 'Tabla de perfiles', status: 'error', message: `La base de datos no respondió: ${error instanceof Error ? error.message : String(error)}` });
  }
  try {
    const [existing] = rowsOf<{ id: string }>(await deps.db.execute(sql`select id from profiles where id = ${user.id}`));
    await deps.profiles.getOrCreate(user);
    results.push(
      existing
        ? { check: 'Tu perfil', status: 'ok', message: 'Tu perfil está creado.' }
        : { check: 'Tu perfil', status: 'repaired', message: 'Tu perfil no existía: se creó con tu nombre de cuenta.' },
    );
  } catch (error) {
    results.push({ check: 'Tu perfil', status: 'error', message: `No se pudo leer ni crear tu perfil: ${error instanceof Error ? error.message : String(error)}` });
  }
  return results;
}
