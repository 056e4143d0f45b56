import qrcode from 'qrcode-generator';
import { useMemo } from 'react';

/**
 * A QR code drawn as one SVG path of its dark modules (no HTML string from
 * the library), with the four-module quiet zone readers expect.
 */
export default function QrCode({ text, label, size = 192 }: { text: string; label: string; size?: number }) {
  const { count, path } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(text, 'Byte');
    qr.make();
    const modules = qr.getModuleCount();
    let d = '';
    for (let row = 0; row < modules; row++) {
      for (let col = 0; col < modules; col++) if (qr.isDark(row, col)) d += `M${col + 4} ${row + 4}h1v1h-1z`;
    }
    return { count: modules + 8, path: d };
  }, [text]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      className="rounded-lg border border-border bg-white"
      data-testid="qr-code"
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
