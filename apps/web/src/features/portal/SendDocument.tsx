import { LIMITS } from '@bufete/shared/constants';
import { MSG } from '@bufete/shared/messages';
import { Send } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FileInput } from '@/components/ui/file-input';
import { serverMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { usePortalUpload } from './api';

/** 'Enviar un documento a tu abogado': one file, with the lawyer's own checks; it lands in their 'Recibidos del cliente'. */
export function SendDocument({ casoId }: { casoId: string }) {
  const send = usePortalUpload(casoId);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="space-y-3 rounded-xl border border-border bg-white p-4"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        if (!file) return setError(MSG.documents.sinArchivo);
        if (file.size === 0) return setError(MSG.documents.archivoVacio(file.name));
        if (file.size > LIMITS.documentMaxBytes) return setError(MSG.documents.archivoGrande);
        send.mutate(file, {
          onSuccess: ({ documento }) => {
            toast.success(`Enviamos «${documento.nombre}» a tu abogado.`);
            setFile(null);
            (event.target as HTMLFormElement).reset();
          },
          onError: (failure) => setError(serverMessage(failure, 'No se pudo enviar el documento. Inténtalo de nuevo.')),
        });
      }}
    >
      <label htmlFor="portal-archivo" className="block text-sm font-medium text-slate-900">
        Enviar un documento a tu abogado
      </label>
      <FileInput id="portal-archivo" fileName={file?.name ?? null} onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      <p className="text-sm text-slate-600">PDF, Word, Excel, texto o una foto (JPG, PNG, HEIC), hasta {Math.round(LIMITS.documentMaxBytes / (1024 * 1024))} MB.</p>
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button type="submit" disabled={send.isPending}>
        <Send aria-hidden /> {send.isPending ? 'Enviando...' : 'Enviar'}
      </Button>
    </form>
  );
}
