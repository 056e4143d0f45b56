import { MSG } from '@bufete/shared/messages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

const MIN = 100;
const VIEW = 320;
const OUTPUT_MAX = 1024;

interface Crop {
  x: number;
  y: number;
  size: number;
}

/**
 * 'Recortar foto de perfil': a square of at least 100×100 px over the photo,
 * moved with the pointer or the keyboard (arrows: 1 px, Shift: 10 px, Alt: 100 px;
 * + and − resize), and exported as a JPEG at quality 0.9.
 */
export function CropDialog({ file, busy, onCancel, onApply }: { file: File | null; busy: boolean; onCancel: () => void; onApply: (blob: Blob) => void }) {
  return (
    <Dialog open={!!file} onOpenChange={(open) => !open && !busy && onCancel()}>
      <DialogContent className="max-w-md">
        <DialogHeader
          title="Recortar foto de perfil"
          description="Mueve el recuadro con el ratón o con las flechas del teclado (Mayús: 10 px, Alt: 100 px; + y − cambian el tamaño)."
        />
        {file ? <Cropper key={`${file.name}-${file.size}`} file={file} busy={busy} onCancel={onCancel} onApply={onApply} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function Cropper({ file, busy, onCancel, onApply }: { file: File; busy: boolean; onCancel: () => void; onApply: (blob: Blob) => void }) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [crop, setCrop] = useState<Crop>({ x: 0, y: 0, size: MIN });
  const drag = useRef<{ startX: number; startY: number; crop: Crop } | null>(null);

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      if (img.naturalWidth < MIN || img.naturalHeight < MIN) setError(MSG.settings.avatarPequeno);
      setImage(img);
    };
    img.onerror = () => setError(MSG.settings.errorArchivo);
    img.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const center = useCallback(() => {
    if (!image) return;
    const size = Math.min(image.naturalWidth, image.naturalHeight);
    setCrop({ x: Math.round((image.naturalWidth - size) / 2), y: Math.round((image.naturalHeight - size) / 2), size });
  }, [image]);
  useEffect(center, [center]);

  if (error) {
    return (
      <div className="space-y-4">
        <Alert variant="error">{error}</Alert>
        <DialogFooter>
          <Button variant="outline" onClick={onCancel}>
            Cancelar
          </Button>
        </DialogFooter>
      </div>
    );
  }
  if (!image) {
    return (
      <div className="flex items-center justify-center gap-2 py-10 text-slate-600" role="status">
        <Spinner /> Cargando imagen...
      </div>
    );
  }

  const width = image.naturalWidth;
  const height = image.naturalHeight;
  const scale = VIEW / Math.max(width, height);
  const clamp = (next: Crop): Crop => {
    const size = Math.max(MIN, Math.min(next.size, width, height));
    return { size, x: Math.max(0, Math.min(next.x, width - size)), y: Math.max(0, Math.min(next.y, height - size)) };
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    const step = event.altKey ? 100 : event.shiftKey ? 10 : 1;
    const moves: Record<string, Partial<Crop>> = {
      ArrowLeft: { x: crop.x - step },
      ArrowRight: { x: crop.x + step },
      ArrowUp: { y: crop.y - step },
      ArrowDown: { y: crop.y + step },
    };
    // Resizing by physical key, so Shift (which turns "-" into "_") still works.
    const resize: Record<string, number> = { Equal: step, NumpadAdd: step, Minus: -step, NumpadSubtract: -step };
    const move = moves[event.key] ?? (event.code in resize ? { size: crop.size + resize[event.code]! } : undefined);
    if (!move) return;
    event.preventDefault();
    setCrop(clamp({ ...crop, ...move }));
  };

  const apply = () => {
    const out = Math.min(crop.size, OUTPUT_MAX);
    const canvas = document.createElement('canvas');
    canvas.width = out;
    canvas.height = out;
    const context = canvas.getContext('2d')!;
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, out, out);
    context.drawImage(image, crop.x, crop.y, crop.size, crop.size, 0, 0, out, out);
    canvas.toBlob((blob) => (blob ? onApply(blob) : setError(MSG.settings.errorArchivo)), 'image/jpeg', 0.9);
  };

  return (
    <div>
      <div className="relative mx-auto touch-none overflow-hidden rounded-lg bg-slate-900 select-none" style={{ width: width * scale, height: height * scale }}>
        <img src={image.src} alt="" className="pointer-events-none size-full opacity-60" draggable={false} />
        <div
          role="slider"
          tabIndex={0}
          aria-label="Área de recorte"
          aria-valuetext={`${crop.size} × ${crop.size} px en la posición ${crop.x}, ${crop.y}`}
          aria-valuenow={crop.x}
          data-testid="crop-box"
          onKeyDown={onKeyDown}
          onPointerDown={(event) => {
            (event.target as HTMLElement).setPointerCapture(event.pointerId);
            drag.current = { startX: event.clientX, startY: event.clientY, crop };
          }}
          onPointerMove={(event) => {
            if (!drag.current) return;
            const dx = (event.clientX - drag.current.startX) / scale;
            const dy = (event.clientY - drag.current.startY) / scale;
            setCrop(clamp({ ...drag.current.crop, x: Math.round(drag.current.crop.x + dx), y: Math.round(drag.current.crop.y + dy) }));
          }}
          onPointerUp={() => (drag.current = null)}
          className="absolute cursor-move overflow-hidden border-2 border-white shadow-[0_0_0_9999px_rgba(15,23,42,0.45)] focus-visible:outline-2 focus-visible:outline-blue-400"
          style={{ left: crop.x * scale, top: crop.y * scale, width: crop.size * scale, height: crop.size * scale }}
        >
          <img
            src={image.src}
            alt=""
            draggable={false}
            className="pointer-events-none absolute max-w-none"
            style={{ left: -crop.x * scale, top: -crop.y * scale, width: width * scale, height: height * scale }}
          />
        </div>
      </div>
      <div className="mt-3 flex items-center justify-between gap-2">
        <label className="flex flex-1 items-center gap-2 text-sm text-slate-700">
          Tamaño
          <input
            type="range"
            min={MIN}
            max={Math.min(width, height)}
            value={crop.size}
            onChange={(e) => setCrop(clamp({ ...crop, size: Number(e.target.value) }))}
            className="flex-1"
            aria-label="Tamaño del recorte"
          />
        </label>
        <span className="text-xs text-slate-600 tabular-nums" data-testid="crop-size">
          {crop.size}×{crop.size} px
        </span>
      </div>
      <DialogFooter>
        <Button variant="outline" onClick={center} disabled={busy}>
          Centrar
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={busy}>
          Cancelar
        </Button>
        <Button onClick={apply} disabled={busy}>
          {busy ? <Spinner /> : null}
          {busy ? 'Subiendo...' : 'Aplicar recorte'}
        </Button>
      </DialogFooter>
    </div>
  );
}
