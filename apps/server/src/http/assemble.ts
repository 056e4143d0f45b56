import { MSG } from '@bufete/shared';
import { type Context, Hono } from 'hono';
import type { AppEnv } from '../auth/session';
import type { Config } from '../config';
import type { Logger } from '../logger';
import { errorHandler } from './error-handler';
import { errorBody, notFound } from './errors';
import { noStoreJson, requestContext } from './request-context';
import type { Router } from './route';
import { sameOriginOnly, securityHeaders } from './security';
import { serveSpa } from './spa';

/**
 * The HTTP application around the API's router: request ids and the client's
 * address, security headers, same-origin API calls answered `no-store`, the
 * built web app (when there is one), and one shape for every error.
 */
export function assembleHttp(deps: { router: Router; config: Config; logger: Logger; signedIn: (c: Context<AppEnv>) => Promise<boolean> }): Hono<AppEnv> {
  const { router, config, logger, signedIn } = deps;
  // Body limits are enforced where bodies are read: JSON routes read only
  // application/json up to 1 MB (http/body.ts), upload routes stream multipart
  // with their own caps (http/upload.ts); no other route reads a body.
  const api = new Hono<AppEnv>().use(sameOriginOnly).use(noStoreJson).route('/', router.app);
  api.all('*', () => {
    throw notFound();
  });

  const app = new Hono<AppEnv>();
  app.use(requestContext({ trustProxyHops: config.trustProxyHops }));
  app.use(securityHeaders({ https: config.appUrl.startsWith('https://') }));
  app.route('/api', api);
  if (config.webDistDir) app.use(serveSpa(config.webDistDir, { signedIn }));
  app.onError(errorHandler(logger));
  app.notFound((c) => c.json(errorBody('NOT_FOUND', MSG.http.notFound), 404));
  return app;
}
