import QRCode from 'qrcode';
import { useMemo } from 'react';

/** A QR code of `text` drawn as one SVG path (no image request, no inline markup). */
export function QrCode({ text, label }: { text: string; label: string }) {
  const path = useMemo(() => {
    const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
    let d = '';
    for (let row = 0; row < modules.size; row++) {
      for (let column = 0; column < modules.size; column++) {
        if (modules.get(row, column)) d += `M${column + 4} ${row + 4}h1v1h-1z`;
      }
    }
    return { d, size: modules.size + 8 };
  }, [text]);
  return (
    <svg
      className="admin-qr"
      role="img"
      aria-label={label}
      viewBox={`0 0 ${path.size} ${path.size}`}
      width="220"
      height="220"
      shapeRendering="crispEdges"
    >
      <rect width={path.size} height={path.size} fill="#fff" />
      <path d={path.d} fill="#000" />
    </svg>
  );
}
