/**
 * The pattern editor's whole state as one compact string (docs/configurator.md: `editState`, the
 * order's `pc_edit_state`): it is stored in the draft, sent with the order and put in share links,
 * so it is URL-safe, versioned, and round-trips exactly. Pure and dependency-free (no React, no
 * zod): it ships in the configurator's lazily loaded chunk. Format and bounds:
 * docs/configurator.md.
 */

export type PatternKey = 'none' | 'stripes' | 'chevron' | 'fade' | 'splinter' | 'dots'

export const patterns: readonly { key: PatternKey; label: string }[] = [
  { key: 'none', label: 'No pattern' },
  { key: 'stripes', label: 'Stripes' },
  { key: 'chevron', label: 'Chevron' },
  { key: 'fade', label: 'Fade' },
  { key: 'splinter', label: 'Splinter' },
  { key: 'dots', label: 'Dots' },
]

export interface PatternEdit {
  pattern: PatternKey
  /** Palette ids: the ground colour, then the colour the pattern's shapes are drawn in. */
  colors: [string, string]
  /** Percent of the pattern's natural size. */
  scale: number
  /** Degrees, clockwise. */
  rotation: number
  mirror: boolean
  /** Region ids the pattern covers, sorted and unique. */
  targets: string[]
}

export const SCALE = { min: 50, max: 200, step: 10 } as const
export const ROTATION = { min: 0, max: 345, step: 15 } as const
export const MAX_TARGETS = 24
const MAX_REGION_ID = 32
/** Longer than any state encode can write: a cheap first check before splitting anything. */
const MAX_LENGTH = 1000

const VERSION = '1'
const COLOR_ID = /^[a-z][0-9][A-Z]$/
const REGION_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
/** A whole number written the one way encode writes it: no sign, no leading zeros. */
const WHOLE = /^(?:0|[1-9][0-9]{0,2})$/

export const DEFAULT_PATTERN_EDIT: PatternEdit = {
  pattern: 'none',
  colors: ['n4D', 'w1A'],
  scale: 100,
  rotation: 0,
  mirror: false,
  targets: [],
}

/**
 * The default edit state, a fixed encoded string (docs/configurator.md); a test holds it to the
 * default edit.
 */
export const DEFAULT_EDIT_STATE = '1.none.n4D.w1A.100.0..0'

/**
 * `1.<pattern>.<colour>.<colour>.<scale>.<rotation>.<targets joined by _>.<mirror 0|1>`. The
 * targets come before the mirror flag so a state never ends in a dot (chat apps drop a trailing
 * dot from links). Anything out of shape is brought into shape first (targets sorted and
 * deduplicated, numbers snapped to their step and bounds, unknown values replaced by the
 * default's), so whatever encode writes, decode reads back.
 */
export function encodeEditState(edit: PatternEdit): string {
  const e = normalize(edit)
  return [
    VERSION,
    e.pattern,
    e.colors[0],
    e.colors[1],
    e.scale,
    e.rotation,
    e.targets.join('_'),
    e.mirror ? '1' : '0',
  ].join('.')
}

/**
 * The edit a state string holds, or null when it is not one encode could have written (bad
 * shape, unknown version or pattern, a value out of bounds or off its step, unsorted or repeated
 * targets, a number written another way). Never throws.
 */
export function decodeEditState(value: string): PatternEdit | null {
  if (typeof value !== 'string' || value.length > MAX_LENGTH) return null
  const parts = value.split('.')
  if (parts.length !== 8 || parts[0] !== VERSION) return null
  const [, pattern, ground, shapes, scale, rotation, targetList, mirror] = parts
  if (!isPatternKey(pattern) || !COLOR_ID.test(ground) || !COLOR_ID.test(shapes)) return null
  if (!WHOLE.test(scale) || !WHOLE.test(rotation) || (mirror !== '0' && mirror !== '1')) return null
  const edit: PatternEdit = {
    pattern,
    colors: [ground, shapes],
    scale: Number(scale),
    rotation: Number(rotation),
    mirror: mirror === '1',
    targets: targetList === '' ? [] : targetList.split('_'),
  }
  if (!onStep(edit.scale, SCALE) || !onStep(edit.rotation, ROTATION)) return null
  if (edit.targets.length > MAX_TARGETS || !edit.targets.every(isRegionId)) return null
  // Strictly increasing: sorted as encode sorts, and no id twice.
  if (edit.targets.some((id, i) => i > 0 && !(edit.targets[i - 1] < id))) return null
  // Every part above is checked against the one way encode writes it; this holds the rest.
  return encodeEditState(edit) === value ? edit : null
}

/**
 * Where the pattern's preview image is (docs/configurator.md: `patURL`, the order's
 * `pc_pattern_url`).
 */
export function patternUrl(edit: PatternEdit): string {
  return edit.pattern === 'none' ? '' : `/images/patterns/${edit.pattern}.svg`
}

function isPatternKey(value: string): value is PatternKey {
  return patterns.some((p) => p.key === value)
}

function isRegionId(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_REGION_ID && REGION_ID.test(value)
}

function onStep(value: number, range: { min: number; max: number; step: number }): boolean {
  return value >= range.min && value <= range.max && value % range.step === 0
}

function normalize(edit: PatternEdit): PatternEdit {
  const color = (id: unknown, fallback: string) =>
    typeof id === 'string' && COLOR_ID.test(id) ? id : fallback
  const scale = Number.isFinite(edit.scale) ? edit.scale : DEFAULT_PATTERN_EDIT.scale
  const turns = Number.isFinite(edit.rotation) ? Math.round(edit.rotation / ROTATION.step) : 0
  const targets = Array.isArray(edit.targets) ? edit.targets.filter(isRegionId) : []
  return {
    pattern: isPatternKey(edit.pattern) ? edit.pattern : DEFAULT_PATTERN_EDIT.pattern,
    colors: [
      color(edit.colors?.[0], DEFAULT_PATTERN_EDIT.colors[0]),
      color(edit.colors?.[1], DEFAULT_PATTERN_EDIT.colors[1]),
    ],
    scale: Math.min(SCALE.max, Math.max(SCALE.min, Math.round(scale / SCALE.step) * SCALE.step)),
    rotation: (((turns * ROTATION.step) % 360) + 360) % 360,
    mirror: edit.mirror === true,
    targets: [...new Set(targets)].sort().slice(0, MAX_TARGETS),
  }
}
