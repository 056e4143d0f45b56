import { emailSchema } from './account';
import { endpoint } from './endpoint';
import { z } from './zod';

export const diagnosticCheckSchema = z.strictObject({ check: z.string(), status: z.enum(['success', 'warning', 'error']), message: z.string() });
export type DiagnosticCheck = z.infer<typeof diagnosticCheckSchema>;

const checksReply = z.strictObject({ checks: z.array(diagnosticCheckSchema) });

/** /test-auth and /test-email (spec part 1, 2.8): off unless the operator enables them. */
export const diagnosticsApi = {
  status: endpoint({ method: 'GET', path: '/diagnostics', auth: 'public', response: z.strictObject({ enabled: z.boolean() }) }),
  auth: endpoint({ method: 'POST', path: '/diagnostics/auth', auth: 'public', body: z.object({ email: emailSchema }), response: checksReply }),
  email: endpoint({ method: 'POST', path: '/diagnostics/email', auth: 'public', body: z.object({ email: emailSchema }), response: checksReply }),
};

/** 200 when the database answers a query, 503 otherwise. */
export const healthApi = {
  check: endpoint({ method: 'GET', path: '/health', auth: 'public', response: z.strictObject({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) }) }),
};
