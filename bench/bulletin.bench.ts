/**
 * 'Revisar boletín' at the size of a real day (issue 35): a 300-page bulletin
 * PDF, written by pdf-lib as Mexico City lays it out (court headings, entries
 * closed by their expediente), reviewed against a lawyer with 2,000 open
 * cases, on the server as `npm start` runs it (the build in
 * apps/server/dist, PGlite). Reports the review's time through HTTP (upload,
 * the PDF's text read in an extraction thread, the reading and the
 * matching), the server's peak resident memory above what it held before
 * (the kernel's high-water mark, reset first), and the reading and matching
 * alone on the same text in this process.
 * Goal (the issue): under 5 s on a laptop, memory bounded.
 *
 *   npm run bench:bulletin
 *   BENCH_BULLETIN_PAGES=100 BENCH_BULLETIN_CASES=500 npm run bench:bulletin
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { boletinesApi, casosApi, partesApi } from '@bufete/shared';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { extractText } from '../apps/server/src/extraction/extract';
import { readBulletin } from '../apps/server/src/modules/bulletins/layout';
import { matchBulletin } from '../apps/server/src/modules/bulletins/matching';
import { signUpConfirmed } from '../apps/server/test/support/accounts';
import { HttpClient } from '../apps/server/test/support/http-client';
import { outboxMailBox } from '../apps/server/test/support/mail';
import { freePort, until } from '../apps/server/test/support/waiting';

const ROOT = path.resolve(import.meta.dirname, '..');
const PAGES = Number(process.env.BENCH_BULLETIN_PAGES ?? 300);
const CASES = Number(process.env.BENCH_BULLETIN_CASES ?? 2_000);
const LINES_PER_PAGE = 60;

const ORDINALS = ['PRIMERO', 'SEGUNDO', 'TERCERO', 'CUARTO', 'QUINTO', 'SEXTO', 'SÉPTIMO', 'OCTAVO', 'NOVENO', 'DÉCIMO'];
const ordinal = (n: number) => (n <= 10 ? ORDINALS[n - 1]! : `${n}o.`);
const SURNAMES = ['PÉREZ', 'LÓPEZ', 'GARCÍA', 'HERNÁNDEZ', 'MARTÍNEZ', 'RAMÍREZ', 'TORRES', 'FLORES', 'RIVERA', 'GÓMEZ', 'DÍAZ', 'CRUZ', 'MORALES', 'ORTIZ'];
const JUICIOS = ['Especial Hipotecario.', 'Ejecutivo Mercantil.', 'Ordinario Civil.', 'Controversia de Arrendamiento.', 'Oral Mercantil.'];

let seed = 11;
const random = (n: number) => ((seed = (seed * 16807) % 2147483647), seed % n);
const party = () => `${SURNAMES[random(SURNAMES.length)]} ${SURNAMES[random(SURNAMES.length)]} ${['JOSÉ', 'MARÍA', 'LUIS', 'ANA'][random(4)]}`;

/** The lawyer's cases: spread over 60 civil courts, numbers of 2023–2025. */
const cases = Array.from({ length: CASES }, (_, i) => ({ court: 1 + (i % 60), numero: 1 + random(3000), anio: 2023 + (i % 3), contraparte: party() }));

/** A bulletin of PAGES pages: 60 courts, each with its entries; about one in fifty is one of the lawyer's cases. */
function bulletinLines(): string[] {
  const lines = ['BOLETÍN JUDICIAL No. 220', 'Ciudad de México, jueves 26 de noviembre de 2026', 'JUZGADOS DE LO CIVIL'];
  const total = PAGES * LINES_PER_PAGE;
  const perCourt = Math.ceil(total / 60);
  for (let court = 1; court <= 60 && lines.length < total; court += 1) {
    lines.push(`${ordinal(court)} DE LO CIVIL`);
    for (let line = 0; line < perCourt && lines.length < total; line += 2) {
      const ours = random(50) === 0 ? cases.find((caso) => caso.court === court) : undefined;
      const numero = ours?.numero ?? 1 + random(9000);
      const anio = ours?.anio ?? 2020 + random(6);
      // An entry over two lines, as a column breaks it.
      lines.push(`${party()} vs. ${ours?.contraparte ?? party()}. ${JUICIOS[random(JUICIOS.length)]}`);
      lines.push(`Exp. ${numero}/${anio}.`);
    }
  }
  return lines;
}

