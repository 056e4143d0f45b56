import os from 'node:os';
import { defineConfig, devices } from '@playwright/test';

const PORT = 4173;
/** The fake Google the app talks to in these journeys (e2e/fake-google-server.ts). */
export const FAKE_GOOGLE = 'http://127.0.0.1:4174';
/** The fake language model (OpenAI-compatible, streaming) the assistant talks to (e2e/fake-model-server.ts). */
const FAKE_MODEL = 'http://127.0.0.1:4175';
/** The fake PAC (SW sapien's API and the SAT's status service) that stamps CFDI (e2e/fake-pac-server.ts). */
export const FAKE_PAC = 'http://127.0.0.1:4177';
/** The fake Stripe (its API, hosted Checkout page and signed webhooks) the portal's payments go through (e2e/fake-stripe-server.ts). */
export const FAKE_STRIPE = 'http://127.0.0.1:4178';
export const E2E_DATA_DIR = '.e2e-data';
/** A second server as a firm that has enabled neither Google, a language model nor a PAC. */
export const PLAIN_PORT = 4176;
export const PLAIN_DATA_DIR = '.e2e-data-plain';

/** The real server (PGlite, .eml outbox) on `port` with a fresh data folder, plus `env`. Run `npm run build` first. */
function appServer(port: number, dataDir: string, env: Record<string, string>) {
  return {
    // The built server, as `npm start` runs it (npm test builds it before the journeys).
    command: `rm -rf ${dataDir} && node --enable-source-maps apps/server/dist/index.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_MAX: '1000',
      SMTP_URL: '',
      DATABASE_URL: '',
      ...env,
    },
  };
}

/**
 * Browser journeys against the real server (PGlite, .eml outbox) and the
 * built SPA, in Debian's Chromium. Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results/e2e-artifacts',
  // Each journey registers its own lawyer, so journeys run side by side on one
  // server: one browser per worker, as many workers as the machine has cores.
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : Math.max(2, os.cpus().length),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: 'test-results/e2e-results.json' }]] : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'es-ES',
    // The lawyers these journeys play are in central Mexico: new accounts take the browser's time zone.
    timezoneId: 'America/Mexico_City',
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
  webServer: [
    {
      command: 'node --import tsx e2e/fake-google-server.ts',
      url: `${FAKE_GOOGLE}/__control/events`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx e2e/fake-model-server.ts',
      url: `${FAKE_MODEL}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx e2e/fake-pac-server.ts',
      url: `${FAKE_PAC}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: 'node --import tsx e2e/fake-stripe-server.ts',
      url: `${FAKE_STRIPE}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    appServer(PORT, E2E_DATA_DIR, {
      DIAGNOSTICS_ENABLED: 'true',
      GOOGLE_CLIENT_ID: 'fake-client-id.apps.googleusercontent.com',
      GOOGLE_CLIENT_SECRET: 'fake-client-secret',
      GOOGLE_OAUTH_URL: `${FAKE_GOOGLE}/o/oauth2/v2/auth`,
      GOOGLE_TOKEN_URL: `${FAKE_GOOGLE}/token`,
      GOOGLE_CALENDAR_API_URL: `${FAKE_GOOGLE}/calendar/v3`,
      AI_PROVIDER: 'openai-compatible',
      AI_MODEL: 'modelo-prueba',
      AI_BASE_URL: `${FAKE_MODEL}/v1`,
      AI_API_KEY: 'clave-de-prueba',
      // Small enough for a journey to use it up.
      AI_DAILY_LIMIT: '3',
      PAC_PROVIDER: 'sw',
      PAC_URL: FAKE_PAC,
      PAC_USER: 'bufete@pruebas.mx',
      PAC_PASSWORD: 'contraseña-de-pruebas',
      SAT_CONSULTA_URL: `${FAKE_PAC}/ConsultaCFDIService.svc`,
      STRIPE_API_URL: FAKE_STRIPE,
    }),
    // No PAC of the operator's: a lawyer there enters their own account of the fake one.
    appServer(PLAIN_PORT, PLAIN_DATA_DIR, {
      GOOGLE_CLIENT_ID: '',
      GOOGLE_CLIENT_SECRET: '',
      AI_PROVIDER: '',
      PAC_PROVIDER: '',
      PAC_SW_PRUEBAS_URL: FAKE_PAC,
      PAC_SW_PRODUCCION_URL: FAKE_PAC,
      SAT_CONSULTA_URL: `${FAKE_PAC}/ConsultaCFDIService.svc`,
    }),
  ],
});
