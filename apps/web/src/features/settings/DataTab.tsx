import { LIMITS } from '@bufete/shared/constants';
import { MSG } from '@bufete/shared/messages';
import type { Portabilidad } from '@bufete/shared/portabilidad';
import { Download, PackageOpen, Upload } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FileInput } from '@/components/ui/file-input';
import { LoadingState } from '@/components/ui/list-states';
import { ApiError } from '@/lib/api';
import { formatFileSize, formatShortDateTime } from '@/lib/format';
import { useClock } from '@/lib/session';
import { exportDownloadUrl, useLatestExport, useLatestImport, useStartExport, useStartImport } from './api';

const running = (trabajo: Portabilidad | null | undefined) => trabajo?.estado === 'en_cola' || trabajo?.estado === 'en_curso';
const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

function Progress({ label, percent, detail }: { label: string; percent: number; detail: string | null }) {
  return (
    <div className="space-y-2" data-testid="portability-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="tabular-nums text-slate-600">{percent} %</span>
      </div>
      <div className="h-2 overflow-hidden rounded-full bg-slate-100" role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
        <div className="h-full bg-primary transition-[width]" style={{ width: `${percent}%` }} />
      </div>
      {detail ? <p className="text-sm text-slate-600">{detail}</p> : null}
    </div>
  );
}

/** 'Exportar todos mis datos': built in the background, followed here, downloaded for 24 hours. */
function ExportCard() {
  const latest = useLatestExport();
  const start = useStartExport();
  const { timeZone } = useClock();
  const trabajo = latest.data;
  return (
    <Card className="max-w-xl" data-testid="export-card">
      <CardHeader>
        <CardTitle className="text-lg">Exportar todos mis datos</CardTitle>
        <CardDescription>
          Un solo archivo .zip con todo lo que guardas en Bufete: casos, clientes, documentos, imágenes, notas, citas, facturas con su PDF y XML, tiempo e historial, en JSON y en hojas
          CSV. Te avisamos por email cuando esté listo.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {latest.isPending ? <LoadingState>Consultando tu última exportación...</LoadingState> : null}
        {latest.isError ? <Alert variant="error">No se pudo consultar tu última exportación. Inténtalo de nuevo.</Alert> : null}
        {running(trabajo) ? <Progress label="Preparando tu exportación" percent={trabajo!.avance} detail={trabajo!.etapa} /> : null}
        {trabajo?.estado === 'lista' && trabajo.vence ? (
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border p-3 text-sm" data-testid="export-ready">
            <div>
              <p className="font-medium text-slate-900">Tu exportación está lista{trabajo.bytes !== null ? ` (${formatFileSize(trabajo.bytes)})` : ''}</p>
              <p className="text-slate-600">Disponible hasta el {formatShortDateTime(trabajo.vence, timeZone)}; después se borra.</p>
            </div>
            <Button asChild>
              <a href={exportDownloadUrl(trabajo.id)} download>
                <Download aria-hidden /> Descargar
              </a>
            </Button>
          </div>
        ) : null}
        {trabajo?.estado === 'caducada' ? <p className="text-sm text-slate-600">Tu última exportación caducó y su archivo ya se borró.</p> : null}
        {trabajo?.estado === 'fallida' ? <Alert variant="error">{trabajo.mensaje ?? MSG.portabilidad.fallida}</Alert> : null}
        {start.isError ? <Alert variant="error">{failure(start.error, MSG.portabilidad.fallida)}</Alert> : null}
        <Button variant={trabajo?.estado === 'lista' ? 'outline' : 'default'} disabled={start.isPending || running(trabajo)} onClick={() => start.mutate()}>
          <PackageOpen aria-hidden /> {trabajo?.estado === 'lista' ? 'Exportar de nuevo' : 'Exportar todos mis datos'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** 'Importar datos': a zip of 'Exportar todos mis datos' into this (fresh) account. */
function ImportCard() {
  const latest = useLatestImport();
  const start = useStartImport();
  const [file, setFile] = useState<File | null>(null);
  const [sent, setSent] = useState(0);
  const trabajo = latest.data;
  const busy = start.isPending || running(trabajo);
  const tooLarge = file !== null && file.size > LIMITS.importMaxBytes;
  return (
    <Card className="max-w-xl" data-testid="import-card">
      <CardHeader>
        <CardTitle className="text-lg">Importar datos</CardTitle>
        <CardDescription>
          Recupera en esta cuenta todo lo de una exportación de Bufete: el .zip tal como lo descargaste. Solo en una cuenta nueva, sin casos, clientes, documentos ni facturas propios.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {start.isPending ? <Progress label="Subiendo el archivo" percent={Math.round(sent * 100)} detail={null} /> : null}
        {running(trabajo) ? <Progress label="Importando tus datos" percent={trabajo!.avance} detail={trabajo!.etapa} /> : null}
        {trabajo?.estado === 'lista' ? <Alert variant="success">{trabajo.mensaje ?? MSG.portabilidad.importada}</Alert> : null}
        {trabajo?.estado === 'fallida' ? <Alert variant="error">{trabajo.mensaje ?? MSG.portabilidad.importacionFallida}</Alert> : null}
        {start.isError ? <Alert variant="error">{failure(start.error, MSG.portabilidad.importacionFallida)}</Alert> : null}
        {tooLarge ? <Alert variant="error">{MSG.portabilidad.archivoGrande(8)}</Alert> : null}
        <form
          className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between"
          onSubmit={(event) => {
            event.preventDefault();
            if (!file || tooLarge) return;
            setSent(0);
            start.mutate({ file, onProgress: setSent }, { onSuccess: () => setFile(null) });
          }}
        >
          <FileInput id="import-zip" accept=".zip,application/zip" fileName={file?.name} disabled={busy} onChange={(event) => setFile(event.target.files?.[0] ?? null)} aria-label="Archivo .zip de tu exportación" />
          <Button type="submit" variant="outline" disabled={!file || busy || tooLarge}>
            <Upload aria-hidden /> Importar
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Configuración → Tus datos: everything out in one file, and back in a fresh account (issue 28). */
export function DataTab() {
  return (
    <div className="space-y-6">
      <ExportCard />
      <ImportCard />
    </div>
  );
}
