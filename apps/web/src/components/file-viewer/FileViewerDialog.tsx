import { MSG } from '@bufete/shared/messages';
import { Download, ExternalLink, FileWarning, MoveHorizontal, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogHeader } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatFileSize } from '@/lib/format';
import { previewKindOf } from './preview-kind';

// The viewers' libraries (pdf.js, mammoth, JSZip) load only when a file is opened.
const PdfRenderer = lazy(() => import('./renderers/PdfRenderer'));
const WordRenderer = lazy(() => import('./renderers/WordRenderer'));
const SpreadsheetRenderer = lazy(() => import('./renderers/SpreadsheetRenderer'));
const ArchiveRenderer = lazy(() => import('./renderers/ArchiveRenderer'));

export interface ViewableFile {
  id: string;
  nombre: string;
  tipo: string;
  tamaño: number;
  /** Authenticated URL of the bytes; for sample files, the inline text or image to show instead. */
  url: string;
  demoText?: string;
}

const ZOOM_MIN = 50;
const ZOOM_MAX = 200;
const ZOOM_STEP = 25;

type Load = { state: 'checking' } | { state: 'loading' } | { state: 'ready'; data: ArrayBuffer } | { state: 'error'; message: string };

/**
 * The preview dialog: PDF, images (with rotation), text, Word, spreadsheets
 * and ZIP listings, zoom 50–200 % in steps of 25, open in a new tab, download,
 * and load errors with 'Reintentar'.
 */
