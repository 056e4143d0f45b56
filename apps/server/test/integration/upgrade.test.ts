import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { busquedaQuerySchema, facturaCreateSchema } from '@bufete/shared';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf } from '../../src/db/client';
import { createRateLimiter } from '../../src/http/rate-limit';
import { latestIngresoColumns } from '../../src/modules/cfdi/stamp-queries';
import { createInvoiceQueries } from '../../src/modules/invoices/queries';
import { createSearchService } from '../../src/modules/search/service';
import { backendsToTest, pgClient, POSTGRES_ADMIN_URL } from '../support/server';

const MIGRATIONS = path.resolve(import.meta.dirname, '../../drizzle');
const backends = await backendsToTest();
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const undo of cleanup.reverse()) await undo();
});

/** The migrations folder as it was up to `lastTag` (an installation made before the later ones). */
async function migrationsUpTo(lastTag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'bufete-migraciones-'));
  cleanup.push(() => rm(folder, { recursive: true, force: true }));
  await cp(MIGRATIONS, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const last = journal.entries.find((entry) => entry.tag === lastTag)!.idx;
  await writeFile(journalFile, JSON.stringify({ ...journal, entries: journal.entries.filter((entry) => entry.idx <= last) }));
  return folder;
}

/** Two lawyers' records, written with the SQL of the older installation. */
const OLD_RECORDS = [
  `insert into users (id, name, email, email_verified, created_at, updated_at) values
     ('abogada-1', 'Ana', 'ana@bufete.mx', true, now(), now()), ('abogado-2', 'Beto', 'beto@bufete.mx', true, now(), now())`,
  `insert into clientes (user_id, nombre) select 'abogada-1', 'Cliente ' || g from generate_series(1, 7) g`,
  `insert into casos (user_id, titulo, estado) select 'abogada-1', 'Caso ' || g, case when g % 3 = 0 then 'Activo' else 'Pendiente' end from generate_series(1, 10) g`,
  `insert into casos (user_id, titulo, estado) values ('abogado-2', 'Despido', 'Activo')`,
];

/**
 * An installation made with the migrations up to `lastTag`, holding `records`
 * (written with that version's SQL), on `backend`: where the new version's
 * database opens it.
 */
async function olderInstallation(backend: string, lastTag: string, records: string[]): Promise<{ databaseUrl?: string; dataDir: string }> {
  const folder = await migrationsUpTo(lastTag);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-actualizar-'));
  cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
  if (backend === 'postgres') {
    const admin = await pgClient(POSTGRES_ADMIN_URL);
    const name = `bufete_actualizar_${process.pid}_${cleanup.length}`;
    await admin.query(`create database ${name}`);
    cleanup.push(async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    });
    const url = new URL(POSTGRES_ADMIN_URL);
    url.pathname = `/${name}`;
    const older = await pgClient(url.toString());
    await migrateNodePg(drizzleNodePg(older), { migrationsFolder: folder });
    for (const statement of records) await older.query(statement);
    await older.end();
    return { databaseUrl: url.toString(), dataDir };
  }
  await mkdir(path.join(dataDir, 'db'));
  const older = await PGlite.create(path.join(dataDir, 'db'), { extensions: { pg_trgm, unaccent, btree_gin } });
  await migratePglite(drizzlePglite(older), { migrationsFolder: folder });
  for (const statement of records) await older.exec(statement);
  await older.close();
  return { dataDir };
}

