/**
 * A colour chip drawn in SVG: its colour is a presentation attribute, not a style, which the
 * CSP's `style-src 'self'` would block. Decorative: the colour's name is always written beside
 * it.
 */
export function ColorSwatch({ hex, size = 16 }: { hex: string; size?: number }) {
  return (
    <svg
      className="swatch"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      focusable="false"
    >
      <rect x="0.5" y="0.5" width="15" height="15" rx="3" fill={hex} stroke="#94a3b8" />
    </svg>
  )
}
