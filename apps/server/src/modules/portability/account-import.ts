import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AreaCount, ImportContenido } from '@bufete/shared';
import { MSG } from '@bufete/shared';
import { and, eq, sql } from 'drizzle-orm';
import { type Database, rowsOf, type Transaction } from '../../db/client';
import { appError } from '../../http/errors';
import type { Bucket, Storage } from '../../storage';
import type { StorageQuota } from '../../storage/quota';
import { FORMATO, type Manifest, type ManifestEntry, manifestSchema, VERSION } from './manifest';
import { portabilidad } from './schema';
import { AFTER_IMPORT, columnsOf, EXPORTED_TABLES, ident, type TableSpec } from './tables';
import { type OpenZip, openZip, readEntry } from '../../files/zip-reader';

/** The largest area file an import reads into memory (100,000 notes is far less). */
const MAX_AREA_BYTES = 512 * 1024 * 1024;
const MAX_MANIFEST_BYTES = 64 * 1024 * 1024;
const BATCH = 500;
/** The tables whose rows make an account not fresh. */
const OWN_RECORDS = ['clientes', 'casos', 'documentos', 'notas', 'facturas', 'calendar_events', 'tiempo_entradas'];

/** The profile's file, read at upload for the preview's name: a few KB at most. */
const MAX_PROFILE_BYTES = 1024 * 1024;
const damaged = () => appError('VALIDATION_ERROR', MSG.portabilidad.danado);
const notOurs = () => appError('VALIDATION_ERROR', MSG.portabilidad.noEsBufete);

