/**
 * A QR code of a text, drawn as one SVG path (dark modules on a white quiet zone, whatever the
 * colour scheme, so phone cameras read it). Loaded lazily with its encoder: only the IPMI
 * configuration shows one.
 */
import { encode } from 'uqr';

export default function QrCode({ text, label, size = 232 }: { text: string; label: string; size?: number }) {
  const qr = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  qr.data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${qr.size} ${qr.size}`}
      shapeRendering="crispEdges"
      style={{ background: '#fff', borderRadius: 4, maxWidth: '100%', height: 'auto' }}
    >
      <rect width={qr.size} height={qr.size} fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