for (const { backend, label, enabled } of backends) {
  describe.runIf(enabled)(`actualizar una instalación con datos (${label})`, () => {
    it('counts the records an installation already had when the dashboard counts start being kept (migration 0018)', async () => {
      const { databaseUrl, dataDir } = await olderInstallation(backend, '0017_plazos_agendados', OLD_RECORDS);
      // The new version starts on it: every pending migration runs.
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        const counts = rowsOf(await database.db.execute(sql`select user_id, casos, casos_activos, clientes, documentos from conteos_practica order by user_id`));
        expect(counts).toEqual([
          { user_id: 'abogada-1', casos: 10, casos_activos: 3, clientes: 7, documentos: 0 },
          { user_id: 'abogado-2', casos: 1, casos_activos: 1, clientes: 0, documentos: 0 },
        ]);
        // And they are kept from then on.
        await database.db.execute(sql`update casos set estado = 'Cerrado' where user_id = 'abogado-2'`);
        await database.db.execute(sql`delete from clientes where user_id = 'abogada-1' and nombre = 'Cliente 1'`);
        const after = rowsOf(await database.db.execute(sql`select user_id, casos_activos, clientes from conteos_practica order by user_id`));
        expect(after).toEqual([
          { user_id: 'abogada-1', casos_activos: 3, clientes: 6 },
          { user_id: 'abogado-2', casos_activos: 0, clientes: 0 },
        ]);
      } finally {
        await database.close();
      }
    });

    it('keeps finding what was saved before the search function changed language, and keeps counting searches (migrations 0020 and 0021)', async () => {
      const { databaseUrl, dataDir } = await olderInstallation(backend, '0019_clientes_recent_index', [
        `insert into users (id, name, email, email_verified, created_at, updated_at) values ('abogada-1', 'Ana', 'ana@bufete.mx', true, now(), now())`,
        `insert into clientes (user_id, nombre, empresa) values ('abogada-1', 'José Hernández Núñez', 'Logística Peninsular')`,
        `insert into casos (user_id, titulo, estado, contraparte) values ('abogada-1', 'Sucesión de María Ibáñez', 'Activo', 'Compañía Aseguradora')`,
        // Two searches already counted in this minute.
        `insert into rate_limits (key, window_start, count) values ('buscar:abogada-1', now(), 2)`,
      ]);
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        // Texts normalized by the old function (stored columns, their indexes) and words by the new one meet.
        await database.db.execute(sql`insert into casos (user_id, titulo, estado) values ('abogada-1', 'Amparo de Núñez', 'Activo')`);
        const search = createSearchService(database.plannedPerRun);
        const titles = async (q: string) =>
          (await search.search('abogada-1', busquedaQuerySchema.parse({ q }))).grupos.flatMap((grupo) => grupo.items.map((item) => `${grupo.tipo}:${item.titulo}`));
        expect(await titles('nunez')).toEqual(['casos:Amparo de Núñez', 'clientes:José Hernández Núñez']);
        expect(await titles('IBAÑEZ compania')).toEqual(['casos:Sucesión de María Ibáñez']);
        expect(await titles('logistica')).toEqual(['clientes:José Hernández Núñez']);
        // The counters are unlogged now, and the minute's count goes on: the third search passes, the fourth is refused.
        const [table] = rowsOf<{ relpersistence: string }>(await database.db.execute(sql`select relpersistence from pg_class where relname = 'rate_limits'`));
        expect(table!.relpersistence).toBe('u');
        const limiter = createRateLimiter(database.db, { max: 3, windowSeconds: 60 });
        await limiter.hit('buscar:abogada-1');
        await expect(limiter.hit('buscar:abogada-1')).rejects.toMatchObject({ status: 429 });
      } finally {
        await database.close();
      }
    });

    it('keeps every payment already recorded as one payment, and the history cannot be altered (migration 0022)', async () => {
      const { databaseUrl, dataDir } = await olderInstallation(backend, '0021_bufete_norm_plpgsql', [
        `insert into users (id, name, email, email_verified, created_at, updated_at) values ('abogada-1', 'Ana', 'ana@bufete.mx', true, now(), now())`,
        `insert into facturas (user_id, secuencia, numero_factura, fecha_emision, concepto, monto_total, monto_pagado, estado, updated_at)
           values ('abogada-1', 1, 'FACT-0001', '2026-10-01', 'Pagada', 1000, 1000, 'pagada', '2026-10-05 18:00:00+00'),
                  ('abogada-1', 2, 'FACT-0002', '2026-10-02', 'Parcial', 3000, 1200.50, 'pagada_parcialmente', '2026-10-06 18:00:00+00'),
                  ('abogada-1', 3, 'FACT-0003', '2026-10-03', 'Pendiente', 500, 0, 'pendiente', now())`,
      ]);
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        const pagos = rowsOf(
          await database.db.execute(sql`select f.numero_factura, p.fecha::text, p.monto::text, p.forma_pago from pagos p join facturas f on f.id = p.factura_id order by 1`),
        );
        expect(pagos).toEqual([
          { numero_factura: 'FACT-0001', fecha: '2026-10-05', monto: '1000.00', forma_pago: '99' },
          { numero_factura: 'FACT-0002', fecha: '2026-10-06', monto: '1200.50', forma_pago: '99' },
        ]);
        // The history refuses any change or deletion, even from SQL.
        await database.db.execute(sql`insert into historial (user_id, accion, entidad, resumen) values ('abogada-1', 'crear', 'factura', 'Factura creada')`);
        await expect(database.db.execute(sql`update historial set resumen = 'otra cosa'`)).rejects.toThrow();
        await expect(database.db.execute(sql`delete from historial`)).rejects.toThrow();
        expect(rowsOf(await database.db.execute(sql`select resumen from historial`))).toEqual([{ resumen: 'Factura creada' }]);
      } finally {
        await database.close();
      }
    });

    it('counts the space each lawyer already uses when the storage quota arrives (migration 0025)', async () => {
      const { databaseUrl, dataDir } = await olderInstallation(backend, '0024_google_sync_holder', [
        `insert into users (id, name, email, email_verified, created_at, updated_at) values ('abogada-1', 'Ana', 'ana@bufete.mx', true, now(), now()), ('abogado-2', 'Beto', 'beto@bufete.mx', true, now(), now())`,
        `insert into documentos (user_id, nombre, tipo, tamano, storage_key) values ('abogada-1', 'a.pdf', 'application/pdf', 1000, 'k1'), ('abogada-1', 'b.pdf', 'application/pdf', 500, 'k2'), ('abogado-2', 'c.pdf', 'application/pdf', 7, 'k3')`,
        `insert into ai_chat_files (user_id, nombre, tipo, tamano, storage_key, contenido) values ('abogada-1', 'x.txt', 'text/plain', 25, 'k4', 'x')`,
      ]);
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        expect(rowsOf(await database.db.execute(sql`select user_id, bytes::int as bytes from storage_usage order by user_id`))).toEqual([
          { user_id: 'abogada-1', bytes: 1525 },
          { user_id: 'abogado-2', bytes: 7 },
        ]);
        await database.db.execute(sql`delete from documentos where storage_key = 'k1'`);
        expect(rowsOf(await database.db.execute(sql`select bytes::int as bytes from storage_usage where user_id = 'abogada-1'`))).toEqual([{ bytes: 525 }]);
      } finally {
        await database.close();
      }
    });

    it("keeps every time entry, the running timer and the next invoice number when their tables take the glossary's names (migration 0030)", async () => {
      const { databaseUrl, dataDir } = await olderInstallation(backend, '0029_jobs_leases_and_mail_claims', [
        `insert into users (id, name, email, email_verified, created_at, updated_at) values ('abogada-1', 'Ana', 'ana@bufete.mx', true, now(), now())`,
        `insert into casos (id, user_id, titulo, estado) values ('00000000-0000-4000-8000-000000000001', 'abogada-1', 'Despido', 'Activo')`,
        `insert into facturas (id, user_id, secuencia, numero_factura, fecha_emision, concepto, monto_total)
           values ('00000000-0000-4000-8000-000000000002', 'abogada-1', 41, 'FACT-0041', '2026-10-01', 'Honorarios', 1000)`,
        `insert into invoice_counters (user_id, ultimo) values ('abogada-1', 41)`,
        `insert into time_entries (user_id, caso_id, fecha, centihoras, descripcion, tarifa_por_hora, factura_id) values
           ('abogada-1', '00000000-0000-4000-8000-000000000001', '2026-10-01', 150, 'Audiencia', 1500, '00000000-0000-4000-8000-000000000002'),
           ('abogada-1', '00000000-0000-4000-8000-000000000001', '2026-10-02', 25, 'Llamada', 1500, null)`,
        `insert into time_timers (user_id, caso_id, descripcion) values ('abogada-1', '00000000-0000-4000-8000-000000000001', 'Redactar demanda')`,
      ]);
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        expect(rowsOf(await database.db.execute(sql`select descripcion, centihoras, factura_id is not null as facturada from tiempo_entradas order by fecha`))).toEqual([
          { descripcion: 'Audiencia', centihoras: 150, facturada: true },
          { descripcion: 'Llamada', centihoras: 25, facturada: false },
        ]);
        expect(rowsOf(await database.db.execute(sql`select descripcion from tiempo_temporizadores`))).toEqual([{ descripcion: 'Redactar demanda' }]);
        // The rules kept their tables: an entry still cannot be a fraction of a quarter hour.
        await expect(
          database.db.execute(sql`insert into tiempo_entradas (user_id, fecha, centihoras, descripcion, tarifa_por_hora) values ('abogada-1', '2026-10-03', 10, 'x', 1)`),
        ).rejects.toThrow();
        // The next invoice takes the number after the last one, from the renamed counter.
        const invoices = createInvoiceQueries(database.db, latestIngresoColumns);
        const next = await database.db.transaction((tx) =>
          invoices.insert(tx, 'abogada-1', facturaCreateSchema.parse({ concepto: 'Honorarios', fecha_emision: '2026-11-01', calculo_automatico: false, monto: '500' })),
        );
        expect(next.numero).toBe('FACT-0042');
        const tables = rowsOf<{ tablename: string }>(
          await database.db.execute(sql`select tablename from pg_tables where tablename in ('time_entries', 'time_timers', 'invoice_counters')`),
        );
        expect(tables).toEqual([]);
      } finally {
        await database.close();
      }
    });

    it('keeps the hourly check of CFDI cancellations waiting under its new name, once (migration 0046)', async () => {
      const { databaseUrl, dataDir } = await olderInstallation(backend, '0045_documentos_extraccion', [
        `insert into jobs (kind, max_attempts, dedupe_key, run_at) values ('invoices.cfdi-cancellations', 1, 'every:invoices.cfdi-cancellations', now() + interval '1 hour')`,
        `insert into jobs (kind, max_attempts, status, last_error) values ('invoices.cfdi-cancellations', 1, 'failed', 'x')`,
      ]);
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        const jobs = rowsOf(await database.db.execute(sql`select kind, status, dedupe_key from jobs order by status desc`));
        expect(jobs).toEqual([
          { kind: 'cfdi.cancelaciones', status: 'pending', dedupe_key: 'every:cfdi.cancelaciones' },
          { kind: 'cfdi.cancelaciones', status: 'failed', dedupe_key: null },
        ]);
      } finally {
        await database.close();
      }
    });

    it("carries each case's 'Contraparte' over as its party, side still to be said, and keeps finding the case by it (migration 0048)", async () => {
      const { databaseUrl, dataDir } = await olderInstallation(backend, '0047_actuaciones', [
        `insert into users (id, name, email, email_verified, created_at, updated_at) values ('abogada-1', 'Ana', 'ana@bufete.mx', true, now(), now())`,
        `insert into casos (user_id, titulo, estado, contraparte) values ('abogada-1', 'Sucesión de María Ibáñez', 'Activo', ' Compañía Aseguradora del Golfo ')`,
        `insert into casos (user_id, titulo, estado, contraparte) values ('abogada-1', 'Sin contraparte', 'Activo', '  ')`,
        `insert into casos (user_id, titulo, estado) values ('abogada-1', 'Amparo', 'Activo')`,
      ]);
      const database = await openDatabase({ databaseUrl, dataDir });
      try {
        const partes = rowsOf(
          await database.db.execute(sql`select c.titulo, p.user_id, p.rol, p.nombre, p.abogado from caso_partes p join casos c on c.id = p.caso_id order by c.titulo`),
        );
        expect(partes).toEqual([{ titulo: 'Sucesión de María Ibáñez', user_id: 'abogada-1', rol: 'contraparte', nombre: 'Compañía Aseguradora del Golfo', abogado: null }]);
        const search = createSearchService(database.plannedPerRun);
        const titles = async (q: string) =>
          (await search.search('abogada-1', busquedaQuerySchema.parse({ q }))).grupos.flatMap((grupo) => grupo.items.map((item) => `${grupo.tipo}:${item.titulo}`));
        expect(await titles('aseguradora golfo')).toEqual(['casos:Sucesión de María Ibáñez']);
      } finally {
        await database.close();
      }
    });
  });
}
