import { diagnosticsApi } from '@bufete/shared/api/diagnostics';
import { call } from '@/lib/api';

/** /test-auth and /test-email: whether they are enabled here, and the server's checks for an address. */
export const diagnostics = {
  enabled: async () => (await call(diagnosticsApi.status)).enabled,
  run: async (kind: 'auth' | 'email', email: string) => (await call(diagnosticsApi[kind], { body: { email } })).checks,
};
