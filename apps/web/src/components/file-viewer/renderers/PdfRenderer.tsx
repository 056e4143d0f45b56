import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '@/components/ui/spinner';

GlobalWorkerOptions.workerSrc = workerUrl;

/**
 * Every page of the PDF drawn on canvases (pdf.js, bundled, loaded on demand):
 * at the chosen zoom, or with `zoom` 'fit' as wide as the viewer (a phone sees
 * the whole page width; turning it redraws).
 */
export default function PdfRenderer({ data, zoom, onError }: { data: ArrayBuffer; zoom: number | 'fit'; onError: (error: unknown) => void }) {
  const container = useRef<HTMLDivElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const width = useWidthOf(container, zoom === 'fit');

  useEffect(() => {
    let cancelled = false;
    const task = getDocument({ data: new Uint8Array(data.slice(0)), isEvalSupported: false });
    task.promise.then(
      (doc) => (cancelled ? void doc.destroy() : setPdf(doc)),
      (error: unknown) => !cancelled && onError(error),
    );
    return () => {
      cancelled = true;
      void task.destroy();
    };
  }, [data, onError]);

  useEffect(() => {
    if (!pdf || !container.current || (zoom === 'fit' && width === 0)) return;
    const target = container.current;
    let cancelled = false;
    target.replaceChildren();
    (async () => {
      for (let number = 1; number <= pdf.numPages && !cancelled; number += 1) {
        const page = await pdf.getPage(number);
        const scale = zoom === 'fit' ? Math.max(0.2, width / page.getViewport({ scale: 1 }).width) : (zoom / 100) * 1.25;
        const viewport = page.getViewport({ scale });
        const canvas = document.createElement('canvas');
        const ratio = window.devicePixelRatio || 1;
        canvas.width = Math.floor(viewport.width * ratio);
        canvas.height = Math.floor(viewport.height * ratio);
        canvas.style.width = `${Math.floor(viewport.width)}px`;
        canvas.style.height = `${Math.floor(viewport.height)}px`;
        canvas.className = 'mx-auto mb-4 bg-white shadow';
        canvas.setAttribute('aria-label', `Página ${number} de ${pdf.numPages}`);
        canvas.setAttribute('role', 'img');
        target.appendChild(canvas);
        await page.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport, transform: ratio !== 1 ? [ratio, 0, 0, ratio, 0, 0] : undefined }).promise;
      }
    })().catch((error: unknown) => !cancelled && onError(error));
    return () => {
      cancelled = true;
    };
  }, [pdf, zoom, width, onError]);

  return (
    <div>
      {!pdf ? (
        <div className="flex items-center justify-center gap-2 py-12 text-slate-600" role="status">
          <Spinner className="size-5" /> Cargando PDF...
        </div>
      ) : null}
      <div ref={container} data-testid="pdf-pages" />
    </div>
  );
}

/** The width of an element in steps of 8 px (redrawing on every pixel of a resize would be wasted work); 0 until measured. */
function useWidthOf(element: React.RefObject<HTMLElement | null>, enabled: boolean): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!enabled || !target) return;
    const measure = () => setWidth(Math.floor(target.clientWidth / 8) * 8);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, enabled]);
  return width;
}
