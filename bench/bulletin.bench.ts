/**
 * 'Revisar boletín' at the size of a real day (issues 35 and 44): a
 * 250-page, two-column Mexico City day of about 14,000 entries, written by
 * pdf-lib in the public layout (the corpus of apps/server/test/support:
 * running headers, headings at a column's foot, entries across columns and
 * pages, Salas with tocas, oral and written courts), reviewed against a
 * lawyer with 2,000 open cases, on the server as `npm start` runs it (the
 * build in apps/server/dist, PGlite). Reports the review's time through HTTP
 * (upload, the pages read by the extraction threads, the layout and the
 * reading, the matching), the server's peak resident memory above what it
 * held before (the kernel's high-water mark, reset first), and each phase
 * alone in this process, as shares of the whole.
 * Goal (issue 44): under 5 s on a 2-core machine, memory bounded.
 *
 *   npm run bench:bulletin
 *   BENCH_BULLETIN_ENTRIES=5000 BENCH_BULLETIN_CASES=500 npm run bench:bulletin
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { boletinesApi, casosApi } from '@bufete/shared';
import { pdfPositions } from '../apps/server/src/extraction/pdf-positions';
import { matchBulletin } from '../apps/server/src/modules/bulletins/matching';
import { pdfBlocks } from '../apps/server/src/modules/bulletins/reading/pdf-layout';
import { readBlocks } from '../apps/server/src/modules/bulletins/reading/reader';
import { signUpConfirmed } from '../apps/server/test/support/accounts';
import { startBuiltServer } from './built-server';
import { cdmxDay, cdmxPdf, ordinal, seeded } from '../apps/server/test/support/bulletin-corpus';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';

const ROOT = path.resolve(import.meta.dirname, '..');
const ENTRIES = Number(process.env.BENCH_BULLETIN_ENTRIES ?? 14_060);
const CASES = Number(process.env.BENCH_BULLETIN_CASES ?? 2_000);

/** The lawyer's cases, typed as lawyers type them, over Mexico City's courts, with numbers in the range the day prints. */
function lawyerCases() {
  const random = seeded(2026);
  const kinds = [
    (n: number) => ({ juzgado: `Juzgado ${n}o. de lo Civil`, max: 73 }),
    (n: number) => ({ juzgado: `${ordinal(n).toLowerCase()} civil`, max: 73 }),
    (n: number) => ({ juzgado: `Juzgado ${n}° Civil de Proceso Oral`, max: 30 }),
    (n: number) => ({ juzgado: `${n}o. Familiar`, max: 42 }),
    (n: number) => ({ juzgado: `Juzgado ${n} Civil de Cuantía Menor`, max: 30 }),
    (n: number) => ({ juzgado: `${ordinal(n, true).toLowerCase()} Sala Civil`, max: 10 }),
  ];
  return Array.from({ length: CASES }, (_, i) => {
    const kind = kinds[i % kinds.length]!;
    const court = kind(1 + random.int(kind(1).max));
    const numero = 3000 + random.int(6000);
    const anio = 2015 + random.int(12);
    return {
      titulo: `Caso ${i + 1}`,
      juzgado: court.juzgado,
      expediente: court.juzgado.includes('Sala') ? `Toca ${numero}/${anio}` : `${String(numero).padStart(4, '0')}/${anio}`,
    };
  });
}

const resetPeak = (pid: number) => writeFile(`/proc/${pid}/clear_refs`, '5');
const rssOf = (pid: number, field: 'VmHWM' | 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;

async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<unknown>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

console.log('Compilando el servidor (npm run build lo hace también)…');
if (spawnSync(process.execPath, ['scripts/build-server.mjs'], { cwd: ROOT, stdio: 'inherit' }).status !== 0) process.exit(1);

const dataDir = await mkdtemp(path.join(tmpdir(), 'bufete-bench-boletin-'));
const server = await startBuiltServer({ DATA_DIR: dataDir });
const { url } = server;
try {
  const { client } = await signUpConfirmed({ client: () => new HttpClient(url), mail: outboxMailBox(dataDir) });
  const cases = lawyerCases();
  console.log(`  ${CASES} casos abiertos…`);
  await inParallel(cases, 8, (caso) => client.call(casosApi.create, { body: { ...caso, estado: 'Activo' } }));

  const { flow, corpus } = cdmxDay({ entries: ENTRIES });
  const { pdf, pages } = await cdmxPdf(flow, { fecha: corpus.fecha, pageSize: [612, 792], leading: 11.8 });
  console.log(`  boletín: ${pages} páginas a dos columnas, ${corpus.printed} entradas, ${(pdf.length / 1024 / 1024).toFixed(1)} MB`);

  const pid = server.pid;
  const before = rssOf(pid, 'VmRSS');
  await resetPeak(pid);
  const started = performance.now();
  const res = await client.upload(boletinesApi.reviewFile, { name: 'boletin.pdf', bytes: pdf, type: 'application/pdf' });
  const reviewMs = performance.now() - started;
  if (res.status !== 200) throw new Error(`revisión: ${res.status} ${res.text}`);
  const peak = rssOf(pid, 'VmHWM');

  // Each phase alone, on the same PDF, in this process (one thread).
  const pdfFile = path.join(dataDir, 'boletin.pdf');
  await writeFile(pdfFile, pdf);
  const t0 = performance.now();
  const positioned = await pdfPositions(pdfFile, { pageLimit: 1_000, maxChars: 30_000_000 });
  const t1 = performance.now();
  const { blocks, layout } = pdfBlocks(positioned.pages);
  const t2 = performance.now();
  const read = readBlocks(blocks, layout);
  const t3 = performance.now();
  const matches = matchBulletin(
    read.entries,
    cases.map((caso, i) => ({ id: String(i), expediente: caso.expediente, juzgado: caso.juzgado, partes: [] })),
  );
  const t4 = performance.now();
  const total = t4 - t0;

  const row = {
    páginas: pages,
    casos: CASES,
    'entradas impresas': corpus.printed,
    'entradas leídas': res.json.informe.entradas,
    coincidencias: res.json.confirmadas + res.json.posibles,
    confirmadas: res.json.confirmadas,
    problemas: res.json.informe.problemas.length,
    'revisión por HTTP (s)': Number((reviewMs / 1000).toFixed(2)),
    'memoria antes (MB)': Math.round(before),
    'pico sobre lo anterior (MB)': Math.round(peak - before),
    'en proceso, un hilo (s)': Number((total / 1000).toFixed(2)),
    'pdf.js: posiciones (%)': Math.round(((t1 - t0) / total) * 100),
    'columnas y encabezados (%)': Math.round(((t2 - t1) / total) * 100),
    'lectura (%)': Math.round(((t3 - t2) / total) * 100),
    'cotejo (%)': Math.round(((t4 - t3) / total) * 100),
    'HTTP / un hilo': Number((reviewMs / total).toFixed(2)),
    'en proceso: coincidencias': matches.length,
  };
  console.table([row]);
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(path.join(ROOT, 'bench/results', `bulletin-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(row, null, 2));
} finally {
  await server.stop();
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
