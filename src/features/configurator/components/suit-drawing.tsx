/**
 * The configurator's drawings: a wingsuit seen from below, a tracking suit from the front and a
 * parachute container from behind. Each is drawn as the half on the viewer's left and its mirror
 * image, so every region has a left and a right half the asymmetric option can paint apart.
 * `-l` and `-r` are the pilot's left and right: on the suits, seen from the front, the pilot's
 * left is on the viewer's right; on the container, seen from behind, on the viewer's left.
 *
 * Paint is set with presentation attributes (`fill`, `stroke`) only: the CSP forbids inline
 * styles.
 */
import { useId, type MouseEvent, type ReactNode } from 'react'
// Types only: the drawings' data stays out of zod's way (contract/configurator.ts imports zod).
import type {
  drawingParts,
  drawingRegions,
  DrawingKind,
} from '../../../../contract/configurator.ts'

export interface SuitDrawingProps {
  drawing: DrawingKind
  /**
   * Paint per region half: keys `${regionId}-l` and `${regionId}-r`; values are SVG paints
   * ('#rrggbb' or 'url(#id)'). A region with no entry is drawn in a neutral grey.
   */
  fills: Readonly<Record<string, string>>
  /** Option parts drawn (ids from drawingParts); parts not listed are not drawn. */
  parts: ReadonlySet<string>
  /**
   * Trim colour for the accent, or null for accent 'none' (trim then drawn in the zip-trim /
   * binding region's paint).
   */
  accent: string | null
  /** Extra <defs> content (the pattern editor's <pattern> elements). */
  defs?: ReactNode
  /** Called with the region id when a region is clicked (keyboard users choose regions elsewhere). */
  onRegionClick?: (regionId: string) => void
  /** Accessible name, e.g. "Corvid 2 as you have designed it". */
  title: string
  className?: string
}

/** The paint of a region half that `fills` does not name. */
export const unpaintedFill = '#c3c7cd'

type Side = 'l' | 'r'
type RegionOf<K extends DrawingKind> = (typeof drawingRegions)[K][number]
type PartOf<K extends DrawingKind> = (typeof drawingParts)[K][number]

/** A drawing: `R` its regions, `P` its parts. */
interface Art<R extends string = string, P extends string = string> {
  /** The pilot's side the unmirrored half shows. */
  near: Side
  /** Path data of the half on the viewer's left, per region, in painting order. */
  regions: Record<R, string>
  /** Each part's half and its paint: a colour, or the region whose paint it wears. */
  parts: Record<P, { d: string; fill?: string; region?: R; oneSided?: true }>
  /** Helmet, hands, shoes, webbing: drawn, never painted. */
  fixed: string
  /** Where the accent shows. */
  trim: string
  trimRegion: R
}
type ArtOf<K extends DrawingKind> = Art<RegionOf<K>, PartOf<K>>

const width = 240
const mirror = `matrix(-1 0 0 1 ${width} 0)`
const fixedFill = '#3a4047'
const silver = '#e3e6ea'
const white = '#f8fafc'

const wingsuit: ArtOf<'wingsuit'> = {
  near: 'r',
  regions: {
    'arm-wing': 'M98 58 34 116Q68 124 101 152L104 128Z',
    'leg-wing': 'M120 130V214Q106 216 97 230L118 134Z',
    sleeve: 'M101 44 25 104 34 116 98 62Z',
    leg: 'M100 122 118 134 97 230 82 226Z',
    body: 'M120 44 104 46 96 54 98 96 104 128 120 136Z',
    inlet: 'M92 66 77 79 81 84 95 72ZM116 146 112 162 117 163 119 147Z',
    'zip-trim': 'M117 46H120V134H117Z',
  },
  parts: {
    booties: { d: 'M81 223 98 228 96 243 77 239Z', region: 'leg' },
    grippers: { d: 'M20 106 32 117 29 120 17 109Z', fill: '#f59e0b' },
    'cutaway-handles': { d: 'M86 88 95 81 99 86 90 93Z', fill: '#fde047' },
    'reflective-tape': {
      d: 'M57 79 61 93 57 97 53 83ZM86 196 102 209 101 214 85 201Z',
      fill: silver,
    },
    logo: { d: 'M120 174 104 188 109 190 120 181Z', fill: white },
  },
  fixed:
    'M120 14A16 16 0 0 0 120 46ZM17 111A7 7 0 1 0 31 111 7 7 0 1 0 17 111ZM82 226 97 230 95 241 79 237Z',
  trim: 'M34 116Q68 124 101 152M97 230Q106 216 120 214',
  trimRegion: 'zip-trim',
}

