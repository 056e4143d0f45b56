import { ERROR_CODES, MSG } from '@bufete/shared';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type Auth, createAuth } from './auth/auth';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { AppError, errorBody, respondWithError } from './http/errors';
import { createRateLimiter } from './http/rate-limit';
import { sameOriginOnly, securityHeaders } from './http/security';
import { serveSpa } from './http/spa';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import path from 'node:path';
import { createExtractionPool, type ExtractionPool } from './extraction/pool';
import { createFileSigner } from './http/file-response';
import { createReminderWorker, type ReminderWorker } from './jobs/reminder-worker';
import { documentRoutes, signedFileRoutes } from './modules/documents/routes';
import { createDocumentService } from './modules/documents/service';
import { imageRoutes } from './modules/images/routes';
import { createImageService } from './modules/images/service';
import { diagnosticsRoutes } from './modules/diagnostics/routes';
import { createDiagnosticsService } from './modules/diagnostics/service';
import { noteRoutes } from './modules/notes/routes';
import { createNoteService } from './modules/notes/service';
import { tagRoutes } from './modules/tags/routes';
import { createTagService } from './modules/tags/service';
import { createStorage, type Storage } from './storage';
import { accountRoutes } from './modules/account/routes';
import { caseRoutes } from './modules/cases/routes';
import { createCaseService } from './modules/cases/service';
import { clientRoutes } from './modules/clients/routes';
import { createClientService } from './modules/clients/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { createDashboardService } from './modules/dashboard/service';
import { reminderRoutes } from './modules/reminders/routes';
import { createReminderService } from './modules/reminders/service';
import { createAccountService } from './modules/account/service';
import { healthRoutes } from './modules/health/routes';
import { profileRoutes } from './modules/profile/routes';
import { createProfileService } from './modules/profile/service';

const jsonBodyLimit = bodyLimit({
  maxSize: 1024 * 1024,
  onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', MSG.validation.badRequest), 413),
});

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
}

export interface BufeteApp {
  app: Hono;
  auth: Auth;
  /** Background sender of scheduled client emails; started by the server. */
  reminderWorker: ReminderWorker;
  extraction: ExtractionPool;
  storage: Storage;
}

/** Composition root: services get their dependencies here, routes stay thin. */
export function createApp(deps: AppDeps): BufeteApp {
  const { config, database, mailer, logger } = deps;
  const db = database.db;
  const auth = createAuth({ db, config, mailer, logger });
  const limiter = createRateLimiter(db, config.authRateLimit);
  const profiles = createProfileService(db);
  const accounts = createAccountService({ db, auth, config, profiles, logger });
  const clients = createClientService(db);
  const storage = createStorage(config.storage);
  const extraction = createExtractionPool({ size: 2, timeoutMs: 120_000 });
  const signer = createFileSigner(config.secret);
  const tmpDir = path.join(config.dataDir, 'tmp');
  const cases = createCaseService(db, { clients, storage, logger });
  const documents = createDocumentService(db, { storage, extraction, cases, clients, logger });
  const diagnostics = createDiagnosticsService({ config, database, mailer });
  // Diagnostics send mail: a few runs per address every ten minutes.
  const diagnosticsLimiter = createRateLimiter(db, { max: Math.min(5, config.authRateLimit.max), windowSeconds: 600 });
  const tags = createTagService(db);
  const notes = createNoteService(db, { cases, clients, tags, storage, logger });
  const images = createImageService(db, { storage, cases, logger, assertNoteOwned: notes.assertOwned });
  const dashboard = createDashboardService(db);
  const reminderWorker = createReminderWorker({ db, mailer, logger, ...config.reminders });
  const reminders = createReminderService(db, { clients, worker: reminderWorker });

  const api = new Hono()
    .use(sameOriginOnly)
    // JSON bodies of the API are small; uploads (multipart) get their own streaming limits.
    .use(async (c, next) =>
      c.req.header('content-type')?.startsWith('multipart/form-data')
        ? next()
        : jsonBodyLimit(c, next),
    )
    .route('/health', healthRoutes(database))
    .route('/account', accountRoutes({ auth, accounts, profiles, limiter }))
    .route('/profile', profileRoutes({ auth, profiles, storage, db, tmpDir }))
    .route('/dashboard', dashboardRoutes({ auth, dashboard }))
    .route('/casos', caseRoutes({ auth, cases }))
    .route('/clientes', clientRoutes({ auth, clients }))
    .route('/reminders', reminderRoutes({ auth, reminders }))
    .route('/documentos', documentRoutes({ auth, documents, storage, signer, tmpDir }))
    .route('/imagenes', imageRoutes({ auth, images, storage, signer, tmpDir }))
    .route('/archivos', signedFileRoutes({ storage, signer }))
    .route('/notas', noteRoutes({ auth, notes }))
    .route('/tags', tagRoutes({ auth, tags }))
    .route('/diagnostics', diagnosticsRoutes({ enabled: config.diagnosticsEnabled, diagnostics, limiter: diagnosticsLimiter }))
    .all('*', (c) => c.json(errorBody(ERROR_CODES.notFound, MSG.http.notFound), 404));

  const app = new Hono();
  app.use(securityHeaders);
  app.route('/api', api);
  if (config.webDistDir) app.use(serveSpa(config.webDistDir));

  app.onError((error, c) => {
    if (error instanceof AppError) return respondWithError(c, error);
    logger.error(`${c.req.method} ${new URL(c.req.url).pathname} falló`, error);
    return c.json(errorBody(ERROR_CODES.internal, MSG.http.internal), 500);
  });
  app.notFound((c) => c.json(errorBody(ERROR_CODES.notFound, MSG.http.notFound), 404));

  return { app, auth, reminderWorker, extraction, storage };
}
