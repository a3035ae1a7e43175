/**
 * "Copy link": a design in a URL, so it opens on another device as the same draft. The link
 * carries only what the customer chose (never prices: those come from the catalog where the
 * link is opened) as versioned, URL-safe JSON with a checksum. Opening a link checks every
 * value against the product, so a damaged or edited link gives a clear message and the
 * customer's own draft stays as it was — never a half-applied design.
 */
import { decodeEditState } from './edit-state.ts'
import { isRecord } from '../../lib/is-record.ts'
import { DESIGN_PARAM } from './link-names.ts'
import { measurementFields, type MeasurementKey, type Units } from './measurements.ts'
import {
  createDraft,
  DEFAULT_ACCENT,
  isCustomVariant,
  MAX_QTY,
  measurementsOf,
  reduceDraft,
  unitsOf,
  type DraftAction,
  type DraftContext,
  type OrderDraft,
} from './model.ts'

const VERSION = '1'
/** Far above any real design (a few hundred bytes); refuses pasted novels before parsing. */
const MAX_LENGTH = 4000

export interface Design {
  v: number
  product: string
  variant: string
  qty: number
  accent: string
  colors: Record<string, string>
  options: string[]
  units?: Units
  measurements?: Partial<Record<MeasurementKey, string>>
  confirmDefaultColor: boolean
  confirmSmallestSize: boolean
  editState: string
  superCustom: boolean
  superDuperCustom: boolean
  cloudLiteKey: string | null
  asym: boolean
}

/** The customer's choices in a draft. */
export function designOf(draft: OrderDraft): Design {
  const colors: Record<string, string> = {}
  const options: string[] = []
  for (const [key, value] of Object.entries(draft.order)) {
    if (key.startsWith('color.')) colors[key.slice('color.'.length)] = String(value)
    else if (key.startsWith('option.')) options.push(key.slice('option.'.length))
  }
  const custom = draft.selectedVariant !== null && isCustomVariant(draft.selectedVariant)
  return {
    v: Number(VERSION),
    product: draft.productKey,
    variant: draft.selectedVariant ?? '',
    qty: draft.qty,
    accent: draft.orderAccent,
    colors,
    options: options.sort(),
    ...(custom ? { units: unitsOf(draft), measurements: measurementsOf(draft) } : {}),
    confirmDefaultColor: draft.confirmDefaultColor,
    confirmSmallestSize: draft.confirmSmallestSize,
    editState: draft.editState,
    superCustom: draft.isSuperCustom,
    superDuperCustom: draft.isSuperDuperCustom,
    cloudLiteKey: draft.isCloudLite ? draft.cloudLiteKey : null,
    asym: draft.isSuperAsym,
  }
}

function toBase64Url(text: string): string {
  const bytes = new TextEncoder().encode(text)
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
  return new TextDecoder('utf-8', { fatal: true }).decode(
    Uint8Array.from(binary, (char) => char.charCodeAt(0)),
  )
}

/** FNV-1a, 32 bits: catches a link cut short or mistyped (not a signature; nothing is secret). */
function checksum(text: string): string {
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193) >>> 0
  }
  return hash.toString(36)
}

export function encodeDesign(draft: OrderDraft): string {
  const json = JSON.stringify(designOf(draft))
  return `${VERSION}.${toBase64Url(json)}.${checksum(json)}`
}

/** The full link to the product page with the design in it. */
export function shareUrl(origin: string, draft: OrderDraft): string {
  const url = new URL(draft.itemMetaData.path, origin)
  url.searchParams.set(DESIGN_PARAM, encodeDesign(draft))
  return url.toString()
}

export type OpenedDesign = { ok: true; draft: OrderDraft } | { ok: false; message: string }

const DAMAGED =
  'This design link is damaged or was changed after it was shared, so it was not opened. Ask for the link again.'

class LinkError extends Error {}

function fail(reason: string): never {
  throw new LinkError(reason)
}

function parse(value: string): unknown {
  if (value.length > MAX_LENGTH) fail(DAMAGED)
  const [version, body, sum, ...rest] = value.split('.')
  if (rest.length > 0 || !body || !sum) fail(DAMAGED)
  if (version !== VERSION)
    fail(
      'This design link was made by a newer version of the store. Reload the page and try again.',
    )
  let json: string
  try {
    json = fromBase64Url(body)
  } catch {
    return fail(DAMAGED)
  }
  if (checksum(json) !== sum) fail(DAMAGED)
  try {
    return JSON.parse(json) as unknown
  } catch {
    return fail(DAMAGED)
  }
}

function check(ok: boolean, message = DAMAGED): asserts ok {
  if (!ok) fail(message)
}

