import type { ReactNode } from 'react'
import type { PatternEdit, PatternKey } from '../edit-state.ts'

/**
 * The SVG paint server for a pattern edit, to place inside a drawing's `<defs>`; the regions in
 * `edit.targets` are then filled with `url(#id)`. Renders nothing for 'none' (the regions keep
 * their colours). Painted with presentation attributes only: the CSP's `style-src 'self'`
 * blocks style attributes and `<style>` elements. `size` is one tile at 100 %, in the
 * drawing's user units.
 */
export function PatternDefs({
  id,
  edit,
  hexOf,
  size = 40,
}: {
  id: string
  edit: PatternEdit
  /** The hex colour of a palette id. */
  hexOf: (colorId: string) => string
  size?: number
}) {
  if (edit.pattern === 'none') return null
  const [ground, ink] = [hexOf(edit.colors[0]), hexOf(edit.colors[1])]
  const tile = tiles[edit.pattern]
  const transform = [
    edit.rotation ? `rotate(${edit.rotation})` : '',
    `scale(${((edit.scale / 100) * size) / tile.width})`,
    edit.mirror ? 'scale(-1 1)' : '',
  ]
  return (
    <pattern
      id={id}
      patternUnits="userSpaceOnUse"
      width={tile.width}
      height={tile.height}
      patternTransform={transform.filter(Boolean).join(' ')}
    >
      <rect width={tile.width} height={tile.height} fill={ground} />
      {tile.draw(ink, ground, `${id}-fade`)}
    </pattern>
  )
}

interface Tile {
  width: number
  height: number
  draw: (ink: string, ground: string, gradientId: string) => ReactNode
}

/** Each pattern's tile, drawn so that it repeats without seams. */
const tiles: Record<Exclude<PatternKey, 'none'>, Tile> = {
  stripes: {
    width: 40,
    height: 40,
    draw: (ink) => <rect width="40" height="16" fill={ink} />,
  },
  chevron: {
    width: 40,
    height: 20,
    draw: (ink) => <path d="M0 0 20 10 40 0v8L20 18 0 8z" fill={ink} />,
  },
  // Ground to ink and back, so the bands blend where the tiles meet.
  fade: {
    width: 40,
    height: 160,
    draw: (ink, ground, gradientId) => (
      <>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={ground} />
          <stop offset="0.5" stopColor={ink} />
          <stop offset="1" stopColor={ground} />
        </linearGradient>
        <rect width="40" height="160" fill={`url(#${gradientId})`} />
      </>
    ),
  },
  splinter: {
    width: 80,
    height: 80,
    draw: (ink) => (
      <g fill={ink}>
        <path d="M2 6 34 2 22 20z" />
        <path d="M44 4 78 14 58 26z" />
        <path d="M6 30 28 25 36 46 14 50z" />
        <path d="M48 36 76 30 68 54 44 48z" />
        <path d="M4 60 30 56 18 78z" />
        <path d="M40 62 62 57 76 76 50 78z" />
      </g>
    ),
  },
  dots: {
    width: 24,
    height: 24,
    draw: (ink) => (
      <g fill={ink}>
        <circle cx="12" cy="12" r="5" />
        <circle cx="0" cy="0" r="5" />
        <circle cx="24" cy="0" r="5" />
        <circle cx="0" cy="24" r="5" />
        <circle cx="24" cy="24" r="5" />
      </g>
    ),
  },
}
