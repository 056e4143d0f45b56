import type { Hono } from 'hono';
import { createAccountMail } from './auth/account-mail';
import { type Auth, createAuth } from './auth/auth';
import { type AppEnv, readSession } from './auth/session';
import { createSessionCache, type SessionCache } from './auth/session-cache';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { createExtractionPool, type ExtractionPool, extractionThreads } from './extraction/pool';
import { assembleHttp } from './http/assemble';
import { createFileSigner } from './http/file-response';
import { createRateLimiter } from './http/rate-limit';
import { createRouter } from './http/route';
import { createSessionActivity } from './auth/session-activity';
import { securityRoutes } from './modules/account/security-routes';
import { createSecurityService } from './modules/account/security';
import { createDevices } from './modules/account/devices';
import { createClientExport } from './modules/privacy/client-export';
import { createClientErasure } from './modules/privacy/client-erasure';
import { privacyRoutes } from './modules/privacy/routes';
import { createAccountExport } from './modules/portability/account-export';
import { createAccountImport } from './modules/portability/account-import';
import { portabilityRoutes } from './modules/portability/routes';
import { registerPortabilityJobs } from './modules/portability/jobs';
import { createPortabilityService } from './modules/portability/service';
import { ACCOUNT_PURGE_JOB, createAccountClosing } from './modules/account/closing';
import { createJobQueue, type JobQueue } from './jobs/queue';
import { registerHousekeeping } from './jobs/housekeeping';
import type { Logger } from './logger';
import type { Mailer } from './mail/mailer';
import { accountRoutes } from './modules/account/routes';
import { invoiceRoutes } from './modules/invoices/routes';
import { searchRoutes } from './modules/search/routes';
import { plazoRoutes } from './modules/plazos/routes';
import { createPlazoService } from './modules/plazos/service';
import { notificationRoutes } from './modules/notifications/routes';
import { registerNotificationJobs } from './modules/notifications/jobs';
import { createNotificationService } from './modules/notifications/service';
import { createSearchService } from './modules/search/service';
import { createInvoiceService } from './modules/invoices/service';
import { registerInvoiceJobs } from './modules/invoices/jobs';
import { createHistoryService } from './modules/history/service';
import { timeRoutes } from './modules/time/routes';
import { proceedingRoutes } from './modules/proceedings/routes';
import { partyRoutes } from './modules/parties/routes';
import { createPartyService } from './modules/parties/service';
import { bulletinRoutes } from './modules/bulletins/routes';
import { createBulletinService } from './modules/bulletins/service';
import { createBulletinQueries } from './modules/bulletins/queries';
import { bulletinSources } from './modules/bulletins/sources';
import { registerBulletinWatch, sourceWarnings } from './modules/bulletins/watch';
import { createProceedingService } from './modules/proceedings/service';
import { taskRoutes } from './modules/tasks/routes';
import { createTaskService } from './modules/tasks/service';
import { escritoRoutes } from './modules/escritos/routes';
import { createEscritoService } from './modules/escritos/service';
import { registerCfdiJobs } from './modules/cfdi/jobs';
import { cfdiRoutes } from './modules/cfdi/routes';
import { createGlobalInvoiceService } from './modules/cfdi/global';
import { createPortalService } from './modules/portal/service';
import { createPortalSessions } from './modules/portal/sessions';
import { portalRoutes } from './modules/portal/routes';
import { createStampingService } from './modules/cfdi/stamping';
import { createCfdiService } from './modules/cfdi/service';
import { createTimeService } from './modules/time/service';
import { createAssistantModel } from './modules/ai/model';
import { aiRoutes } from './modules/ai/routes';
import { registerAiJobs } from './modules/ai/jobs';
import { createAiService } from './modules/ai/service';
import { createCalendarFeed } from './modules/calendar/feed';
import { createGoogleClient } from './modules/calendar/google/client';
import { paymentRoutes } from './modules/payments/routes';
import { createPaymentService } from './modules/payments/service';
import { registerGoogleSyncJob } from './modules/calendar/google/jobs';
import { createGoogleCalendarService } from './modules/calendar/google/service';
import { calendarRoutes } from './modules/calendar/routes';
import { registerCalendarJobs } from './modules/calendar/jobs';
import { createCalendarService } from './modules/calendar/service';
import { createAccountService } from './modules/account/service';
import { caseRoutes } from './modules/cases/routes';
import { createCaseService } from './modules/cases/service';
import { clientRoutes } from './modules/clients/routes';
import { createClientService } from './modules/clients/service';
import { dashboardRoutes } from './modules/dashboard/routes';
import { createDashboardService } from './modules/dashboard/service';
import { registerDeadlineNotices } from './modules/dashboard/vencimientos';
import { diagnosticsRoutes } from './modules/diagnostics/routes';
import { createDiagnosticsService } from './modules/diagnostics/service';
import { documentRoutes, signedFileRoutes } from './modules/documents/routes';
import { registerDocumentJobs } from './modules/documents/jobs';
import { createDocumentService } from './modules/documents/service';
import { healthRoutes } from './modules/health/routes';
import { createHealthService } from './modules/health/service';
import { imageRoutes } from './modules/images/routes';
import { createImageService } from './modules/images/service';
import { noteRoutes } from './modules/notes/routes';
import { createNoteService } from './modules/notes/service';
import { profileRoutes } from './modules/profile/routes';
import { createProfileService } from './modules/profile/service';
import { reminderRoutes } from './modules/reminders/routes';
import { createReminderService } from './modules/reminders/service';
import { tagRoutes } from './modules/tags/routes';
import { createPasanteAccess } from './modules/team/pasante';
import { teamRoutes } from './modules/team/routes';
import { createTeamService } from './modules/team/service';
import { createTagService } from './modules/tags/service';
import { createStorage, type Storage } from './storage';
import { createStorageQuota } from './storage/quota';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  mailer: Mailer;
  logger: Logger;
  /** This process' folder for uploads' temp files (http/temp-dir.ts). */
  tmpDir: string;
}