async function bulletinPdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let start = 0; start < lines.length; start += LINES_PER_PAGE) {
    const page = pdf.addPage([612, 1008]);
    lines.slice(start, start + LINES_PER_PAGE).forEach((line, index) => page.drawText(line, { x: 36, y: 980 - index * 16, size: 8, font }));
  }
  return Buffer.from(await pdf.save());
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
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const child: ChildProcess = spawn(process.execPath, ['apps/server/dist/index.js'], {
  cwd: ROOT,
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), APP_URL: url, DATA_DIR: dataDir, AUTH_RATE_LIMIT_MAX: '100000' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
let output = '';
child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
try {
  await until(
    () => {
      if (child.exitCode !== null) throw new Error(output);
      return output.includes('Bufete escuchando');
    },
    'el servidor escuchando',
    120_000,
  );
  const { client } = await signUpConfirmed({ client: () => new HttpClient(url), mail: outboxMailBox(dataDir) });
  console.log(`  ${CASES} casos abiertos…`);
  await inParallel(cases, 8, async (caso) => {
    const created = await client.call(casosApi.create, {
      body: { titulo: `Caso ${caso.numero}/${caso.anio}`, estado: 'Activo', expediente: `${caso.numero}/${caso.anio}`, juzgado: `Juzgado ${ordinal(caso.court)} de lo Civil` },
    });
    await client.call(partesApi.create, { params: { id: created.json.caso.id }, body: { rol: 'demandado', nombre: caso.contraparte } });
  });
  const lines = bulletinLines();
  const pdf = await bulletinPdf(lines);
  console.log(`  boletín: ${PAGES} páginas, ${lines.length} líneas, ${(pdf.length / 1024 / 1024).toFixed(1)} MB`);

  const pid = child.pid!;
  const before = rssOf(pid, 'VmRSS');
  await resetPeak(pid);
  const started = performance.now();
  const res = await client.upload(boletinesApi.reviewFile, { name: 'boletin.pdf', bytes: pdf, type: 'application/pdf' });
  const reviewMs = performance.now() - started;
  if (res.status !== 200) throw new Error(`revisión: ${res.status} ${res.text}`);
  const peak = rssOf(pid, 'VmHWM');

  // The reading and the matching alone, on the same text, in this process.
  const pdfFile = path.join(dataDir, 'boletin.pdf');
  await writeFile(pdfFile, pdf);
  const text = (await extractText(pdfFile, 'pdf', { pdfPages: 1_000, maxChars: 30_000_000 }))!;
  const readStart = performance.now();
  const read = readBulletin(text);
  const readMs = performance.now() - readStart;
  const matchStart = performance.now();
  const matches = matchBulletin(
    read.entries,
    cases.map((caso, i) => ({ id: String(i), expediente: `${caso.numero}/${caso.anio}`, juzgado: `Juzgado ${ordinal(caso.court)} de lo Civil`, partes: [caso.contraparte] })),
  );
  const matchMs = performance.now() - matchStart;

  const row = {
    páginas: PAGES,
    casos: CASES,
    entradas: res.json.entradas,
    coincidencias: res.json.coincidencias.length,
    confirmadas: res.json.coincidencias.filter((c: { certeza: string }) => c.certeza === 'confirmada').length,
    'revisión por HTTP (s)': Number((reviewMs / 1000).toFixed(2)),
    'lectura (ms)': Math.round(readMs),
    'cotejo (ms)': Math.round(matchMs),
    'memoria antes (MB)': Math.round(before),
    'pico (MB)': Math.round(peak),
    'pico sobre lo anterior (MB)': Math.round(peak - before),
    'en proceso: entradas': read.entries.length,
    'en proceso: coincidencias': matches.length,
  };
  console.table([row]);
  await mkdir(path.join(ROOT, 'bench/results'), { recursive: true });
  await writeFile(path.join(ROOT, 'bench/results', `bulletin-${new Date().toISOString().replace(/[:.]/g, '-')}.json`), JSON.stringify(row, null, 2));
} finally {
  child.kill('SIGTERM');
  if (child.exitCode === null) await new Promise((resolve) => child.once('exit', resolve));
  await rm(dataDir, { recursive: true, force: true });
}
process.exit(0);
