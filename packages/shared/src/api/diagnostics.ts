import { checksReply, diagnosticRequestSchema } from '../diagnostics';
import { endpoint } from '../endpoint';
import { z } from '../zod';

/** The diagnostics endpoints: method, path and the schemas of what goes in and out (docs/decisions/0028). */

/** /test-auth and /test-email (spec part 1, 2.8): off unless the operator enables them. */
export const diagnosticsApi = {
  status: endpoint({ method: 'GET', path: '/diagnostics', auth: 'public', response: z.strictObject({ enabled: z.boolean() }) }),
  auth: endpoint({ method: 'POST', path: '/diagnostics/auth', auth: 'public', body: diagnosticRequestSchema, response: checksReply }),
  email: endpoint({ method: 'POST', path: '/diagnostics/email', auth: 'public', body: diagnosticRequestSchema, response: checksReply }),
};

/** 200 when the database answers a query, 503 otherwise. */
export const healthApi = {
  check: endpoint({
    method: 'GET',
    path: '/health',
    auth: 'public',
    response: z.strictObject({
      status: z.literal('ok'),
      database: z.enum(['pglite', 'postgres']),
      /** What the operator should look at while the app runs (a court site failing day after day); never a lawyer's data. */
      avisos: z.array(z.string()),
    }),
  }),
};
