import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Env, envSchema } from './config-env';
import { WEB_DIST } from './paths';

export { DEFAULT_SEARCH_CONNECTIONS } from './config-env';

/** The whole configuration, built once at start-up from the checked environment (config-env.ts). */
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
  /**
   * The language model of the assistant, or null: it then answers from the
   * lawyer's own material only. `contextChars` bounds the passages sent with
   * each question (about 4 characters a token).
   */
  ai: {
    provider: 'anthropic' | 'openai-compatible';
    model: string;
    baseUrl: string | undefined;
    apiKey: string | undefined;
    /** How long a question waits for the model's first words before giving up (and giving the unit back). */
    firstTokenMs: number;
    /** The OpenAI-compatible request's field for the reply's length: OpenAI's newer models refuse max_tokens. */
    maxTokensField: 'max_tokens' | 'max_completion_tokens';
  } | null;
  /** Bytes each lawyer may keep in documents, images and chat attachments. */
  storageQuotaBytes: number;
  /** Questions to the assistant per lawyer per minute (on top of the daily quota). */
  aiRatePerMinute: number;
  aiContextChars: number;
  authRateLimit: { max: number; windowSeconds: number };
  /** Searches per lawyer per minute (results as you type). */
  searchRateLimitPerMinute: number;
  /** PostgreSQL connections per process for the search (db/client.ts, DEFAULT_SEARCH_CONNECTIONS). */
  searchConnections: number;
  /** How long a confirmed session may be answered from memory (0: never); ended sessions are forgotten at once anyway. */
  sessionCacheMs: number;
  /**
   * The background queue looks for due jobs every `pollMs`; a job whose
   * process stopped renewing its lease for `leaseMs` (it died) runs again.
   */
  jobs: { pollMs: number; leaseMs: number };
  /**
   * Longest wait on the mail server: to connect and be greeted, and for each
   * answer after that. A request never waits longer for it: what is not sent
   * by then goes on in the queue.
   */
  smtpTimeoutMs: number;
  /** First retry of an account email (confirmation, password reset) that did not go out; doubles up to 5 minutes. */
  mailRetryBaseMs: number;
  /** Retries of a scheduled client email that failed. */
  reminders: { retryBaseMs: number; maxAttempts: number };
  /** /test-auth and /test-email send mail to any address typed in: off unless DIAGNOSTICS_ENABLED=true. */
  diagnosticsEnabled: boolean;
  /**
   * How many reverse proxies stand in front of the server (0: none). With N,
   * the client address is the N-th entry from the right of X-Forwarded-For.
   */
  trustProxyHops: number;
  /** Emails a user may send to clients (now or scheduled), per hour and per day. */
  clientEmailLimits: { hourly: number; daily: number };
  /** Longest a single text extraction may run before its worker is replaced. */
  extractionTimeoutMs: number;
  /** Local disk under DATA_DIR/storage, or an S3-compatible bucket when S3_BUCKET is set. */
  storage:
    | { driver: 'local'; root: string }
    | { driver: 's3'; bucket: string; region: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; forcePathStyle: boolean; prefix: string };
  /**
   * CFDI 4.0: the PAC that stamps (null: none; the sealed XML can still be
   * downloaded), how long one call may wait and how many more times a call
   * that got no answer is tried; the SAT's public status service.
   */
  /** CFDI operations (CSD uploads, sealing, stamping, cancelling, status) per lawyer every ten minutes. */
  cfdiRatePer10Minutes: number;
  cfdi: {
    pac: PacConfig | null;
    /**
     * Where each PAC's environments answer, for the lawyers who enter their
     * own account: the PAC's published addresses (tests point them at a
     * fake). A lawyer chooses an environment, never an address.
     */
    pacUrls: { sw: { pruebas: string; produccion: string } };
    pacTimeoutMs: number;
    pacRetries: number;
    satConsultaUrl: string;
  };
  /** The built SPA (apps/web/dist); absent in API-only tests. */
  webDistDir: string | undefined;
  /** Watched bulletins: from which hour (Mexico City) a business day's are fetched, the sites' addresses, and the pause between two requests to one site. */
  bulletins: { watchHour: number; urls: { cdmx: string; bc: string; jalisco: string }; requestGapMs: number };
  /** Server processes on this machine sharing the port (workers.ts); more than one needs PostgreSQL. */
  workers: number;
  /**
   * Google Calendar: credentials (null when not configured: the calendar
   * works without it), the endpoints (overridable so tests use a local fake),
   * and how often connected calendars sync in the background.
   */
  google: {
    credentials: { clientId: string; clientSecret: string } | null;
    oauthUrl: string;
    tokenUrl: string;
    calendarApiUrl: string;
    /** Where tokens are revoked (RFC 7009) when the lawyer asks, after a password change. */
    revokeUrl: string;
    syncIntervalMs: number;
    /** How long a sync's lease holds without being renewed (renewed while it runs). */
    syncLeaseMs: number;
  };
  /** Online payments: each lawyer brings their own Stripe account; only the API's address is the installation's (tests point it at a local fake). */
  stripeApiUrl: string;
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
  // Every process on one database must sign sessions and encrypt tokens with the same
  // secret: one generated per DATA_DIR would make each process reject the others' cookies.
  if (env.DATABASE_URL && !env.APP_SECRET) {
    throw new ConfigError('Configuración inválida:\n  APP_SECRET: obligatorio con DATABASE_URL (todos los procesos que comparten la base de datos deben usar el mismo)');
  }
  // PGlite admits one process per DATA_DIR (db/lock.ts).
  if (env.WORKERS > 1 && !env.DATABASE_URL) {
    throw new ConfigError('Configuración inválida:\n  WORKERS: más de un proceso requiere DATABASE_URL (PostgreSQL); la base de datos integrada admite uno solo');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
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
    ai: aiConfigOf(env),
    aiContextChars: env.AI_CONTEXT_CHARS,
    aiRatePerMinute: env.AI_RATE_LIMIT_PER_MINUTE,
    storageQuotaBytes: Math.round(env.STORAGE_QUOTA_MB * 1024 * 1024),
    authRateLimit: { max: env.AUTH_RATE_LIMIT_MAX, windowSeconds: env.AUTH_RATE_LIMIT_WINDOW_SECONDS },
    searchRateLimitPerMinute: env.SEARCH_RATE_LIMIT_PER_MINUTE,
    searchConnections: env.SEARCH_CONNECTIONS,
    sessionCacheMs: env.SESSION_CACHE_SECONDS * 1000,
    jobs: { pollMs: env.JOBS_POLL_SECONDS * 1000, leaseMs: env.JOBS_LEASE_SECONDS * 1000 },
    smtpTimeoutMs: env.SMTP_TIMEOUT_SECONDS * 1000,
    mailRetryBaseMs: env.MAIL_RETRY_BASE_SECONDS * 1000,
    reminders: {
      retryBaseMs: env.REMINDER_RETRY_BASE_SECONDS * 1000,
      maxAttempts: env.REMINDER_MAX_ATTEMPTS,
    },
    diagnosticsEnabled: env.DIAGNOSTICS_ENABLED === 'true',
    trustProxyHops: env.TRUST_PROXY === 'true' ? 1 : env.TRUST_PROXY === 'false' ? 0 : Number(env.TRUST_PROXY),
    clientEmailLimits: { hourly: env.CLIENT_EMAIL_HOURLY_LIMIT, daily: env.CLIENT_EMAIL_DAILY_LIMIT },
    extractionTimeoutMs: env.EXTRACTION_TIMEOUT_SECONDS * 1000,
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
    cfdi: {
      pac: pacConfigOf(env),
      pacUrls: { sw: { pruebas: env.PAC_SW_PRUEBAS_URL.replace(/\/+$/, ''), produccion: env.PAC_SW_PRODUCCION_URL.replace(/\/+$/, '') } },
      pacTimeoutMs: env.PAC_TIMEOUT_SECONDS * 1000,
      pacRetries: env.PAC_RETRIES,
      satConsultaUrl: env.SAT_CONSULTA_URL,
    },
    cfdiRatePer10Minutes: env.CFDI_RATE_LIMIT_PER_10_MINUTES,
    bulletins: {
      watchHour: env.BULLETIN_WATCH_HOUR,
      urls: { cdmx: env.BULLETIN_CDMX_URL.replace(/\/+$/, ''), bc: env.BULLETIN_BC_URL.replace(/\/+$/, ''), jalisco: env.BULLETIN_JALISCO_URL.replace(/\/+$/, '') },
      requestGapMs: env.BULLETIN_REQUEST_GAP_SECONDS * 1000,
    },
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : existsSync(WEB_DIST) ? WEB_DIST : undefined,
    workers: env.WORKERS,
    google: {
      credentials: env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET } : null,
      oauthUrl: env.GOOGLE_OAUTH_URL,
      tokenUrl: env.GOOGLE_TOKEN_URL,
      calendarApiUrl: env.GOOGLE_CALENDAR_API_URL.replace(/\/+$/, ''),
      revokeUrl: env.GOOGLE_REVOKE_URL,
      syncLeaseMs: env.GOOGLE_SYNC_LEASE_SECONDS * 1000,
      syncIntervalMs: env.GOOGLE_SYNC_MINUTES * 60_000,
    },
    stripeApiUrl: env.STRIPE_API_URL.replace(/\/+$/, ''),
  };
}

