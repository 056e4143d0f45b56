import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf, type Transaction } from '../../db/client';
import { appError } from '../../http/errors';
import type { Bucket, Storage } from '../../storage';
import type { StorageQuota } from '../../storage/quota';
import { FORMATO, type Manifest, manifestSchema, VERSION } from './manifest';
import { columnsOf, EXPORTED_TABLES, ident, type TableSpec } from './tables';
import { type OpenZip, openZip, readEntry } from '../../files/zip-reader';

/** The largest area file an import reads into memory (100,000 notes is far less). */
const MAX_AREA_BYTES = 512 * 1024 * 1024;
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const BATCH = 500;
const BUCKET_OF: Record<string, Bucket> = { documentos: 'documentos', imagenes: 'imagenes', ai_chat_files: 'documentos' };
/** The tables whose rows make an account not fresh. */
const OWN_RECORDS = ['clientes', 'casos', 'documentos', 'notas', 'facturas', 'calendar_events', 'tiempo_entradas'];

const damaged = () => appError('VALIDATION_ERROR', MSG.portabilidad.danado);
const notOurs = () => appError('VALIDATION_ERROR', MSG.portabilidad.noEsBufete);

/** A record's id in the importing account: new, and the same every time that account imports it (a second import finds it and adds nothing). */
export function importedId(userId: string, oldId: string): string {
  const hex = createHash('sha256').update(`bufete-importacion:${userId}:${oldId.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type ImportProgress = (done: number, total: number, etapa: string) => void;

/**
 * Checks that a zip is an export of Bufete, whole: its manifest, every area
 * file it names and every stored file at the size it declares. Throws the
 * Spanish refusal otherwise. Reads only the central directory and the
 * manifest: quick enough to answer the upload itself.
 */
export async function checkExportZip(file: string): Promise<Manifest> {
  let zip: OpenZip;
  try {
    zip = await openZip(file);
  } catch {
    throw damaged();
  }
  try {
    return await readManifest(zip);
  } finally {
    zip.close();
  }
}

async function readManifest(zip: OpenZip): Promise<Manifest> {
  const size = zip.size('bufete.json');
  if (size === null) throw notOurs();
  if (size > MAX_MANIFEST_BYTES) throw damaged();
  let raw: unknown;
  try {
    raw = JSON.parse((await readEntry(zip, 'bufete.json')).toString('utf8'));
  } catch {
    throw damaged();
  }
  if ((raw as { formato?: unknown } | null)?.formato !== FORMATO) throw notOurs();
  if (typeof (raw as { version?: unknown }).version === 'number' && (raw as { version: number }).version > VERSION) throw appError('VALIDATION_ERROR', MSG.portabilidad.versionNueva);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw damaged();
  const manifest = parsed.data;
  for (const spec of EXPORTED_TABLES) {
    const areaSize = zip.size(`datos/${spec.archivo}.json`);
    if (areaSize === null || areaSize > MAX_AREA_BYTES) throw damaged();
  }
  for (const entry of manifest.archivos) {
    if (zip.size(entry.ruta) !== entry.bytes) throw damaged();
  }
  return manifest;
}

/**
 * 'Importar datos' (issue 28): everything of an export into this account.
 * Every stored file is copied first, checked against its SHA-256 (a zip
 * altered or cut short is refused before anything is written to the
 * database), then every record goes in one transaction, each with a new id
 * derived from its old one and this account, every link rewritten to match:
 * a refusal or a crash leaves no record (and the copied files are removed),
 * and importing the same zip again adds nothing.
 */
export function createAccountImport(deps: { db: Database; storage: Storage; quota: StorageQuota; tmpDir: string }) {
  const { db, storage } = deps;

  async function readArea(zip: OpenZip, spec: TableSpec): Promise<Record<string, unknown>[]> {
    try {
      const rows = JSON.parse((await readEntry(zip, `datos/${spec.archivo}.json`)).toString('utf8')) as unknown;
      if (!Array.isArray(rows) || rows.some((row) => !row || typeof row !== 'object' || Array.isArray(row))) throw new Error('no es una lista de registros');
      return rows as Record<string, unknown>[];
    } catch {
      throw damaged();
    }
  }

  /** Refuses an account with records of its own (those of an earlier import of this same zip do not count). */
  async function assertFresh(userId: string, mapped: Set<string>) {
    for (const tabla of OWN_RECORDS) {
      const ids = rowsOf<{ id: string }>(await db.execute(sql`select id::text from ${ident(tabla)} where user_id = ${userId} limit 10000`));
      if (ids.some(({ id }) => !mapped.has(id))) throw appError('PORTABILITY_CONFLICT', MSG.portabilidad.cuentaConDatos);
    }
  }

  async function copyFile(zip: OpenZip, ruta: string, expected: { sha256: string; bytes: number }, onBytes: (n: number) => void): Promise<string> {
    await mkdir(deps.tmpDir, { recursive: true });
    const temp = path.join(deps.tmpDir, `${randomUUID()}.import`);
    const hash = createHash('sha256');
    try {
      await pipeline(
        await zip.stream(ruta),
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            onBytes(chunk.length);
            callback(null, chunk);
          },
        }),
        createWriteStream(temp),
      );
    } catch (error) {
      await rm(temp, { force: true });
      if ((error as { code?: string }).code === 'ENOSPC') throw error;
      throw damaged();
    }
    if (hash.digest('hex') !== expected.sha256) {
      await rm(temp, { force: true });
      throw damaged();
    }
    return temp;
  }

  async function insertRows(tx: Transaction, spec: TableSpec, writable: string[], rows: Record<string, unknown>[]) {
    const cols = sql.raw(writable.map((name) => `"${name}"`).join(', '));
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = JSON.stringify(rows.slice(start, start + BATCH));
      const source = sql`select ${cols} from jsonb_populate_recordset(null::${ident(spec.tabla)}, ${batch}::jsonb) r`;
      if (spec.single) {
        const updates = sql.raw(
          writable
            .filter((name) => !spec.key.includes(name) && name !== 'created_at')
            .map((name) => (spec.tabla === 'facturas_folios' ? `"${name}" = greatest(t."${name}", excluded."${name}")` : `"${name}" = excluded."${name}"`))
            .join(', '),
        );
        await tx.execute(sql`insert into ${ident(spec.tabla)} as t (${cols}) ${source} on conflict (${sql.raw(spec.key.map((name) => `"${name}"`).join(', '))}) do update set ${updates}`);
      } else if (spec.generatedKey) {
        // The audit trail: a row already there (same moment, action, record and summary) is not added again.
        await tx.execute(sql`
          insert into ${ident(spec.tabla)} (${cols}) ${source}
          where not exists (select 1 from historial h where h.user_id = r.user_id and h.fecha = r.fecha and h.accion = r.accion and h.entidad = r.entidad
                            and h.entidad_id is not distinct from r.entidad_id and h.resumen = r.resumen)`);
      } else {
        await tx.execute(sql`insert into ${ident(spec.tabla)} (${cols}) ${source} on conflict do nothing`);
      }
    }
  }

  return {
    async run(userId: string, zipFile: string, progress: ImportProgress): Promise<Manifest> {
      let zip: OpenZip;
      try {
        zip = await openZip(zipFile);
      } catch {
        throw damaged();
      }
      const stored: { bucket: Bucket; key: string }[] = [];
      try {
        const manifest = await readManifest(zip);
        const columns = await columnsOf(db);
        const areas = new Map<string, Record<string, unknown>[]>();
        for (const spec of EXPORTED_TABLES) areas.set(spec.tabla, await readArea(zip, spec));

        // Every id of the export gets its new one; tags meet the account's own by name.
        const mapping = new Map<string, string>();
        for (const spec of EXPORTED_TABLES) {
          if (!spec.ids.includes('id')) continue;
          for (const row of areas.get(spec.tabla)!) if (typeof row.id === 'string') mapping.set(row.id, importedId(userId, row.id));
        }
        await assertFresh(userId, new Set(mapping.values()));
        const existingTags = rowsOf<{ id: string; nombre: string }>(await db.execute(sql`select id::text, lower(nombre) as nombre from tags where user_id = ${userId}`));
        const tagByName = new Map(existingTags.map((tag) => [tag.nombre, tag.id]));
        for (const tag of areas.get('tags')!) {
          const same = tagByName.get(String(tag.nombre ?? '').toLowerCase());
          if (same && typeof tag.id === 'string') mapping.set(tag.id, same);
        }

        const totalBytes = manifest.archivos.reduce((sum, file) => sum + file.bytes, 0);
        const totalRows = [...areas.values()].reduce((sum, rows) => sum + rows.length, 0);
        const total = totalBytes + totalRows + 1;
        let done = 0;
        const advance = (amount: number, etapa: string) => {
          done += amount;
          progress(done, total, etapa);
        };
        // The files must fit the account's storage (those an earlier import of this zip stored are already counted).
        const { usado, limite } = await deps.quota.usage(userId);
        const [again] = rowsOf<{ bytes: string }>(
          await db.execute(sql`
            select coalesce(sum(tamano), 0)::text as bytes from (
              select tamano from documentos where user_id = ${userId} union all
              select tamano from imagenes where user_id = ${userId} union all
              select tamano from ai_chat_files where user_id = ${userId}) f`),
        );
        if (usado - Number(again?.bytes ?? 0) + totalBytes > limite) throw appError('STORAGE_QUOTA_EXCEEDED', MSG.portabilidad.sinEspacio);

        // The files, each checked against its hash, under the new account's keys.
        const fileOf = new Map(manifest.archivos.map((file) => [`${file.tabla}:${file.id}`, file]));
        const rekey = (key: string) => `${userId}/${key.split('/').slice(1).join('/')}`;
        for (const tabla of ['documentos', 'imagenes', 'ai_chat_files']) {
          for (const row of areas.get(tabla)!) {
            const file = fileOf.get(`${tabla}:${String(row.id)}`);
            const key = typeof row.storage_key === 'string' ? row.storage_key : null;
            if (!file || !key || !key.includes('/')) throw damaged();
            const temp = await copyFile(zip, file.ruta, file, (n) => advance(n, 'Archivos'));
            try {
              await storage.putFile(BUCKET_OF[tabla]!, rekey(key), temp, { contentType: String(row.tipo ?? 'application/octet-stream'), size: file.bytes });
              stored.push({ bucket: BUCKET_OF[tabla]!, key: rekey(key) });
            } finally {
              await rm(temp, { force: true });
            }
          }
        }

        // Every record in one transaction: all of it, or nothing.
        const remap = (value: unknown) => (typeof value === 'string' && mapping.has(value) ? mapping.get(value)! : value);
        try {
          await deps.quota.insertWithin(async (tx) => {
            for (const spec of EXPORTED_TABLES) {
              const tableColumns = columns.get(spec.tabla);
              if (!tableColumns) continue;
              const rows = areas.get(spec.tabla)!.map((original) => {
                const row: Record<string, unknown> = { ...original };
                for (const column of spec.ids) if (column in row) row[column] = remap(row[column]);
                if ('column' in spec.owner) row[spec.owner.column] = userId;
                if (typeof row.storage_key === 'string') row.storage_key = rekey(row.storage_key);
                return row;
              });
              // Tags met by name are the account's own: only the new ones are added.
              const kept = spec.tabla === 'tags' ? rows.filter((row) => !tagByName.has(String(row.nombre ?? '').toLowerCase())) : rows;
              await insertRows(tx, spec, tableColumns.writable, kept);
              advance(rows.length, `Registros: ${spec.archivo}`);
            }
          });
        } catch (error) {
          if ((error as { code?: string }).code === 'STORAGE_QUOTA_EXCEEDED') throw appError('STORAGE_QUOTA_EXCEEDED', MSG.portabilidad.sinEspacio);
          throw error;
        }
        stored.length = 0; // the rows now point at them
        advance(1, 'Terminado');
        return manifest;
      } finally {
        zip.close();
        // A refusal or a failure leaves none of the copied files behind.
        for (const { bucket, key } of stored) await storage.delete(bucket, key).catch(() => {});
      }
    },
  };
}

export type AccountImport = ReturnType<typeof createAccountImport>;
