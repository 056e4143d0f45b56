import { z } from '@bufete/shared';

/**
 * PostgreSQL connections per process for the search (SEARCH_CONNECTIONS:
 * db/client.ts' `plannedPerRun`). A search is ~2 ms of PostgreSQL's CPU,
 * nearly all of it planning and running: more searches at once than the
 * database has cores to spare only queue inside it and lengthen everyone's
 * wait. Two per process on a 2-core machine: p95 at 8 connections 21 ms
 * against 26–29 with four (bench/README.md, fifth pass). Raise it where
 * PostgreSQL has cores to spare.
 */
export const DEFAULT_SEARCH_CONNECTIONS = 2;

const WORKERS_MESSAGE = 'WORKERS debe ser un número entero de 1 a 64';
const SEARCH_CONNECTIONS_MESSAGE = 'SEARCH_CONNECTIONS debe ser un número entero de 1 a 32';

/**
 * The environment, checked once at start-up (config.ts builds the
 * configuration from it). Names are fixed (deployments rely on them); see
 * .env.example.
 */
export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  APP_SECRET: z.string().min(32, 'APP_SECRET debe tener al menos 32 caracteres').optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bufete <no-responder@bufete.local>'),
  AI_PROVIDER: z.enum(['anthropic', 'openai-compatible']).optional(),
  AI_MODEL: z.string().optional(),
  AI_BASE_URL: z.url().optional(),
  AI_API_KEY: z.string().optional(),
  AI_DAILY_LIMIT: z.coerce.number().int().positive().default(50),
  AI_CONTEXT_CHARS: z.coerce.number().int().min(2000).max(400_000).default(24_000),
  STORAGE_QUOTA_MB: z.coerce.number().positive('STORAGE_QUOTA_MB debe ser un número de megabytes mayor que 0').default(5120),
  AI_FIRST_TOKEN_SECONDS: z.coerce.number().int().min(5, 'AI_FIRST_TOKEN_SECONDS debe estar entre 5 y 600').max(600, 'AI_FIRST_TOKEN_SECONDS debe estar entre 5 y 600').default(60),
  AI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  AI_MAX_TOKENS_FIELD: z.enum(['max_tokens', 'max_completion_tokens']).optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_OAUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_CALENDAR_API_URL: z.url().default('https://www.googleapis.com/calendar/v3'),
  GOOGLE_REVOKE_URL: z.url().default('https://oauth2.googleapis.com/revoke'),
  STRIPE_API_URL: z.url().default('https://api.stripe.com'),
  GOOGLE_SYNC_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
  GOOGLE_SYNC_MINUTES: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(5),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  SEARCH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
  SEARCH_CONNECTIONS: z.coerce
    .number({ error: SEARCH_CONNECTIONS_MESSAGE })
    .int(SEARCH_CONNECTIONS_MESSAGE)
    .min(1, SEARCH_CONNECTIONS_MESSAGE)
    .max(32, SEARCH_CONNECTIONS_MESSAGE)
    .default(DEFAULT_SEARCH_CONNECTIONS),
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(30),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  JOBS_POLL_SECONDS: z.coerce.number().positive().default(5),
  JOBS_LEASE_SECONDS: z.coerce.number().min(1, 'JOBS_LEASE_SECONDS debe estar entre 1 y 3600').max(3600, 'JOBS_LEASE_SECONDS debe estar entre 1 y 3600').default(60),
  /** Watched bulletins (issue 35): the hour of Mexico City's business days from which the day's bulletins are fetched, and the sites' addresses (tests point them at fakes). */
  BULLETIN_WATCH_HOUR: z.coerce.number().int().min(0, 'BULLETIN_WATCH_HOUR debe estar entre 0 y 23').max(23, 'BULLETIN_WATCH_HOUR debe estar entre 0 y 23').default(8),
  BULLETIN_CDMX_URL: z.string().url().default('https://www.poderjudicialcdmx.gob.mx'),
  BULLETIN_BC_URL: z.string().url().default('https://www.pjbc.gob.mx'),
  BULLETIN_JALISCO_URL: z.string().url().default('https://api.cjj.gob.mx'),
  /** Between two requests to one court site (at least 2 s: a good citizen's pace). */
  BULLETIN_REQUEST_GAP_SECONDS: z.coerce.number().min(2, 'BULLETIN_REQUEST_GAP_SECONDS debe ser al menos 2').default(2),
  SMTP_TIMEOUT_SECONDS: z.coerce.number().min(1, 'SMTP_TIMEOUT_SECONDS debe estar entre 1 y 300').max(300, 'SMTP_TIMEOUT_SECONDS debe estar entre 1 y 300').default(10),
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().positive().default(30),
  REMINDER_RETRY_BASE_SECONDS: z.coerce.number().positive().default(60),
  REMINDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  DIAGNOSTICS_ENABLED: z.enum(['true', 'false']).default('false'),
  TRUST_PROXY: z
    .string()
    .regex(/^(true|false|\d{1,2})$/, 'TRUST_PROXY debe ser true, false o el número de proxies delante del servidor')
    .default('false'),
  CLIENT_EMAIL_HOURLY_LIMIT: z.coerce.number().int().positive().default(30),
  CLIENT_EMAIL_DAILY_LIMIT: z.coerce.number().int().positive().default(150),
  EXTRACTION_TIMEOUT_SECONDS: z.coerce.number().positive().max(600).default(30),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PREFIX: z.string().default(''),
  WEB_DIST_DIR: z.string().optional(),
  PAC_PROVIDER: z.enum(['sw'], { error: 'PAC_PROVIDER debe ser sw (SW sapien) o quedar vacío' }).optional(),
  PAC_URL: z.url().optional(),
  PAC_USER: z.string().optional(),
  PAC_PASSWORD: z.string().optional(),
  PAC_TOKEN: z.string().optional(),
  PAC_TIMEOUT_SECONDS: z.coerce.number().min(0.2, 'PAC_TIMEOUT_SECONDS debe estar entre 0.2 y 120').max(120, 'PAC_TIMEOUT_SECONDS debe estar entre 0.2 y 120').default(20),
  PAC_RETRIES: z.coerce.number().int().min(0, 'PAC_RETRIES debe estar entre 0 y 5').max(5, 'PAC_RETRIES debe estar entre 0 y 5').default(2),
  PAC_SW_PRUEBAS_URL: z.url().default('https://services.test.sw.com.mx'),
  PAC_SW_PRODUCCION_URL: z.url().default('https://services.sw.com.mx'),
  CFDI_RATE_LIMIT_PER_10_MINUTES: z.coerce.number().int().positive().default(60),
  SAT_CONSULTA_URL: z.url().default('https://consultaqr.facturaelectronica.sat.gob.mx/ConsultaCFDIService.svc'),
  WORKERS: z.coerce.number({ error: WORKERS_MESSAGE }).int(WORKERS_MESSAGE).min(1, WORKERS_MESSAGE).max(64, WORKERS_MESSAGE).default(1),
});

export type Env = z.infer<typeof envSchema>;