/** A PAC to stamp with: the operator's (the environment) or a lawyer's own account. */
export interface PacConfig {
  provider: 'sw';
  url: string;
  auth: { token: string } | { user: string; password: string };
  timeoutMs: number;
  retries: number;
}

/** The PAC's settings, checked together: an address, and a token or a user with its password. */
function pacConfigOf(env: Env): Config['cfdi']['pac'] {
  if (!env.PAC_PROVIDER) return null;
  if (!env.PAC_URL)
    throw new ConfigError('Configuración inválida:\n  PAC_URL: obligatorio cuando PAC_PROVIDER está definido (p. ej. https://services.test.sw.com.mx para pruebas)');
  const auth = env.PAC_TOKEN ? { token: env.PAC_TOKEN } : env.PAC_USER && env.PAC_PASSWORD ? { user: env.PAC_USER, password: env.PAC_PASSWORD } : null;
  if (!auth) throw new ConfigError('Configuración inválida:\n  PAC_TOKEN: obligatorio con PAC_PROVIDER, o PAC_USER y PAC_PASSWORD');
  return { provider: env.PAC_PROVIDER, url: env.PAC_URL.replace(/\/+$/, ''), auth, timeoutMs: env.PAC_TIMEOUT_SECONDS * 1000, retries: env.PAC_RETRIES };
}

