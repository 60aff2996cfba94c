/**
 * Captain Marina, the portal's mascot: a friendly harbour captain drawn as inline SVG.
 */
export function Mascot({ size = 96, title }: { size?: number; title?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 120 120"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      {/* hair behind the face */}
      <path d="M26 64c-4 22 6 38 14 42h40c8-4 18-20 14-42z" fill="#8d5524" />
      {/* face */}
      <circle cx="60" cy="66" r="30" fill="#ffd9b3" />
      {/* cheeks */}
      <circle cx="43" cy="74" r="5" fill="#ffadad" opacity="0.7" />
      <circle cx="77" cy="74" r="5" fill="#ffadad" opacity="0.7" />
      {/* eyes with a sparkle */}
      <circle cx="49" cy="64" r="4.5" fill="#2b2d42" />
      <circle cx="71" cy="64" r="4.5" fill="#2b2d42" />
      <circle cx="50.5" cy="62.5" r="1.4" fill="#fff" />
      <circle cx="72.5" cy="62.5" r="1.4" fill="#fff" />
      {/* smile */}
      <path d="M49 78c6 7 16 7 22 0" fill="none" stroke="#2b2d42" strokeWidth="3" strokeLinecap="round" />
      {/* captain's cap */}
      <path d="M24 46c4-22 68-22 72 0z" fill="#fff" stroke="#1c3d6e" strokeWidth="3" />
      <rect x="24" y="44" width="72" height="9" rx="4" fill="#1c3d6e" />
      <path d="M30 53c10 6 50 6 60 0" fill="#12294a" />
      {/* anchor badge */}
      <circle cx="60" cy="34" r="7" fill="#ffd43b" />
      <path d="M60 29v9 M56 35c1 3 7 3 8 0 M57.5 31h5" stroke="#1c3d6e" strokeWidth="1.6" fill="none" strokeLinecap="round" />
      {/* collar */}
      <path d="M40 96l20 10 20-10v14H40z" fill="#1c7ed6" />
      <path d="M52 101l8 5 8-5" fill="none" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}