/** A record's id in the importing account: new, and the same every time that account imports it (a second import finds it and adds nothing). */
export function importedId(userId: string, oldId: string): string {
  const hex = createHash('sha256').update(`bufete-importacion:${userId}:${oldId.toLowerCase()}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export type ImportProgress = (done: number, total: number, etapa: string) => void;
/** Called inside the import's transaction once every record is in (the run's row is marked done there), with what was added. */
export type ImportDone = (tx: Transaction, manifest: Manifest, importado: AreaCount[]) => Promise<void>;

/**
 * Checks that a zip is an export of Bufete, whole: its manifest, and every
 * entry of the zip listed in it at the size it declares — no entry missing,
 * none added, none twice. Throws the Spanish refusal otherwise. Reads only the
 * central directory, the manifest and the profile: quick enough to answer the
 * upload itself with what the zip brings. Each entry's SHA-256 is checked by
 * the import itself, every time, before anything is written.
 */
export async function checkExportZip(file: string): Promise<{ manifest: Manifest; contenido: ImportContenido }> {
  let zip: OpenZip;
  try {
    zip = await openZip(file);
  } catch {
    throw damaged();
  }
  try {
    const manifest = await readManifest(zip);
    return { manifest, contenido: await contentOf(zip, manifest) };
  } finally {
    zip.close();
  }
}

async function readManifest(zip: OpenZip): Promise<Manifest> {
  const size = zip.size('bufete.json');
  if (size === null) throw notOurs();
  if (size > MAX_MANIFEST_BYTES || zip.hasDuplicates()) throw damaged();
  let raw: unknown;
  try {
    raw = JSON.parse((await readEntry(zip, 'bufete.json')).toString('utf8'));
  } catch {
    throw damaged();
  }
  if ((raw as { formato?: unknown } | null)?.formato !== FORMATO) throw notOurs();
  const version = (raw as { version?: unknown }).version;
  if (typeof version === 'number' && version > VERSION) throw appError('VALIDATION_ERROR', MSG.portabilidad.versionNueva);
  if (typeof version === 'number' && version < VERSION) throw appError('VALIDATION_ERROR', MSG.portabilidad.versionAnterior);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw damaged();
  const manifest = parsed.data;
  const listed = [...manifest.archivos, ...manifest.datos];
  const names = new Set(listed.map((entry) => entry.ruta));
  // Every entry once, at its size; the records of every area among them.
  if (names.size !== listed.length || names.has('bufete.json')) throw damaged();
  if (zip.names().some((name) => name !== 'bufete.json' && !names.has(name))) throw damaged();
  for (const entry of listed) if (zip.size(entry.ruta) !== entry.bytes) throw damaged();
  // An area the zip does not list is one its Bufete did not have yet (a zip made before the parties were): it brings none of it.
  for (const area of manifest.datos) if (area.bytes > MAX_AREA_BYTES) throw damaged();
  if (!manifest.datos.some((entry) => entry.ruta === `datos/${EXPORTED_TABLES.find((spec) => spec.tabla === 'profiles')!.archivo}.json`)) throw damaged();
  return manifest;
}

/** What the zip brings, area by area, and whose it was (its profile's name). */
async function contentOf(zip: OpenZip, manifest: Manifest): Promise<ImportContenido> {
  let de: string | null = null;
  const profile = `datos/${EXPORTED_TABLES.find((spec) => spec.tabla === 'profiles')!.archivo}.json`;
  if ((zip.size(profile) ?? Infinity) <= MAX_PROFILE_BYTES) {
    try {
      const [row] = JSON.parse((await readEntry(zip, profile)).toString('utf8')) as { nombre?: unknown; apellido?: unknown }[];
      de = [row?.nombre, row?.apellido].filter((part) => typeof part === 'string' && part.trim()).join(' ') || null;
    } catch {
      throw damaged();
    }
  }
  const areas: AreaCount[] = EXPORTED_TABLES.filter((spec) => spec.etiqueta && (manifest.tablas[spec.archivo] ?? 0) > 0).map((spec) => ({
    area: spec.etiqueta!,
    registros: manifest.tablas[spec.archivo]!,
  }));
  return { de, exportado_el: manifest.exportado_el, areas, archivos: manifest.archivos.length, bytes: manifest.archivos.reduce((sum, file) => sum + file.bytes, 0) };
}

/** Streams an entry through SHA-256 (into `sink` when given) and refuses it unless it is the bytes the manifest lists. */
async function verifiedEntry(zip: OpenZip, entry: { ruta: string; sha256: string }, options: { onBytes?: (n: number) => void; sink?: NodeJS.WritableStream } = {}): Promise<void> {
  const hash = createHash('sha256');
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      hash.update(chunk);
      options.onBytes?.(chunk.length);
      callback(null, chunk);
    },
  });
  const discard = new Writable({ write: (_chunk, _encoding, callback) => callback() });
  try {
    await pipeline(await zip.stream(entry.ruta), counted, options.sink ?? discard);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOSPC') throw error;
    throw damaged();
  }
  if (hash.digest('hex') !== entry.sha256) throw damaged();
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

  /** An area's records, once its bytes are proven the ones the manifest lists. */
  async function readArea(zip: OpenZip, manifest: Manifest, spec: TableSpec): Promise<Record<string, unknown>[]> {
    const entry = manifest.datos.find((item) => item.ruta === `datos/${spec.archivo}.json`);
    if (!entry) return [];
    const bytes = await readEntry(zip, entry.ruta).catch(() => {
      throw damaged();
    });
    if (createHash('sha256').update(bytes).digest('hex') !== entry.sha256) throw damaged();
    try {
      const rows = JSON.parse(bytes.toString('utf8')) as unknown;
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

  /** An entry copied to a temp file, its hash checked on the way (a mismatch leaves nothing). */
  async function copyFile(zip: OpenZip, entry: ManifestEntry, onBytes: (n: number) => void): Promise<string> {
    await mkdir(deps.tmpDir, { recursive: true });
    const temp = path.join(deps.tmpDir, `${randomUUID()}.import`);
    try {
      await verifiedEntry(zip, entry, { onBytes, sink: createWriteStream(temp) });
      return temp;
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /** Inserts an area's rows; how many went in (a second import of the same zip finds them there). */
  async function insertRows(tx: Transaction, spec: TableSpec, writable: string[], rows: Record<string, unknown>[]): Promise<number> {
    const cols = sql.raw(writable.map((name) => `"${name}"`).join(', '));
    let inserted = 0;
    for (let start = 0; start < rows.length; start += BATCH) {
      const batch = JSON.stringify(rows.slice(start, start + BATCH));
      const source = sql`select ${cols} from jsonb_populate_recordset(null::${ident(spec.tabla)}, ${batch}::jsonb) r`;
      let statement;
      if (spec.single) {
        const updates = sql.raw(
          // The row is always there (the account's own): its key, its creation and its identity are never written over.
          writable
            .filter((name) => !spec.key.includes(name) && name !== 'created_at' && !spec.identity?.includes(name))
            .map((name) => (spec.single === 'greatest' ? `"${name}" = greatest(t."${name}", excluded."${name}")` : `"${name}" = coalesce(t."${name}", excluded."${name}")`))
            .join(', '),
        );
        statement = sql`insert into ${ident(spec.tabla)} as t (${cols}) ${source} on conflict (${sql.raw(spec.key.map((name) => `"${name}"`).join(', '))}) do update set ${updates} returning 1`;
      } else if (spec.generatedKey) {
        statement = sql`insert into ${ident(spec.tabla)} (${cols}) ${source} returning 1`;
      } else {
        statement = sql`insert into ${ident(spec.tabla)} (${cols}) ${source} on conflict do nothing returning 1`;
      }
      const [row] = rowsOf<{ n: number }>(await tx.execute(sql`with added as (${statement}) select count(*)::int as n from added`));
      inserted += Number(row?.n ?? 0);
    }
    return inserted;
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
        select storage_key, tamano::text from ai_chat_files where user_id = ${userId} union all
        select storage_key, tamano::text from escrito_plantillas where user_id = ${userId}`),
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
        for (const spec of EXPORTED_TABLES) areas.set(spec.tabla, await readArea(zip, manifest, spec));
        // The rest of the zip (sheets, LEEME, the invoices' PDF and XML) is not imported, but is checked all the same:
        // a zip with any entry changed is not the export it says it is.
        const areaFiles = new Set(EXPORTED_TABLES.map((spec) => `datos/${spec.archivo}.json`));
        for (const entry of manifest.datos) if (!areaFiles.has(entry.ruta)) await verifiedEntry(zip, entry);
        const { mapping, tagByName } = await planIds(userId, areas);
        // Imported into this account before: its records meet their copies; its history is there already.
        const again =
          (
            await db
              .select({ id: portabilidad.id })
              .from(portabilidad)
              .where(and(eq(portabilidad.userId, userId), eq(portabilidad.origen, manifest.id), eq(portabilidad.estado, 'lista')))
              .limit(1)
          ).length > 0;

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
            // Stored by an earlier import of this zip: not copied again, but this zip's bytes are checked all the same.
            if (present.has(key)) {
              await verifiedEntry(zip, file, { onBytes: (n) => advance(n, 'Archivos') });
              continue;
            }
            const temp = await copyFile(zip, file, (n) => advance(n, 'Archivos'));
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
          const importado: AreaCount[] = [];
          for (const spec of EXPORTED_TABLES) {
            const tableColumns = columns.get(spec.tabla);
            if (!tableColumns) continue;
            const rows = areas.get(spec.tabla)!.map((original) => {
              const row: Record<string, unknown> = { ...original };
              for (const [before, now] of Object.entries(spec.formerly ?? {})) if (before in row && !(now in row)) row[now] = row[before];
              for (const column of spec.ids) if (column in row) row[column] = remap(row[column], spec.loose?.includes(column) ?? false);
              for (const column of spec.idLists ?? [])
                if (Array.isArray(row[column]))
                  row[column] = (row[column] as unknown[]).map((value) => (typeof value === 'string' && mapping.has(value) ? mapping.get(value) : value));
              if ('column' in spec.owner) row[spec.owner.column] = userId;
              if (spec.file) row.storage_key = keyOf(spec.tabla, String(original.id));
              return row;
            });
            // Tags met by name are the account's own: only the new ones are added.
            const kept = spec.tabla === 'tags' ? rows.filter((row) => !tagByName.has(String(row.nombre ?? '').toLowerCase())) : rows;
            // The history has no key of its own to meet: a zip imported before adds none of it again.
            const added = spec.generatedKey && again ? 0 : await insertRows(tx, spec, tableColumns.writable, kept);
            if (spec.etiqueta && added > 0) importado.push({ area: spec.etiqueta, registros: added });
            advance(rows.length, `Registros: ${spec.archivo}`);
          }
          for (const upgrade of AFTER_IMPORT) await tx.execute(upgrade(userId));
          // Said done in the same transaction: a crash before the commit leaves it to be run again, whole.
          await done(tx, manifest, importado);
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
