import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCycles } from './check-cycles.mjs';

/** A tree shaped like this repository's, with the given files. */
async function tree(files: Record<string, string>) {
  const root = await mkdtemp(path.join(tmpdir(), 'bufete-ciclos-'));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), text);
  }
  return root;
}

describe('tools/check-cycles', () => {
  let root = '';
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('names a cycle of files, a type-only one too, and a lazy import() in the web', async () => {
    root = await tree({
      'apps/server/src/modules/calendar/service.ts': "import { REMINDER_JOB } from './jobs';\nexport type EventRow = {};",
      'apps/server/src/modules/calendar/jobs.ts': "import type { EventRow } from './service';\nexport const REMINDER_JOB = 'x';",
      'apps/web/src/features/time/TimerSlot.tsx': "const Dialog = () => import('@/features/time/RateDialog');",
      'apps/web/src/features/time/RateDialog.tsx': "import { x } from './TimerSlot';",
    });
    const { problems } = importCycles(root);
    expect(problems).toEqual([
      'Ciclo de archivos: apps/server/src/modules/calendar/jobs.ts → apps/server/src/modules/calendar/service.ts → apps/server/src/modules/calendar/jobs.ts',
      'Ciclo de archivos: apps/web/src/features/time/RateDialog.tsx → apps/web/src/features/time/TimerSlot.tsx → apps/web/src/features/time/RateDialog.tsx',
    ]);
  });

  it('names two server modules that reach each other though no file does', async () => {
    root = await tree({
      'apps/server/src/modules/invoices/service.ts': "import type { TimeService } from '../time/service';",
      'apps/server/src/modules/invoices/schema.ts': 'export const facturas = {};',
      'apps/server/src/modules/time/service.ts': "import { timeEntries } from './schema';\nexport type TimeService = {};",
      'apps/server/src/modules/time/schema.ts': "import { facturas } from '../invoices/schema';\nexport const timeEntries = {};",
    });
    expect(importCycles(root).problems).toEqual(['Ciclo de módulos del servidor: invoices → time → invoices']);
  });

  it('finds none where imports go one way, packages and the shared package included', async () => {
    root = await tree({
      'apps/server/src/modules/invoices/service.ts': "import { MSG } from '@bufete/shared';\nimport { z } from 'zod';\nexport interface TimeForInvoices {}",
      'apps/server/src/modules/time/schema.ts': "import { facturas } from '../invoices/schema';",
      'apps/server/src/modules/invoices/schema.ts': 'export const facturas = {};',
      'packages/shared/src/index.ts': "export * from './messages';",
      'packages/shared/src/messages/index.ts': 'export const MSG = {};',
    });
    expect(importCycles(root)).toMatchObject({ problems: [], files: 5, modules: 2 });
  });
});