/** The model settings, checked together: a provider needs a model, and an OpenAI-compatible one its address. */
function aiConfigOf(env: Env): Config['ai'] {
  if (!env.AI_PROVIDER) return null;
  if (!env.AI_MODEL) throw new ConfigError('Configuración inválida:\n  AI_MODEL: obligatorio cuando AI_PROVIDER está definido');
  if (env.AI_PROVIDER === 'openai-compatible' && !env.AI_BASE_URL) {
    throw new ConfigError('Configuración inválida:\n  AI_BASE_URL: obligatorio con AI_PROVIDER=openai-compatible (p. ej. https://api.openai.com/v1 o http://localhost:11434/v1)');
  }
  // api.openai.com takes max_completion_tokens for every chat model (and its newer models refuse
  // max_tokens); servers that copy its older API (Ollama, vLLM, LM Studio) know max_tokens.
  const openai = !!env.AI_BASE_URL && new URL(env.AI_BASE_URL).hostname === 'api.openai.com';
  return {
    provider: env.AI_PROVIDER,
    model: env.AI_MODEL,
    baseUrl: env.AI_BASE_URL,
    apiKey: env.AI_API_KEY,
    firstTokenMs: env.AI_FIRST_TOKEN_SECONDS * 1000,
    maxTokensField: env.AI_MAX_TOKENS_FIELD ?? (openai ? 'max_completion_tokens' : 'max_tokens'),
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
