import { LIMITS } from '@bufete/shared/constants';
import { documentoUploadFieldsSchema } from '@bufete/shared/documentos';
import { MSG } from '@bufete/shared/messages';
import { z } from '@bufete/shared/zod';
import { Upload } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { FileInput } from '@/components/ui/file-input';
import { Spinner } from '@/components/ui/spinner';
import { useSchemaForm, useFormSubmit } from '@/lib/forms';
import { CaseSelect } from '@/components/pickers/CaseSelect';
import { ClientSelect } from '@/components/pickers/ClientSelect';
import { formatFileSize } from '@/lib/format';
import { useUploadDocument } from './api';

export const DOCUMENT_ACCEPT = '.pdf,.doc,.docx,.txt,.csv,.xls,.xlsx,.zip';

/** 'Subir Documento': one file (≤ 50 MB) optionally linked to a case and a client; `casoId` fixes the case. */
export function DocumentUploadDialog({
  open,
  onOpenChange,
  casoId,
  clienteId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  casoId?: string;
  clienteId?: string | null;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader title="Subir Documento" description="PDF, Word, TXT, CSV, Excel o ZIP, hasta 50 MB. El texto se extrae para poder buscarlo." />
        {open ? <UploadForm casoId={casoId} clienteId={clienteId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

/** The upload's fields as the contract has them, and the file the form checks before sending it. */
const uploadSchema = documentoUploadFieldsSchema.extend({
  archivo: z
    .instanceof(File, { error: MSG.documents.sinArchivo })
    .nullable()
    .refine((file) => file !== null, { error: MSG.documents.sinArchivo })
    .refine((file) => file === null || file.size <= LIMITS.documentMaxBytes, { error: MSG.documents.archivoGrande }),
});
interface UploadValues {
  archivo: File | null;
  caso_id: string;
  cliente_id: string;
}

function UploadForm({ casoId, clienteId, onDone }: { casoId?: string; clienteId?: string | null; onDone: () => void }) {
  const upload = useUploadDocument();
  const form = useSchemaForm<UploadValues>(uploadSchema, { archivo: null, caso_id: casoId ?? '', cliente_id: clienteId ?? '' });
  const file = form.watch('archivo');

  const { onSubmit, error, setError } = useFormSubmit(form, { fields: [], unexpected: MSG.documents.errorSubir }, async ({ archivo, caso_id, cliente_id }) => {
    await upload.mutateAsync({ file: archivo!, casoId: caso_id || null, clienteId: cliente_id || null });
    toast.success('Documento subido correctamente');
    onDone();
  });
  const fileError = form.formState.errors.archivo?.message;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <FormField id="documento-archivo" label="Archivo" error={fileError} hint={file ? formatFileSize(file.size) : 'Formatos: PDF, DOC, DOCX, TXT, CSV, XLS, XLSX, ZIP'}>
        <Controller
          control={form.control}
          name="archivo"
          render={({ field }) => (
            <FileInput
              id="documento-archivo"
              accept={DOCUMENT_ACCEPT}
              fileName={field.value?.name}
              onChange={(e) => {
                setError(null);
                field.onChange(e.target.files?.[0] ?? null);
                // A file over the limit is said at once, before anything is sent.
                void form.trigger('archivo');
              }}
            />
          )}
        />
      </FormField>
      {!casoId ? (
        <Controller
          control={form.control}
          name="caso_id"
          render={({ field }) => (
            <CaseSelect
              id="documento-caso"
              value={field.value}
              onChange={(id, caso) => {
                field.onChange(id);
                // A case brings its client along, unless one was chosen already.
                if (caso?.cliente_id && !form.getValues('cliente_id')) form.setValue('cliente_id', caso.cliente_id);
              }}
            />
          )}
        />
      ) : null}
      <Controller control={form.control} name="cliente_id" render={({ field }) => <ClientSelect id="documento-cliente" value={field.value} onChange={field.onChange} />} />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={upload.isPending}>
          Cancelar
        </Button>
        <Button type="submit" disabled={!file || Boolean(fileError) || upload.isPending}>
          {upload.isPending ? <Spinner /> : <Upload aria-hidden />}
          {upload.isPending ? 'Subiendo...' : 'Subir'}
        </Button>
      </DialogFooter>
    </form>
  );
}
