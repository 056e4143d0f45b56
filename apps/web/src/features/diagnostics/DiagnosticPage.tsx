import type { DiagnosticCheck } from '@bufete/shared/diagnostics';
import { diagnosticRequestSchema } from '@bufete/shared/diagnostics';
import { AlertTriangle, CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { StandalonePage } from '@/components/ui/standalone-page';
import { useFormSubmit, useSchemaForm } from '@/lib/forms';
import { diagnostics } from './api';

const ICONS = {
  success: <CheckCircle2 className="size-4 text-success" aria-label="Correcto" />,
  warning: <AlertTriangle className="size-4 text-warning" aria-label="Advertencia" />,
  error: <XCircle className="size-4 text-destructive" aria-label="Error" />,
};

/** /test-auth and /test-email: run the server's checks for an address and show their log. */
export function DiagnosticPage({ title, description, endpoint }: { title: string; description: string; endpoint: 'auth' | 'email' }) {
  const [enabled, setEnabled] = useState<boolean | null>(null);
  const form = useSchemaForm<{ email: string }>(diagnosticRequestSchema, { email: '' });
  const email = form.watch('email');
  const [running, setRunning] = useState(false);
  const [checks, setChecks] = useState<DiagnosticCheck[]>([]);

  useEffect(() => {
    diagnostics.enabled().then(setEnabled, () => setEnabled(false));
  }, []);

  const { onSubmit: run, error } = useFormSubmit(form, { fields: ['email'], unexpected: 'No se pudo contactar con el servidor.' }, async (body) => {
    setRunning(true);
    setChecks([]);
    try {
      setChecks(await diagnostics.run(endpoint, body.email));
    } finally {
      setRunning(false);
    }
  });

  return (
    <StandalonePage title={title} description={description}>
      {enabled === false ? <Alert variant="error">Las páginas de diagnóstico están desactivadas en este servidor.</Alert> : null}
      <form onSubmit={run} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
        <div className="flex-1">
          <FormField id="diagnostico-email" label="Email para las pruebas" error={form.formState.errors.email?.message}>
            <Input id="diagnostico-email" type="email" {...form.register('email')} placeholder="tu@email.com" />
          </FormField>
        </div>
        <Button type="submit" disabled={!enabled || running || !email.trim()}>
          {running ? <Loader2 className="animate-spin" aria-hidden /> : null}
          Ejecutar pruebas
        </Button>
      </form>
      {error ? <Alert variant="error">{error}</Alert> : null}
      {running || checks.length ? (
        <ol className="divide-y divide-border rounded-lg border border-border" aria-label="Registro de pruebas" data-testid="diagnostic-log">
          {running ? (
            <li className="flex items-center gap-2 p-3 text-sm text-slate-600">
              <Loader2 className="size-4 animate-spin" aria-hidden /> Ejecutando pruebas...
            </li>
          ) : null}
          {checks.map((check) => (
            <li key={check.check} className="flex items-start gap-2 p-3 text-sm" data-status={check.status}>
              <span className="mt-0.5">{ICONS[check.status]}</span>
              <span>
                <strong className="font-medium text-slate-900">{check.check}</strong>
                <span className="block text-slate-600">{check.message}</span>
              </span>
            </li>
          ))}
        </ol>
      ) : null}
    </StandalonePage>
  );
}
