import { defineConfig, devices } from '@playwright/test';

const PORT = 4173;
export const E2E_DATA_DIR = '.e2e-data';

/**
 * Browser journeys against the real server (PGlite, .eml outbox) and the
 * built SPA, in Debian's Chromium. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-ES',
    // Lets the tests inject axe-core; the app itself runs under its strict CSP.
    bypassCSP: true,
    trace: 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: `rm -rf ${E2E_DATA_DIR} && node --import tsx apps/server/src/index.ts`,
    url: `http://127.0.0.1:${PORT}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${PORT}`,
      DATA_DIR: E2E_DATA_DIR,
      AUTH_RATE_LIMIT_MAX: '1000',
      SMTP_URL: '',
      DATABASE_URL: '',
    },
  },
});