export interface BufeteApp {
  app: Hono<AppEnv>;
  /** Resolved sessions kept briefly in memory; the server connects it to the database's announcements. */
  sessions: SessionCache;
  /** The background queue; started and stopped by the server. */
  jobs: JobQueue;
  extraction: ExtractionPool;
  /** Removes stored files no row points at (left by a crash between storing and inserting). */
  sweepOrphans(now?: number): Promise<number>;
}

/**
 * Composition root: each module's service gets its dependencies here and
 * registers its routes on the one router, its background work on the one
 * queue, and what it owns of a case or a note with their modules. (Long: one
 * line or two per module, in the order they depend on each other.)
 */
export function createApp(deps: AppDeps): BufeteApp {
  const { config, database, mailer, logger, tmpDir } = deps;
  const db = database.db;
  const jobs = createJobQueue({ db, logger, pollMs: config.jobs.pollMs, leaseMs: config.jobs.leaseMs });
  const accountMail = createAccountMail({ db, queue: jobs, mailer, logger, secret: config.secret, leaseMs: config.jobs.leaseMs, retryBaseMs: config.mailRetryBaseMs });
  const auth: Auth = createAuth({ db, config, accountMail, logger });
  const sessions = createSessionCache({ ttlMs: config.sessionCacheMs, maxEntries: 10_000 });
  const storage: Storage = createStorage(config.storage);
  const quota = createStorageQuota(db, config.storageQuotaBytes);
  const extraction = createExtractionPool({ size: extractionThreads(config.workers), timeoutMs: config.extractionTimeoutMs, maxQueue: 16 });
  const signer = createFileSigner(config.secret);
  const limiter = createRateLimiter(db, config.authRateLimit);

  const history = createHistoryService(db);
  const team = createTeamService(db, { mailer, logger, appUrl: config.appUrl });
  const profiles = createProfileService(db, { storage, tmpDir, logger, history });
  const accounts = createAccountService({ db, auth, accountMail, config, profiles, logger, history });
  const clients = createClientService(db, { history });
  const cases = createCaseService(db, { clients, logger, today: (userId) => profiles.today(userId), history, people: team });
  const documents = createDocumentService(db, { storage, quota, extraction, queue: jobs, tmpDir, cases, clients, logger, history });
  registerDocumentJobs(jobs, { documents });
  const tags = createTagService(db);
  const notes = createNoteService(db, { cases, clients, tags, logger, history });
  const images = createImageService(db, { storage, quota, cases, logger, assertNoteOwned: notes.assertOwned });
  cases.registerContent(documents.caseContent);
  cases.registerContent(images.caseContent);
  cases.registerContent(notes.caseContent);
  notes.registerContent(images.noteContent);
  const dashboard = createDashboardService(db);
  // The search's statements are planned with their words on every run (db/client.ts).
  const search = createSearchService(database.plannedPerRun);
  // The bell: told by the modules below through the queue (its jobs are registered below, once calendar and invoices exist).
  const notifications = createNotificationService(db, { queue: jobs, leaseMs: config.jobs.leaseMs });
  const notify = notifications.notify;
  registerDeadlineNotices(db, jobs, notifications.create);
  const reminders = createReminderService(db, {
    clients,
    profiles,
    mailer,
    queue: jobs,
    logger,
    notify,
    limits: config.clientEmailLimits,
    leaseMs: config.jobs.leaseMs,
    sendNowWaitMs: config.smtpTimeoutMs,
    retry: { baseMs: config.reminders.retryBaseMs, maxAttempts: config.reminders.maxAttempts },
  });
  const time = createTimeService(db, { cases, profiles, history });
  const proceedings = createProceedingService(db, { cases, documents, history, timeZoneOf: profiles.timeZoneOf });
  const parties = createPartyService(db, { cases, history });
  cases.registerContent(proceedings.caseContent);
  const cfdi = createCfdiService(db, { secret: config.secret, profiles, config: config.cfdi, history });
  // Invoices and their CFDI read each other: the CFDI is built from the invoice, and the invoice shows (and is held by) its
  // CFDI. Invoices declares what it needs (CfdiForInvoices); the stamping service reaches invoices once both exist.
  const stamping = createStampingService(db, {
    invoices: {
      get: (userId, id) => invoices.get(userId, id),
      pagos: (userId, id) => invoices.pagos(userId, id),
      pagoIds: (userId, id) => invoices.pagoIds(userId, id),
      nameFormaPago: (userId, id, pagoId, forma) => invoices.nameFormaPago(userId, id, pagoId, forma),
      createSubstitute: (userId, id, input) => invoices.createSubstitute(userId, id, input),
      substitutionLinks: (userId, id) => invoices.substitutionLinks(userId, id),
      reserveCreditNote: (userId, id, input) => invoices.reserveCreditNote(userId, id, input),
      applyCreditNote: (tx, userId, notaId) => invoices.applyCreditNote(tx, userId, notaId),
      dropCreditNote: (userId, notaId) => invoices.dropCreditNote(userId, notaId),
      revertCreditNote: (tx, userId, notaId) => invoices.revertCreditNote(tx, userId, notaId),
      creditNotes: (userId, id) => invoices.creditNotes(userId, id),
      advanceAppliedIn: (userId, id) => invoices.advanceAppliedIn(userId, id),
    },
    clients,
    profiles,
    cfdi,
    history,
    logger,
    queue: jobs,
  });
  const invoices = createInvoiceService(db, { clients, profiles, reminders, time, history, cfdi: stamping });
  const globals = createGlobalInvoiceService(db, { cfdi, profiles, history, invoices });
  registerInvoiceJobs(jobs, { invoices, notify: notifications.create });
  registerCfdiJobs(jobs, { stamping, globals, notify: notifications.create });
  const calendar = createCalendarService(db, { cases, clients, tags, profiles, queue: jobs, history });
  registerCalendarJobs(db, { queue: jobs, profiles, mailer, appUrl: config.appUrl, leaseMs: config.jobs.leaseMs, notify });
  // The daily summary reads the day's appointments and the overdue invoices.
  registerNotificationJobs(db, {
    queue: jobs,
    notifications,
    mailer,
    profiles,
    logger,
    appUrl: config.appUrl,
    leaseMs: config.jobs.leaseMs,
    summary: { appointments: calendar.dayAgenda, overdueInvoices: invoices.overdueOf },
  });
  const googleCalendar = createGoogleCalendarService(db, { config, google: createGoogleClient(config.google), calendar, profiles, logger, notify });
  registerGoogleSyncJob(jobs, { google: googleCalendar, intervalMs: config.google.syncIntervalMs, logger });
  const plazos = createPlazoService(db, { calendar, cases, profiles, history, actuaciones: proceedings });
  // Tasks count their relative dates with the plazos engine, and are counted again when an actuación's day or a plazo's due date moves.
  const escritos = createEscritoService(db, { storage, quota, documents, cases, clients, parties, profiles, history, logger, tmpDir, extraction });
  // A matter template names the escritos it usually needs: Bufete's, or the lawyer's own.
  const tasks = createTaskService(db, {
    cases,
    history,
    today: (userId) => profiles.today(userId),
    contar: plazos.contarDesde,
    escritos,
    people: team,
    notify: notifications.notify,
  });
  // The plazos first: a task hanging on a plazo counted from the actuación then counts from its new due date.
  proceedings.onMoved((userId, id, antes, ahora) => plazos.seguirActuacion(userId, id, antes, ahora));
  proceedings.onMoved((userId, id) => tasks.recount(userId, 'actuacion', id));
  plazos.onMoved((userId, id) => tasks.recount(userId, 'plazo', id));
  const bulletinQueries = createBulletinQueries(db);
  const bulletins = createBulletinService({ extraction, cases, proceedings, efectos: plazos.efectosIn, queries: bulletinQueries, notify: notifications.notify });
  registerBulletinWatch({
    queue: jobs,
    queries: bulletinQueries,
    sources: bulletinSources(config.bulletins, extraction),
    match: bulletins.match,
    notify: notifications.create,
    mailer,
    signature: profiles.signature,
    logger,
    appUrl: config.appUrl,
    watchHour: config.bulletins.watchHour,
    requestGapMs: config.bulletins.requestGapMs,
  });
  const calendarFeed = createCalendarFeed(db, { secret: config.secret, appUrl: config.appUrl, calendar, profiles, dueInvoices: invoices.dueDates });
  const ai = createAiService(db, {
    documents,
    cases,
    notes,
    parties,
    profiles,
    quota,
    logger,
    notify,
    model: createAssistantModel(config.ai),
    dailyLimit: config.aiDailyLimit,
    contextChars: config.aiContextChars,
  });
  registerAiJobs(db, { queue: jobs, documents });
  const diagnostics = createDiagnosticsService({ config, database, mailer, queue: jobs, logger });
  // A new password ends what the old one may have given away: the calendar's private link
  // (renewed when there was one) and, when the lawyer asks, the Google connection.
  accounts.onPasswordChanged(async (userId, { desconectarGoogle }) => {
    await calendarFeed.revoke(userId);
    if (desconectarGoogle) await googleCalendar.disconnectAfterPasswordChange(userId);
  });

  // 'Cerrar mi cuenta': after the grace, everything of the account goes (closing.ts), hourly.
  const closing = createAccountClosing({
    db,
    auth,
    history,
    storage,
    accountMail,
    appUrl: config.appUrl,
    logger,
    timeZoneOf: profiles.timeZoneOf,
    beforePurge: async (userId) => {
      await calendarFeed.revoke(userId);
      await googleCalendar.disconnectAfterPasswordChange(userId);
    },
  });
  jobs.register(ACCOUNT_PURGE_JOB, { maxAttempts: 1, handle: async () => void (await closing.purgeDue()) });
  jobs.every(ACCOUNT_PURGE_JOB, 60 * 60 * 1000);
  // 'Exportar todos mis datos' and its import; each zip is deleted after its 24 hours.
  const portability = createPortabilityService({
    db,
    storage,
    queue: jobs,
    exporter: createAccountExport({ db, storage, invoices, tmpDir }),
    importer: createAccountImport({ db, storage, quota, tmpDir }),
    accountMail,
    history,
    appUrl: config.appUrl,
    tmpDir,
    logger,
  });
  registerPortabilityJobs(jobs, portability);

  const sweepOrphans = registerHousekeeping({
    db,
    jobs,
    storage,
    logger,
    references: {
      // The documentos bucket holds documents, chat attachments and escrito templates.
      documentos: async (keys) => new Set([...(await documents.referencedKeys(keys)), ...(await ai.referencedKeys(keys)), ...(await escritos.referencedKeys(keys))]),
      imagenes: images.referencedKeys,
      avatars: profiles.referencedAvatarKeys,
    },
    // The longest window of the limiters below (sign-in's is configurable; the others' are at most ten minutes).
    longestWindowSeconds: Math.max(config.authRateLimit.windowSeconds, 600),
  });

  const portalSessions = createPortalSessions(db, { secureCookies: config.appUrl.startsWith('https://') });
  const router = createRouter({
    auth,
    sessions,
    despachoOf: team.despachoOf,
    pasante: createPasanteAccess(db, { casosDeLaPersona: cases.casosDeLaPersona }),
    activity: createSessionActivity(db),
    portal: portalSessions,
    checkReplies: config.env !== 'production',
    tmpDir,
  });
  healthRoutes(router, { health: createHealthService(database, { warnings: () => sourceWarnings(bulletinQueries) }) });
  const devices = createDevices({
    db,
    accountMail,
    profiles,
    history,
    appUrl: config.appUrl,
    secureCookies: config.appUrl.startsWith('https://'),
    logger,
    restore: closing.restoreOnSignIn,
  });
  accountRoutes(router, { auth, sessions, despachoOf: team.despachoOf, team, accounts, profiles, limiter, devices });
  securityRoutes(router, { security: createSecurityService({ db, auth, history }), sessions, limiter, devices, closing });
  profileRoutes(router, { profiles, storage, quota });
  teamRoutes(router, { team, sessions, limiter: createRateLimiter(db, { max: 30, windowSeconds: 600 }) });
  dashboardRoutes(router, { dashboard });
  notificationRoutes(router, { notifications });
  // Typed as one types: ten searches per write of the shared count (see createRateLimiter).
  searchRoutes(router, { search, limiter: createRateLimiter(db, { max: config.searchRateLimitPerMinute, windowSeconds: 60, lease: 10 }) });
  caseRoutes(router, { cases });
  clientRoutes(router, { clients });
  reminderRoutes(router, { reminders });
  documentRoutes(router, {
    documents,
    storage,
    signer,
    // 'Probar Extracción' saves nothing but costs a worker: a few runs per user every ten minutes.
    extractionTestLimiter: createRateLimiter(db, { max: 20, windowSeconds: 600 }),
  });
  imageRoutes(router, { images, storage, signer });
  signedFileRoutes(router, { storage, signer });
  noteRoutes(router, { notes });
  tagRoutes(router, { tags });
  aiRoutes(router, { ai, limiter: createRateLimiter(db, { max: config.aiRatePerMinute, windowSeconds: 60 }) });
  // One budget per lawyer for sealing and the PAC's calls (CSD uploads, sealed XML, stamping, cancelling, the SAT's status).
  const cfdiLimiter = createRateLimiter(db, { max: config.cfdiRatePer10Minutes, windowSeconds: 600 });
  invoiceRoutes(router, { invoices });
  plazoRoutes(router, { plazos });
  timeRoutes(router, { time });
  proceedingRoutes(router, { proceedings });
  partyRoutes(router, { parties });
  taskRoutes(router, { tasks });
  escritoRoutes(router, { escritos, storage, limiter: createRateLimiter(db, { max: 60, windowSeconds: 600 }) });
  bulletinRoutes(router, { bulletins, limiter: createRateLimiter(db, { max: 30, windowSeconds: 600 }) });
  cfdiRoutes(router, { cfdi, stamping, globals, invoices, limiter: cfdiLimiter });
  // Online payments: each lawyer's own Stripe account; checkouts per client access and the provider's answers are bounded.
  const payments = createPaymentService(db, {
    secret: config.secret,
    appUrl: config.appUrl,
    stripeApiUrl: config.stripeApiUrl,
    invoices,
    profiles,
    history,
    notify: notifications.create,
    logger,
    limits: { checkouts: createRateLimiter(db, { max: 10, windowSeconds: 600 }), checks: createRateLimiter(db, { max: 120, windowSeconds: 600 }) },
  });
  paymentRoutes(router, { payments, webhookLimiter: createRateLimiter(db, { max: 600, windowSeconds: 600 }) });
  // The client portal: links by email are limited per address and per network (mail to strangers costs).
  const portal = createPortalService(db, {
    payments,
    stampedXmls: stamping.stampedXmls,
    clients,
    documents,
    notify: notifications.create,
    profiles,
    invoices,
    history,
    mailer,
    logger,
    appUrl: config.appUrl,
    limits: {
      perEmail: createRateLimiter(db, { max: 5, windowSeconds: 600 }),
      perNet: createRateLimiter(db, { max: 30, windowSeconds: 600 }),
      // Each message emails the other side: bounded per client access and per lawyer.
      messages: createRateLimiter(db, { max: 30, windowSeconds: 600 }),
      // Each download reads a file or draws a PDF, and writes the lawyer's trail.
      downloads: createRateLimiter(db, { max: 60, windowSeconds: 600 }),
    },
  });
  portalRoutes(router, { portal, sessions: portalSessions, storage });
  privacyRoutes(router, {
    clientExport: createClientExport({
      clients,
      cases,
      documents,
      notes,
      calendar,
      invoices,
      messagesOfClient: portal.messagesOfClient,
      stampedXmls: stamping.stampedXmls,
      time,
      reminders,
      profiles,
      storage,
      logger,
    }),
    clientErasure: createClientErasure({ clients, cases, documents, notes, calendar, invoices, reminders, history, notifications, portability, portal }),
    limiter: createRateLimiter(db, { max: 10, windowSeconds: 600 }),
  });
  portabilityRoutes(router, { portability, storage, limiter: createRateLimiter(db, { max: 5, windowSeconds: 600 }) });
  calendarRoutes(router, {
    calendar,
    google: googleCalendar,
    feed: calendarFeed,
    googleLimiter: createRateLimiter(db, { max: 60, windowSeconds: 600 }),
    feedLimiter: createRateLimiter(db, { max: 60, windowSeconds: 600 }),
  });
  diagnosticsRoutes(router, {
    enabled: config.diagnosticsEnabled,
    diagnostics,
    // Diagnostics send mail: a few runs per address every ten minutes.
    limiter: createRateLimiter(db, { max: Math.min(5, config.authRateLimit.max), windowSeconds: 600 }),
  });

  const app = assembleHttp({
    router,
    config,
    logger,
    signedIn: async (c) => (await readSession(auth, sessions, c, team.despachoOf)) !== null,
  });

  return { app, sessions, jobs, extraction, sweepOrphans };
}
