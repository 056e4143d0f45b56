import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MSG } from '@bufete/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Transaction } from '../../db/client';
import { appError } from '../../http/errors';
import type { Bucket, Storage } from '../../storage';
import type { StorageQuota } from '../../storage/quota';
import { FORMATO, type Manifest, manifestSchema, VERSION } from './manifest';
import { portabilidad } from './schema';
import { columnsOf, EXPORTED_TABLES, ident, type TableSpec } from './tables';
import { type OpenZip, openZip, readEntry } from '../../files/zip-reader';

/** The largest area file an import reads into memory (100,000 notes is far less). */
const MAX_AREA_BYTES = 512 * 1024 * 1024;
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const BATCH = 500;
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
/** Called inside the import's transaction once every record is in (the run's row is marked done there). */
export type ImportDone = (tx: Transaction, manifest: Manifest) => Promise<void>;

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
        await tx.execute(sql`insert into ${ident(spec.tabla)} (${cols}) ${source}`);
      } else {
        await tx.execute(sql`insert into ${ident(spec.tabla)} (${cols}) ${source} on conflict do nothing`);
      }
    }
  }

  /** Every id of the export with its new one; tags meet the account's own by name (`tagByName`). */
  async function planIds(userId: string, areas: Map<string, Record<string, unknown>[]>) {
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
    return { mapping, tagByName };
  }

  /** The account's stored files (an earlier import of this zip put some there): their keys, and whether the zip's files fit beside the rest. */
  async function storedFiles(userId: string, incomingBytes: number) {
    const rows = rowsOf<{ key: string; bytes: string }>(
      await db.execute(sql`
        select storage_key as key, tamano::text as bytes from documentos where user_id = ${userId} union all
        select storage_key, tamano::text from imagenes where user_id = ${userId} union all
        select storage_key, tamano::text from ai_chat_files where user_id = ${userId}`),
    );
    const { usado, limite } = await deps.quota.usage(userId);
    const again = rows.reduce((sum, row) => sum + Number(row.bytes), 0);
    if (usado - again + incomingBytes > limite) throw appError('STORAGE_QUOTA_EXCEEDED', MSG.portabilidad.sinEspacio);
    return new Set(rows.map((row) => row.key));
  }

  return {
    /** Imports the zip at `zipFile` into `userId`'s account (see above); throws the Spanish refusal when it cannot. */
    async run(userId: string, zipFile: string, progress: ImportProgress, done: ImportDone): Promise<Manifest> {
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
        const { mapping, tagByName } = await planIds(userId, areas);
        // Imported into this account before: its records meet their copies; its history is there already.
        const again = (await db.select({ id: portabilidad.id }).from(portabilidad).where(and(eq(portabilidad.userId, userId), eq(portabilidad.origen, manifest.id), eq(portabilidad.estado, 'lista'))).limit(1)).length > 0;

        const totalBytes = manifest.archivos.reduce((sum, file) => sum + file.bytes, 0);
        const total = totalBytes + [...areas.values()].reduce((sum, rows) => sum + rows.length, 0) + 1;
        let counted = 0;
        const advance = (amount: number, etapa: string) => {
          counted += amount;
          progress(counted, total, etapa);
        };
        const present = await storedFiles(userId, totalBytes);

        // The files, each checked against its hash, under keys of our own making (never the zip's),
        // the same on a second import: what an earlier one stored is not copied again.
        const fileOf = new Map(manifest.archivos.map((file) => [`${file.tabla}:${file.id}`, file]));
        const keyOf = (tabla: string, oldId: string) => `${userId}/importados/${tabla}-${mapping.get(oldId) ?? importedId(userId, oldId)}`;
        for (const spec of EXPORTED_TABLES.filter((table) => table.file)) {
          for (const row of areas.get(spec.tabla)!) {
            const file = fileOf.get(`${spec.tabla}:${String(row.id)}`);
            if (!file || typeof row.id !== 'string') throw damaged();
            const key = keyOf(spec.tabla, row.id);
            if (present.has(key)) {
              advance(file.bytes, 'Archivos');
              continue;
            }
            const temp = await copyFile(zip, file.ruta, file, (n) => advance(n, 'Archivos'));
            try {
              await storage.putFile(spec.file!.bucket, key, temp, { contentType: String(row.tipo ?? 'application/octet-stream'), size: file.bytes });
              stored.push({ bucket: spec.file!.bucket, key });
            } finally {
              await rm(temp, { force: true });
            }
          }
        }

        // Every record in one transaction: all of it, or nothing. A link to what the export does
        // not hold is dropped (the preset plazo calendars, shared by everyone, excepted).
        const shared = new Set(rowsOf<{ id: string }>(await db.execute(sql`select id::text from plazo_calendarios where user_id is null`)).map((row) => row.id));
        const remap = (value: unknown, loose: boolean) => {
          if (typeof value !== 'string') return value;
          if (mapping.has(value)) return mapping.get(value)!;
          return loose || shared.has(value) ? value : null;
        };
        await deps.quota.insertWithin(async (tx) => {
          for (const spec of EXPORTED_TABLES) {
            const tableColumns = columns.get(spec.tabla);
            if (!tableColumns) continue;
            const rows = areas.get(spec.tabla)!.map((original) => {
              const row: Record<string, unknown> = { ...original };
              for (const column of spec.ids) if (column in row) row[column] = remap(row[column], spec.loose?.includes(column) ?? false);
              if ('column' in spec.owner) row[spec.owner.column] = userId;
              if (spec.file) row.storage_key = keyOf(spec.tabla, String(original.id));
              return row;
            });
            // Tags met by name are the account's own: only the new ones are added.
            const kept = spec.tabla === 'tags' ? rows.filter((row) => !tagByName.has(String(row.nombre ?? '').toLowerCase())) : rows;
            // The audit trail has no key of its own to meet: a zip imported before adds none of it again.
            if (!(spec.generatedKey && again)) await insertRows(tx, spec, tableColumns.writable, kept);
            advance(rows.length, `Registros: ${spec.archivo}`);
          }
          // Said done in the same transaction: a crash before the commit leaves it to be run again, whole.
          await done(tx, manifest);
        });
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