export function FileViewerDialog({
  file,
  onOpenChange,
  onOpenInNewTab,
  onDownload,
}: {
  file: ViewableFile | null;
  onOpenChange: (open: boolean) => void;
  onOpenInNewTab: (file: ViewableFile) => void;
  onDownload: (file: ViewableFile) => void;
}) {
  return (
    <Dialog open={!!file} onOpenChange={onOpenChange}>
      <DialogContent className="h-[calc(100dvh-2rem)] max-w-5xl p-0">
        {file ? <Viewer key={file.id} file={file} onOpenInNewTab={onOpenInNewTab} onDownload={onDownload} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Viewer({ file, onOpenInNewTab, onDownload }: { file: ViewableFile; onOpenInNewTab: (file: ViewableFile) => void; onDownload: (file: ViewableFile) => void }) {
  const kind = file.demoText ? 'text' : previewKindOf(file.tipo);
  // PDFs and images open fitted to the viewer's width (a phone sees the whole page); the zoom buttons leave that mode.
  const canFit = kind === 'pdf' || kind === 'image';
  const [fit, setFit] = useState(canFit);
  const [zoom, setZoom] = useState(100);
  const zoomBy = (step: number) => {
    setFit(false);
    setZoom((z) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, z + step)));
  };
  const [rotation, setRotation] = useState(0);
  const [attempt, setAttempt] = useState(0);
  const needsBytes = !file.demoText && !['image', 'none'].includes(kind);
  const [load, setLoad] = useState<Load>({ state: needsBytes ? 'checking' : 'loading' });

  useEffect(() => {
    if (!needsBytes) return;
    const controller = new AbortController();
    (async () => {
      setLoad({ state: 'checking' });
      // The spec's access check before the preview.
      let head: Response;
      try {
        head = await fetch(file.url, { method: 'HEAD', credentials: 'same-origin', signal: controller.signal });
      } catch {
        if (!controller.signal.aborted) setLoad({ state: 'error', message: MSG.documents.errorVerificar });
        return;
      }
      if (!head.ok) return setLoad({ state: 'error', message: MSG.documents.sinAcceso });
      setLoad({ state: 'loading' });
      const response = await fetch(file.url, { credentials: 'same-origin', signal: controller.signal });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      setLoad({ state: 'ready', data: await response.arrayBuffer() });
    })().catch(() => !controller.signal.aborted && setLoad({ state: 'error', message: 'No se pudo cargar el archivo.' }));
    return () => controller.abort();
  }, [file.url, needsBytes, attempt]);

  const onRenderError = useCallback(() => setLoad({ state: 'error', message: 'No se pudo mostrar la vista previa de este archivo.' }), []);

  return (
    <div className="flex h-full min-h-0 flex-col">
      <div className="border-b border-border p-4 pr-14">
        <DialogHeader title={file.nombre} description={`${formatFileSize(file.tamaño)}${file.demoText ? ' · Ejemplo' : ''}`} />
        <div className="-mt-2 flex flex-wrap items-center gap-2" role="toolbar" aria-label="Controles de la vista previa">
          <Button variant="outline" size="sm" onClick={() => zoomBy(-ZOOM_STEP)} disabled={!fit && zoom <= ZOOM_MIN} aria-label="Alejar">
            <ZoomOut aria-hidden />
          </Button>
          <span className="w-14 text-center text-sm tabular-nums" aria-live="polite" data-testid="zoom-level">
            {fit ? 'Ancho' : `${zoom}%`}
          </span>
          <Button variant="outline" size="sm" onClick={() => zoomBy(ZOOM_STEP)} disabled={!fit && zoom >= ZOOM_MAX} aria-label="Acercar">
            <ZoomIn aria-hidden />
          </Button>
          {canFit ? (
            <Button variant="outline" size="sm" onClick={() => setFit((on) => !on)} aria-pressed={fit} className={fit ? 'border-primary bg-blue-50 text-primary' : undefined}>
              <MoveHorizontal aria-hidden /> Ajustar al ancho
            </Button>
          ) : null}
          {kind === 'image' ? (
            <Button variant="outline" size="sm" onClick={() => setRotation((r) => (r + 90) % 360)} aria-label="Girar 90°">
              <RotateCw aria-hidden /> Girar
            </Button>
          ) : null}
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button variant="outline" size="sm" onClick={() => onOpenInNewTab(file)}>
              <ExternalLink aria-hidden /> Abrir en nueva pestaña
            </Button>
            <Button variant="outline" size="sm" onClick={() => onDownload(file)}>
              <Download aria-hidden /> Descargar
            </Button>
          </div>
        </div>
      </div>
      <div className="min-h-0 flex-1 overflow-auto bg-slate-100 p-4" data-testid="viewer-body" tabIndex={0} role="region" aria-label="Vista previa">
        {load.state === 'error' ? (
          <div className="mx-auto max-w-md space-y-3 py-10 text-center">
            <Alert variant="error">{load.message}</Alert>
            <div className="flex justify-center gap-2">
              <Button onClick={() => setAttempt((a) => a + 1)}>Reintentar</Button>
              <Button variant="outline" onClick={() => onOpenInNewTab(file)}>
                Abrir en nueva pestaña
              </Button>
            </div>
          </div>
        ) : kind === 'image' ? (
          <div className="flex min-h-full items-center justify-center">
            <img
              src={file.url}
              alt={file.nombre}
              data-testid="viewer-image"
              data-rotation={rotation}
              onError={() => setLoad({ state: 'error', message: 'No se pudo cargar la imagen.' })}
              className={fit ? 'max-h-full max-w-full shadow transition-transform' : 'max-w-none shadow transition-transform'}
              style={{ transform: `rotate(${rotation}deg)${fit ? '' : ` scale(${zoom / 100})`}` }}
            />
          </div>
        ) : kind === 'none' ? (
          <div className="mx-auto max-w-md py-10 text-center text-slate-700">
            <FileWarning className="mx-auto size-10 text-slate-400" aria-hidden />
            <p className="mt-3">No hay vista previa para este formato. Descárgalo para abrirlo con su programa.</p>
          </div>
        ) : file.demoText ? (
          <pre className="mx-auto max-w-3xl rounded bg-white p-6 font-sans whitespace-pre-wrap shadow" style={{ fontSize: `${zoom}%` }}>
            {file.demoText}
          </pre>
        ) : load.state !== 'ready' ? (
          <div className="flex items-center justify-center gap-2 py-12 text-slate-600" role="status">
            <Spinner className="size-5" /> {load.state === 'checking' ? 'Verificando acceso...' : 'Cargando...'}
          </div>
        ) : (
          <Suspense
            fallback={
              <div className="flex items-center justify-center gap-2 py-12 text-slate-600" role="status">
                <Spinner className="size-5" /> Cargando visor...
              </div>
            }
          >
            {kind === 'pdf' ? <PdfRenderer data={load.data} zoom={fit ? 'fit' : zoom} onError={onRenderError} /> : null}
            {kind === 'word' ? <WordRenderer data={load.data} zoom={zoom} onError={onRenderError} /> : null}
            {kind === 'spreadsheet' || kind === 'csv' ? <SpreadsheetRenderer data={load.data} csv={kind === 'csv'} zoom={zoom} onError={onRenderError} /> : null}
            {kind === 'archive' ? <ArchiveRenderer data={load.data} onError={onRenderError} /> : null}
            {kind === 'text' ? <TextView data={load.data} zoom={zoom} /> : null}
          </Suspense>
        )}
      </div>
    </div>
  );
}

function TextView({ data, zoom }: { data: ArrayBuffer; zoom: number }) {
  const text = new TextDecoder().decode(data);
  return (
    <pre className="mx-auto max-w-4xl rounded bg-white p-6 font-mono text-sm whitespace-pre-wrap shadow" style={{ fontSize: `${(zoom / 100) * 0.875}rem` }}>
      {text}
    </pre>
  );
}
