import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatFileSize } from '@/lib/format';
import { useStorageUsage } from './api';

/** How much of the firm's storage the lawyer uses (documents, images, the assistant's attachments). */
export function StorageCard() {
  // Read afresh each time it is shown: uploads elsewhere change it.
  const usage = useStorageUsage();
  const data = usage.data;
  const percent = data ? Math.min(100, Math.round((data.usado / data.limite) * 100)) : 0;
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Espacio de almacenamiento</CardTitle>
        <CardDescription>Tus documentos, imágenes y los archivos que subes al asistente.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-2" data-testid="storage-usage">
        {data ? (
          <>
            <p className="text-sm text-slate-800">
              <strong className="tabular-nums">{formatFileSize(data.usado)}</strong> de {formatFileSize(data.limite)} usados
            </p>
            <div
              className="h-2 overflow-hidden rounded-full bg-slate-100"
              role="progressbar"
              aria-label="Espacio usado"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className={`h-full ${percent >= 90 ? 'bg-red-500' : percent >= 75 ? 'bg-amber-500' : 'bg-primary'}`} style={{ width: `${percent}%` }} />
            </div>
            {percent >= 90 ? <p className="text-sm text-red-700">Te queda poco espacio: borra documentos o imágenes que ya no necesites.</p> : null}
          </>
        ) : (
          <p className="text-sm text-slate-600">{usage.isError ? 'No se pudo consultar tu espacio.' : 'Consultando tu espacio...'}</p>
        )}
      </CardContent>
    </Card>
  );
}
