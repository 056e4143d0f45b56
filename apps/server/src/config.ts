import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * The whole configuration, read from the environment once at start-up and
 * checked here. Names are fixed (deployments rely on them); see .env.example.
 */
const envSchema = z.object({
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
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  AUTH_RATE_LIMIT_MAX: z.coerce.number().int().positive().default(10),
  AUTH_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  REMINDER_POLL_SECONDS: z.coerce.number().positive().default(15),
  REMINDER_RETRY_BASE_SECONDS: z.coerce.number().positive().default(60),
  REMINDER_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  DIAGNOSTICS_ENABLED: z.enum(['true', 'false']).optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  S3_PREFIX: z.string().default(''),
  WEB_DIST_DIR: z.string().optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  /** Public origin used in emailed links, without a trailing slash. */
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  secret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  aiDailyLimit: number;
  authRateLimit: { max: number; windowSeconds: number };
  reminders: { pollMs: number; retryBaseMs: number; maxAttempts: number };
  /** /test-auth and /test-email: on by default, off in production unless DIAGNOSTICS_ENABLED=true. */
  diagnosticsEnabled: boolean;
  /** Local disk under DATA_DIR/storage, or an S3-compatible bucket when S3_BUCKET is set. */
  storage:
    | { driver: 'local'; root: string }
    | { driver: 's3'; bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean; prefix: string };
  /** The built SPA (apps/web/dist); absent in API-only tests. */
  webDistDir: string | undefined;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in .env files mean "unset".
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n');
    throw new ConfigError(`Configuración inválida:\n${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const defaultWebDist = path.resolve(import.meta.dirname, '../../web/dist');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    appUrl: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL,
    secret: env.APP_SECRET ?? readOrCreateSecret(dataDir),
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    aiDailyLimit: env.AI_DAILY_LIMIT,
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    reminders: {
      pollMs: env.REMINDER_POLL_SECONDS * 1000,
      retryBaseMs: env.REMINDER_RETRY_BASE_SECONDS * 1000,
      maxAttempts: env.REMINDER_MAX_ATTEMPTS,
    },
    diagnosticsEnabled: env.DIAGNOSTICS_ENABLED ? env.DIAGNOSTICS_ENABLED === 'true' : env.NODE_ENV !== 'production',
    storage: env.S3_BUCKET
      ? {
          driver: 's3',
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
          prefix: env.S3_PREFIX,
        }
      : { driver: 'local', root: path.join(dataDir, 'storage') },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : existsSync(defaultWebDist) ? defaultWebDist : undefined,
  };
}

/** Without APP_SECRET, a random one is generated on first start and kept in DATA_DIR (never in git). */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