/**
 * Reads a design link for this product: the draft it describes, or why it cannot be opened.
 * Every value must be one the product offers today; otherwise nothing is applied.
 */
export function openDesign(value: string, context: DraftContext): OpenedDesign {
  try {
    return { ok: true, draft: toDraft(parse(value), context) }
  } catch (error) {
    if (error instanceof LinkError) return { ok: false, message: error.message }
    throw error
  }
}

function toDraft(raw: unknown, context: DraftContext): OrderDraft {
  const { product, palette } = context
  const c = product.configurator
  check(isRecord(raw))
  const d = raw
  check(
    d.product === product.slug,
    `This link is for another product (${String(d.product)}), not the ${product.name}.`,
  )
  const gone = (what: string) =>
    `This design uses ${what} the ${product.name} no longer offers, so it was not opened.`
  check(typeof d.variant === 'string')
  check(
    product.variants.some((v) => v.sku === d.variant),
    gone(`a size (${d.variant})`),
  )
  check(typeof d.qty === 'number' && Number.isInteger(d.qty) && d.qty >= 1 && d.qty <= MAX_QTY)
  check(typeof d.accent === 'string')
  check(d.accent === DEFAULT_ACCENT || c.accents.some((a) => a.key === d.accent), gone('an accent'))
  for (const flag of [
    'confirmDefaultColor',
    'confirmSmallestSize',
    'superCustom',
    'superDuperCustom',
    'asym',
  ])
    check(typeof d[flag] === 'boolean')
  check(!(d.superCustom && d.superDuperCustom))
  check(!d.superCustom || c.superCustom !== null, gone('super custom'))
  check(!d.superDuperCustom || c.superDuperCustom !== null, gone('super duper custom'))
  check(!d.asym || c.superAsym !== null, gone('an asymmetric design'))
  check(typeof d.editState === 'string' && decodeEditState(d.editState) !== null)
  check(d.cloudLiteKey === null || typeof d.cloudLiteKey === 'string')
  check(
    d.cloudLiteKey === null || (c.cloudLite?.keys.some((k) => k.key === d.cloudLiteKey) ?? false),
    gone('a cloud lite fabric'),
  )

  const actions: DraftAction[] = [
    { type: 'setSuperAsym', on: d.asym as boolean },
    { type: 'selectVariant', sku: d.variant },
    { type: 'setQty', qty: d.qty },
    { type: 'setAccent', accent: d.accent },
  ]
  check(isRecord(d.colors))
  const colours = new Set(palette.map((swatch) => swatch.id))
  for (const [where, color] of Object.entries(d.colors)) {
    check(typeof color === 'string')
    check(colours.has(color), gone(`a colour (${color})`))
    const [region, side, ...more] = where.split('.')
    check(more.length === 0 && c.regions.some((r) => r.id === region), gone('a part'))
    check(d.asym ? side === 'l' || side === 'r' : side === undefined)
    actions.push({ type: 'paint', region: region!, side: side as 'l' | 'r' | undefined, color })
  }
  check(Array.isArray(d.options))
  for (const option of d.options) {
    check(typeof option === 'string')
    check(
      c.options.some((o) => o.key === option),
      gone('an option'),
    )
    actions.push({ type: 'setOption', option, on: true })
  }
  if (isCustomVariant(d.variant)) {
    check(d.units === 'metric' || d.units === 'imperial')
    check(isRecord(d.measurements))
    const values: Partial<Record<MeasurementKey, string>> = {}
    for (const [field, value] of Object.entries(d.measurements)) {
      check(typeof value === 'string' && value.length <= 12)
      check(measurementFields.some((f) => f.key === field))
      values[field as MeasurementKey] = value
    }
    actions.push({ type: 'setMeasurements', units: d.units, values })
  } else {
    check(d.units === undefined && d.measurements === undefined)
  }
  actions.push(
    { type: 'setCloudLite', on: d.cloudLiteKey !== null, key: d.cloudLiteKey },
    { type: 'setSuperCustom', on: d.superCustom as boolean },
    ...(d.superDuperCustom ? [{ type: 'setSuperDuperCustom' as const, on: true }] : []),
    { type: 'setEditState', editState: d.editState },
    { type: 'confirmDefaultColor', value: d.confirmDefaultColor as boolean },
    { type: 'confirmSmallestSize', value: d.confirmSmallestSize as boolean },
  )
  return actions.reduce(
    (draft, action) => reduceDraft(draft, action, context),
    createDraft(context),
  )
}

/** Where a linked design's draft differs from the stored one only in bookkeeping. */
export function sameDesign(a: OrderDraft, b: OrderDraft): boolean {
  return JSON.stringify(designOf(a)) === JSON.stringify(designOf(b))
}
