import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './tools/eslint-boundaries.js';

// A later block's no-restricted-syntax replaces this list, so each block spreads it again.
const testsRunWhole = [
  { selector: "CallExpression[callee.property.name='only']", message: 'No dejes .only en los tests.' },
  { selector: "CallExpression[callee.property.name='skip']", message: 'No se saltan tests para que la ejecución pase.' },
];

const zodOnlyFromShared = { name: 'zod', message: "Importa z desde '@bufete/shared/zod' (zod configurado en español).", allowTypeImports: true };

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.e2e-data/**', 'data/**', 'apps/server/drizzle/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { bufete: boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Zod speaks Spanish only through packages/shared/src/zod.ts (docs/decisions/0006).
      'no-restricted-imports': ['error', { paths: [zodOnlyFromShared] }],
      'no-restricted-syntax': ['error', ...testsRunWhole],
    },
  },
  {
    files: ['packages/shared/src/zod.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // Features never import each other; app/ uses their entries (docs/ARCHITECTURE.md, "Web").
      'bufete/feature-boundaries': 'error',
      // The web imports each shared module by its path, never the barrel: a screen that needs a
      // path or a label must not load zod and every schema with it (docs/decisions/0028).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            zodOnlyFromShared,
            { name: '@bufete/shared', message: "Importa desde el módulo ('@bufete/shared/api/casos', '@bufete/shared/casos'…), no desde el índice.", allowTypeImports: true },
          ],
        },
      ],
      // One way to word a failed call: serverMessage / statusOf / codeOf (lib/api.ts), applyServerError in a form (lib/forms.ts).
      'no-restricted-syntax': [
        'error',
        ...testsRunWhole,
        {
          selector: "BinaryExpression[operator='instanceof'][right.name='ApiError']",
          message: 'Usa serverMessage(error, texto), statusOf(error) o codeOf(error) de lib/api.ts (o applyServerError en un formulario): nunca el mensaje del navegador.',
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/api.ts', 'apps/web/src/lib/forms.ts'],
    rules: { 'no-restricted-syntax': ['error', ...testsRunWhole] },
  },
  {
    // Routes never touch the database; modules meet only through services (docs/ARCHITECTURE.md, "Server").
    files: ['apps/server/src/**/*.ts'],
    rules: { 'bufete/module-boundaries': 'error' },
  },
  {
    files: ['apps/server/test/**/*.ts', 'e2e/**/*.ts', 'tools/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
