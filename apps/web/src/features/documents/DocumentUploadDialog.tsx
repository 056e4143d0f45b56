import { LIMITS, MSG } from '@bufete/shared';
import { Upload } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FileInput } from '@/components/ui/file-input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api';
import { CaseSelect } from '@/components/pickers/CaseSelect';
import { ClientSelect } from '@/components/pickers/ClientSelect';
import { formatFileSize } from '@/lib/format';
import { useUploadDocument } from './api';

export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt,.csv,.xls,.xlsx,.zip';

/** 'Subir Documento': one file (≤ 50 MB) optionally linked to a case and a client; `casoId` fixes the case. */
export function DocumentUploadDialog({ open, onOpenChange, casoId }: { open: boolean; onOpenChange: (open: boolean) => void; casoId?: string }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Subir Documento" description="PDF, Word, TXT, CSV, Excel o ZIP, hasta 50 MB. El texto se extrae para poder buscarlo." />
        {open ? <UploadForm casoId={casoId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function UploadForm({ casoId, onDone }: { casoId?: string; onDone: () => void }) {
  const upload = useUploadDocument();
  const [file, setFile] = useState<File | null>(null);
  const [caso, setCaso] = useState(casoId ?? '');
  const [cliente, setCliente] = useState('');
  const [error, setError] = useState<string | null>(null);

  const choose = (chosen: File | undefined) => {
    setError(null);
    if (chosen && chosen.size > LIMITS.documentMaxBytes) {
      setFile(null);
      setError(MSG.documents.archivoGrande);
      return;
    }
    setFile(chosen ?? null);
  };

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setError(MSG.documents.sinArchivo);
    try {
      await upload.mutateAsync({ file, casoId: caso || null, clienteId: cliente || null });
      toast.success('Documento subido correctamente');
      onDone();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : MSG.documents.errorSubir);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="documento-archivo" label="Archivo" hint={file ? formatFileSize(file.size) : 'Formatos: PDF, DOC, DOCX, TXT, CSV, XLS, XLSX, ZIP'}>
        <FileInput id="documento-archivo" accept={DOCUMENT_ACCEPT} fileName={file?.name} onChange={(e) => choose(e.target.files?.[0])} />
      </FormField>
      {!casoId ? <CaseSelect id="documento-caso" value={caso} onChange={setCaso} /> : null}
      <ClientSelect id="documento-cliente" value={cliente} onChange={setCliente} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={upload.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!file || upload.isPending}>
          {upload.isPending ? <Spinner /> : <Upload aria-hidden />}
          {upload.isPending ? 'Subiendo...' : 'Subir'}
        </Button>
      </DialogFooter>
    </form>
  );
}
