/**
 * A colour sample. Drawn as SVG because a presentation attribute (`fill`) may carry the colour
 * under the site's CSP, where an inline `style` may not.
 */
export function Swatch({ hex, size }: { hex: string; size: number }) {
  return (
    <svg
      className="swatch"
      width={size}
      height={size}
      viewBox="0 0 10 10"
      aria-hidden="true"
      focusable="false"
    >
      <rect width="10" height="10" rx="1" fill={hex} />
    </svg>
  )
}
