import { emailSchema } from './account';
import { z } from './zod';

export const diagnosticCheckSchema = z.strictObject({ check: z.string(), status: z.enum(['success', 'warning', 'error']), message: z.string() });
export type DiagnosticCheck = z.infer<typeof diagnosticCheckSchema>;

/** What /test-auth and /test-email send: the address to try. */
export const diagnosticRequestSchema = z.object({ email: emailSchema });

export const checksReply = z.strictObject({ checks: z.array(diagnosticCheckSchema) });