const trackingsuit: ArtOf<'trackingsuit'> = {
  near: 'r',
  regions: {
    'arm-panel': 'M94 74 68 140Q84 128 95 110Z',
    sleeve: 'M95 42 84 48 56 136 68 140 95 76Z',
    leg: 'M94 116 120 124V134L115 236H98L92 160Z',
    'leg-panel': 'M93 122 87 162 93 236H99L93 162 98 124Z',
    body: 'M120 38 102 40 92 50 94 120 120 128Z',
    'zip-trim': 'M117 40H120V126H117Z',
  },
  parts: {
    booties: { d: 'M96 232H117V247H90Z', region: 'leg' },
    grippers: { d: 'M54 132 68 137 67 141 53 136Z', fill: '#f59e0b' },
    hood: { d: 'M120 4C99 4 95 26 100 42L108 40C104 30 106 13 120 12Z', region: 'body' },
    'reflective-tape': { d: 'M64 112 78 117 76 122 62 117ZM95 200H114V205H96Z', fill: silver },
    logo: { d: 'M120 58 106 68 110 70 120 63Z', fill: white },
  },
  fixed: 'M120 8A14 14 0 0 0 120 36M55 146A7 7 0 1 0 69 146 7 7 0 1 0 55 146ZM97 236H115V244H92Z',
  trim: 'M68 140Q84 128 95 110M93 162 99 236',
  trimRegion: 'zip-trim',
}

const container: ArtOf<'container'> = {
  near: 'l',
  regions: {
    binding: 'M120 18 88 20 72 34 70 186 80 194H120Z',
    yoke: 'M120 21 89 23 75 36 74 45H120ZM100 22 104 6H114V22Z',
    'side-flap': 'M88 48H74L73 182 82 190H92Z',
    'main-flap': 'M120 48H91L95 190H120Z',
    'leg-pad': 'M74 200 108 204 106 226 76 220Z',
  },
  parts: {
    'pilot-chute-pouch': { d: 'M120 174H101L103 195 109 200H120Z', fill: '#262a2f' },
    skyhook: { d: 'M80 24 90 22 92 40 84 42Z', fill: '#facc15', oneSided: true },
    'cypres-window': { d: 'M120 56H106V68H120Z', fill: '#a5c8d8' },
    'reflective-tape': { d: 'M74 150H120V155H74Z', fill: silver },
    logo: { d: 'M120 124 106 136 110 138 120 130Z', fill: white },
  },
  fixed: 'M80 190 88 190 92 202 84 202Z',
  trim: 'M91 48 95 190M92 100H120',
  trimRegion: 'binding',
}

const art: { [K in DrawingKind]: ArtOf<K> } = { wingsuit, trackingsuit, container }

/** A configurable product as designed, painted region by region. */
export function SuitDrawing({
  drawing,
  fills,
  parts,
  accent,
  defs,
  onRegionClick,
  title,
  className,
}: SuitDrawingProps) {
  // Two drawings may share a page: every id carries this instance's prefix.
  const prefix = useId()
  const { near, regions, parts: partArt, fixed, trim, trimRegion }: Art = art[drawing]
  const far: Side = near === 'l' ? 'r' : 'l'
  const paint = (region: string, side: Side) => fills[`${region}-${side}`] ?? unpaintedFill
  const transformOf = (side: Side) => (side === far ? mirror : undefined)

  const half = (side: Side) => (
    <g key={side} transform={transformOf(side)}>
      {Object.entries(regions).map(([region, d]) => (
        <path
          key={region}
          id={`${prefix}-${region}-${side}`}
          data-region={region}
          data-side={side}
          d={d}
          fill={paint(region, side)}
        />
      ))}
      <path d={fixed} fill={fixedFill} />
      <path
        d={trim}
        data-trim={side}
        fill="none"
        stroke={accent ?? paint(trimRegion, side)}
        strokeWidth={3}
        strokeLinecap="round"
        pointerEvents="none"
      />
    </g>
  )

  const onClick =
    onRegionClick &&
    ((event: MouseEvent<SVGSVGElement>) => {
      const region = (event.target as Element).closest('[data-region]')?.getAttribute('data-region')
      if (region) onRegionClick(region)
    })

  return (
    <svg
      className={className}
      viewBox={`0 0 ${width} 250`}
      role="img"
      aria-labelledby={`${prefix}-title`}
      onClick={onClick}
    >
      <title id={`${prefix}-title`}>{title}</title>
      {defs && <defs>{defs}</defs>}
      <g stroke="#1f252b" strokeWidth={1.2} strokeLinejoin="round">
        {half(near)}
        {half(far)}
        {Object.entries(partArt)
          .filter(([part]) => parts.has(part))
          .map(([part, { d, fill, region, oneSided }]) => (
            <g key={part} id={`${prefix}-${part}`} data-part={part} pointerEvents="none">
              {(oneSided ? [near] : [near, far]).map((side) => (
                <path
                  key={side}
                  d={d}
                  transform={transformOf(side)}
                  fill={region ? paint(region, side) : fill}
                />
              ))}
            </g>
          ))}
      </g>
    </svg>
  )
}
