import { LIMITS } from '@bufete/shared/constants';
import { MSG } from '@bufete/shared/messages';
import type { AreaCount, ImportContenido, Portabilidad } from '@bufete/shared/portabilidad';
import { Download, PackageOpen, Upload } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FileInput } from '@/components/ui/file-input';
import { LoadingState } from '@/components/ui/list-states';
import { serverMessage } from '@/lib/api';
import { formatFileSize, formatLongDate, formatShortDateTime } from '@/lib/format';
import { useClock } from '@/lib/session';
import { exportDownloadUrl, useConfirmImport, useDiscardImport, useLatestExport, useLatestImport, useStartExport, useStartImport } from './api';

const running = (trabajo: Portabilidad | null | undefined) => trabajo?.estado === 'en_cola' || trabajo?.estado === 'en_curso';
const failure = (error: unknown, fallback: string) => serverMessage(error, fallback);

/** Records area by area ('2 Casos'), for what an import brings and what it added. */
function AreaList({ areas, testId }: { areas: AreaCount[]; testId: string }) {
  return (
    <ul className="grid grid-cols-1 gap-x-6 gap-y-0.5 text-sm text-slate-700 sm:grid-cols-2" data-testid={testId}>
      {areas.map((area) => (
        <li key={area.area} className="flex justify-between gap-3 border-b border-slate-100 py-1">
          <span>{area.area}</span>
          <span className="font-medium text-slate-900 tabular-nums">{area.registros.toLocaleString('es-MX')}</span>
        </li>
      ))}
    </ul>
  );
}

/** What an uploaded zip brings, read before the lawyer confirms: whose, from when, how much. */
function ImportPreview({ trabajo, contenido }: { trabajo: Portabilidad; contenido: ImportContenido }) {
  const confirm = useConfirmImport();
  const discard = useDiscardImport();
  const { timeZone } = useClock();
  const error = confirm.error ?? discard.error;
  return (
    <div className="space-y-3 rounded-lg border border-border p-3" data-testid="import-preview">
      <div className="text-sm">
        <p className="font-medium text-slate-900">Este archivo trae:</p>
        <p className="text-slate-600">
          Exportación {contenido.de ? `de ${contenido.de} ` : ''}del {formatLongDate(contenido.exportado_el, timeZone)}
          {contenido.archivos
            ? `, con ${contenido.archivos === 1 ? '1 archivo' : `${contenido.archivos.toLocaleString('es-MX')} archivos`} (${formatFileSize(contenido.bytes)})`
            : ''}
          .
        </p>
      </div>
      {contenido.areas.length ? <AreaList areas={contenido.areas} testId="import-areas" /> : <p className="text-sm text-slate-600">No trae registros.</p>}
      <p className="text-sm text-slate-600">
        Tu cuenta sigue siendo tuya: tu nombre, tu email, tu contraseña y tu verificación en dos pasos no cambian. De su perfil solo se toman los datos que tú no has escrito.
      </p>
      {error ? <Alert variant="error">{failure(error, MSG.portabilidad.importacionFallida)}</Alert> : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" disabled={confirm.isPending || discard.isPending} onClick={() => discard.mutate(trabajo.id)}>
          Descartar
        </Button>
        <Button disabled={confirm.isPending || discard.isPending} onClick={() => confirm.mutate(trabajo.id)}>
          <Upload aria-hidden /> Importar estos datos
        </Button>
      </div>
    </div>
  );
}

function Progress({ label, percent, detail }: { label: string; percent: number; detail: string | null }) {
  return (
    <div className="space-y-2" data-testid="portability-progress">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-slate-600 tabular-nums">{percent} %</span>
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
          Un solo archivo .zip con todo lo que guardas en Bufete: casos, clientes, documentos, imágenes, notas, citas, facturas con su PDF y XML, tiempo e historial, en JSON y en
          hojas CSV. Te avisamos por email cuando esté listo.
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
  const busy = start.isPending || running(trabajo) || trabajo?.estado === 'por_confirmar';
  const tooLarge = file !== null && file.size > LIMITS.importMaxBytes;
  return (
    <Card className="max-w-xl" data-testid="import-card">
      <CardHeader>
        <CardTitle className="text-lg">Importar datos</CardTitle>
        <CardDescription>
          Recupera en esta cuenta todo lo de una exportación de Bufete: el .zip tal como lo descargaste. Solo en una cuenta nueva, sin casos, clientes, documentos ni facturas
          propios.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {start.isPending ? <Progress label="Subiendo el archivo" percent={Math.round(sent * 100)} detail={null} /> : null}
        {running(trabajo) ? <Progress label="Importando tus datos" percent={trabajo!.avance} detail={trabajo!.etapa} /> : null}
        {trabajo?.estado === 'por_confirmar' && trabajo.contenido ? <ImportPreview trabajo={trabajo} contenido={trabajo.contenido} /> : null}
        {trabajo?.estado === 'lista' ? (
          <div className="space-y-2" data-testid="import-done">
            <Alert variant="success">{trabajo.mensaje ?? MSG.portabilidad.importada}</Alert>
            {trabajo.importado?.length ? (
              <>
                <p className="text-sm font-medium text-slate-800">Se agregó:</p>
                <AreaList areas={trabajo.importado} testId="import-summary" />
              </>
            ) : (
              <p className="text-sm text-slate-600">Todo lo de este archivo ya estaba en tu cuenta: no se agregó nada.</p>
            )}
          </div>
        ) : null}
        {trabajo?.estado === 'descartada' ? <p className="text-sm text-slate-600">{MSG.portabilidad.descartada}</p> : null}
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
          <FileInput
            id="import-zip"
            accept=".zip,application/zip"
            fileName={file?.name}
            disabled={busy}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            aria-label="Archivo .zip de tu exportación"
          />
          <Button type="submit" variant="outline" disabled={!file || busy || tooLarge}>
            <Upload aria-hidden /> Revisar el archivo
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
