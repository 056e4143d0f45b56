import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import boundaries from './eslint-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, '..');
const web = (file: string) => path.join(root, 'apps/web/src', file);
const server = (file: string) => path.join(root, 'apps/server/src', file);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });

tester.run('feature-boundaries', boundaries.rules['feature-boundaries'], {
  valid: [
    { filename: web('app/pages/CaseDetailPage.tsx'), code: "import { CaseDocuments } from '@/features/documents';" },
    { filename: web('features/cases/CasesPage.tsx'), code: "import { useCases } from './api';" },
    { filename: web('features/calendar/plazos/PlazoDialog.tsx'), code: "import { calendarKeys } from '../api';" },
    { filename: web('features/notes/NoteFormDialog.tsx'), code: "import { TagPicker } from '@/components/tags/TagPicker';" },
    { filename: web('app/router.tsx'), code: "import { CasesPage } from '@/features/cases';" },
    { filename: web('components/ui/button.tsx'), code: "import { cn } from '@/lib/utils';" },
  ],
  invalid: [
    // Features never import each other, not even through an entry.
    { filename: web('features/cases/CasesPage.tsx'), code: "import { CaseDocuments } from '@/features/documents';", errors: 1 },
    { filename: web('features/time/TimeEntries.tsx'), code: "import { BillTimeDialog } from '../invoices';", errors: 1 },
    { filename: web('features/cases/api.ts'), code: "import type { DocumentFilters } from '@/features/documents/api';", errors: 1 },
    { filename: web('app/pages/CaseDetailPage.tsx'), code: "import { DocumentGrid } from '@/features/documents/DocumentGrid';", errors: 1 },
    { filename: web('app/router.tsx'), code: "const Page = () => import('@/features/cases/CasesPage');", errors: 1 },
    { filename: web('components/ui/dialog.tsx'), code: "import { caseKeys } from '@/features/cases';", errors: 1 },
    { filename: web('lib/api.ts'), code: "export { useTags } from '@/features/notes';", errors: 1 },
  ],
});

tester.run('module-boundaries', boundaries.rules['module-boundaries'], {
  valid: [
    { filename: server('modules/cases/routes.ts'), code: "import type { CaseService } from './service';" },
    { filename: server('modules/documents/service.ts'), code: "import type { CaseService } from '../cases/service';" },
    { filename: server('modules/documents/service.ts'), code: "import { casos } from '../cases/schema';" },
    { filename: server('modules/cases/service.ts'), code: "import { eq } from 'drizzle-orm';" },
  ],
  invalid: [
    { filename: server('modules/cases/routes.ts'), code: "import { eq } from 'drizzle-orm';", errors: 1 },
    { filename: server('modules/cases/routes.ts'), code: "import type { Database } from '../../db/client';", errors: 1 },
    { filename: server('modules/cases/routes.ts'), code: "import { casos } from './schema';", errors: 1 },
    { filename: server('modules/profile/routes.ts'), code: "import { storeAvatar } from '../documents/avatar';", errors: 1 },
  ],
});
