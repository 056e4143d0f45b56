// `npm test`: everything CI checks, on a fresh Debian machine as on a laptop.
// Installs what is missing (npm dependencies; Debian's Chromium, xsltproc, xmllint, poppler and LibreOffice Writer), then runs
// typecheck, lint, unit + integration tests (Vitest) and browser journeys (Playwright).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function run(label, command, args, options = {}) {
  console.log(`\n▶ ${label}: ${[command, ...args].join(' ')}`);
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...options.env } });
  if (result.status !== 0 && !options.allowFailure) {
    console.error(`\n✖ ${label} falló (código ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
  return result.status === 0;
}

// 1. npm dependencies (a clean clone has none).
if (!existsSync(path.join(root, 'node_modules/.package-lock.json'))) {
  run('dependencias', 'npm', ['ci', '--no-audit', '--no-fund']);
}

// 2. Debian's packages the tests use: Chromium for the browser tests (Playwright never
// downloads its own here), libxml2's xmllint and xsltproc, with which the CFDI tests
// check what Bufete emits against the SAT's own XSD and XSLT, and poppler's pdftoppm, which
// renders the printed CFDI so its QR code is read back as a phone would; LibreOffice's Writer,
// a reader owing nothing to Bufete, opens every escrito it generates and prints it to PDF.
const debianPackages = [
  { name: 'chromium', path: chromium },
  { name: 'xsltproc', path: '/usr/bin/xsltproc' },
  { name: 'libxml2-utils', path: '/usr/bin/xmllint' },
  { name: 'poppler-utils', path: '/usr/bin/pdftoppm' },
  { name: 'libreoffice-writer-nogui', path: '/usr/bin/soffice' },
];
const missing = debianPackages.filter((pkg) => !existsSync(pkg.path));
if (missing.length) {
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => (sudo.length ? run('apt', 'sudo', ['apt-get', ...args]) : run('apt', 'apt-get', args));
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...missing.map((pkg) => pkg.name)]);
  for (const pkg of missing) {
    if (!existsSync(pkg.path)) {
      console.error(`✖ No se encontró ${pkg.path} tras instalar ${pkg.name}.`);
      process.exit(1);
    }
  }
}

const npx = (args, env) => run(args[0], 'npx', args, { env });

// 3. Static checks.
run('typecheck', 'npm', ['run', 'typecheck']);
run('lint', 'npm', ['run', 'lint']);

// 4. Unit and integration tests (PGlite always; PostgreSQL at 127.0.0.1:5432 when it answers).
rmSync('test-results', { recursive: true, force: true });
npx(['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest-results.json']);

// 5. The SPA the browser tests load, then the journeys in Chromium.
run('build', 'npm', ['run', 'build']);
npx(['playwright', 'test'], { CI: process.env.CI ?? '1' });

// 6. One closing line with the totals of both runners.
const vitest = JSON.parse(readFileSync('test-results/vitest-results.json', 'utf8'));
const e2e = JSON.parse(readFileSync('test-results/e2e-results.json', 'utf8'));
const passed = vitest.numPassedTests + e2e.stats.expected;
const failed = vitest.numFailedTests + e2e.stats.unexpected + e2e.stats.flaky;
const skipped = vitest.numPendingTests + vitest.numTodoTests + e2e.stats.skipped;
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 ? 0 : 1);
