import type { ExtractionTest } from '@bufete/shared/documentos';
import { documentosApi } from '@bufete/shared/api/documentos';
import { MSG } from '@bufete/shared/messages';
import { FlaskConical } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FileInput } from '@/components/ui/file-input';
import { Spinner } from '@/components/ui/spinner';
import { serverMessage, upload } from '@/lib/api';

/** 'Probar Extracción': the text of a file, nothing saved. */
export function ExtractionTestDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ExtractionTest | null>(null);
  const [error, setError] = useState<string | null>(null);

  const run = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      setResult(await upload(documentosApi.extractionTest, { fields: {}, file }));
    } catch (caught) {
      setError(serverMessage(caught, MSG.documents.errorSubir));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          setFile(null);
          setResult(null);
          setError(null);
        }
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader title="Probar Extracción" description="Comprueba qué texto se obtiene de un archivo. No se guarda nada." />
        <div className="space-y-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <FormField id="extraccion-archivo" label="Archivo (PDF, Word, TXT o CSV)">
            <FileInput id="extraccion-archivo" accept=".pdf,.doc,.docx,.txt,.csv" fileName={file?.name} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
          </FormField>
          {result ? (
            <div className="space-y-2" data-testid="extraction-result">
              <dl className="grid grid-cols-3 gap-2 text-sm">
                <div className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs text-slate-500">Caracteres</dt>
                  <dd className="font-semibold">{result.longitud.toLocaleString('es-MX')}</dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs text-slate-500">Tipo</dt>
                  <dd className="truncate font-semibold" title={result.tipo}>
                    {result.tipo}
                  </dd>
                </div>
                <div className="rounded-lg bg-slate-50 p-2">
                  <dt className="text-xs text-slate-500">Tamaño</dt>
                  <dd className="font-semibold">{result.tamaño_mb.toFixed(2)} MB</dd>
                </div>
              </dl>
              <p className="text-xs text-slate-500">Primeros 500 caracteres:</p>
              <pre className="max-h-64 overflow-auto rounded-lg border border-border bg-white p-3 text-sm whitespace-pre-wrap">{result.texto || '(sin texto)'}</pre>
            </div>
          ) : null}
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cerrar
          </Button>
          <Button onClick={run} disabled={!file || busy}>
            {busy ? <Spinner /> : <FlaskConical aria-hidden />}
            {busy ? 'Extrayendo...' : 'Extraer texto'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
