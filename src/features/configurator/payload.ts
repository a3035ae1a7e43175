/**
 * The order draft as the body of POST /api/order/add (docs/cart-and-offline-sync.md: sku, qty as a
 * number, a meta list and a child list). Every colour is spelled out, defaults included, so the
 * workshop never has to guess; a super custom or super duper custom design is its own child line
 * carrying the pattern.
 */
import type { AddToOrderRequest, OrderChild, OrderMeta } from '../../../contract/configurator.ts'
import { lineSummary } from '../../../contract/line-summary.ts'
import { metaKeys } from '../../../contract/pricing.ts'
import {
  CHILD_SUPER_CUSTOM_CHECK,
  colorKey,
  DEFAULT_ACCENT,
  PC_EDIT_STATE,
  PC_PATTERN_URL,
  regionColor,
  reviveDraft,
  TOTAL_PRICE,
  type DraftContext,
  type OrderDraft,
  type OrderMap,
} from './model.ts'
import type { OutboxLineDisplay } from '../../../store-db/cart-outbox-model.ts'

/** Order-map keys that travel on the child line or are restated below, not copied as they are. */
const NOT_COPIED = new Set([CHILD_SUPER_CUSTOM_CHECK, PC_EDIT_STATE, PC_PATTERN_URL, TOTAL_PRICE])

export class InvalidDraftError extends Error {
  constructor(readonly errors: Record<string, string>) {
    super(`The design cannot be ordered yet: ${Object.values(errors).join(' ')}`)
    this.name = 'InvalidDraftError'
  }
}

export function buildAddToOrder(draft: OrderDraft, context: DraftContext): AddToOrderRequest {
  if (draft.hasErrorValidation || draft.selectedVariant === null)
    throw new InvalidDraftError(draft.checkOrderValidationError)
  const { configurator } = context.product
  const meta: OrderMeta[] = []
  const add = (key: string, value: string | number) => meta.push({ key, value: String(value) })

  for (const region of configurator.regions) {
    if (draft.isSuperAsym) {
      add(colorKey(region.id, 'l'), regionColor(draft, region, 'l'))
      add(colorKey(region.id, 'r'), regionColor(draft, region, 'r'))
    } else {
      add(colorKey(region.id), regionColor(draft, region, 'l'))
    }
  }
  // Options, size and measurements as chosen; colours were spelled out above.
  for (const [key, value] of Object.entries(draft.order).sort(([a], [b]) => a.localeCompare(b)))
    if (!NOT_COPIED.has(key) && !key.startsWith('color.')) add(key, value)
  add(metaKeys.accent, draft.orderAccent)
  if (draft.isCloudLite && draft.cloudLiteKey) add(metaKeys.cloudLiteKey, draft.cloudLiteKey)
  if (draft.isSuperAsym) add(metaKeys.superAsym, 'on')
  add(TOTAL_PRICE, draft.order[TOTAL_PRICE] ?? 0)

  const child: OrderChild[] = []
  const pattern = [
    { key: PC_EDIT_STATE, value: draft.editState },
    { key: PC_PATTERN_URL, value: draft.patURL },
  ]
  if (draft.isSuperCustom && configurator.superCustom)
    child.push({
      sku: configurator.superCustom.sku,
      qty: draft.qty,
      meta: [{ key: CHILD_SUPER_CUSTOM_CHECK, value: 'on' }, ...pattern],
    })
  if (draft.isSuperDuperCustom && configurator.superDuperCustom)
    child.push({ sku: configurator.superDuperCustom.sku, qty: draft.qty, meta: pattern })

  return { sku: draft.selectedVariant, qty: draft.qty, meta, child }
}

/** Meta keys restated as draft fields, not kept in the order map (see buildAddToOrder). */
const RESTATED = new Set<string>([
  metaKeys.accent,
  metaKeys.cloudLiteKey,
  metaKeys.superAsym,
  TOTAL_PRICE,
])

/** An ordered design as the cart holds it: an add's request, or a cart line (both fit). */
export interface OrderedDesign {
  sku: string
  qty: number
  meta: readonly OrderMeta[]
  child: readonly { sku: string; meta: readonly OrderMeta[] }[]
}

/**
 * buildAddToOrder read back: the draft an ordered design was made from, so the cart can draw the
 * customer's design with the configurator's own drawing (drawing-paint.ts). The choices come
 * back as they were sent: colours per region or per half, options, size and measurements,
 * accent, cloud lite, asymmetry, and the super (duper) custom child's pattern. The draft is made
 * whole against today's catalog (reviveDraft): a colour since retired stays, and is drawn as
 * one; the total is the catalog's of today, not the one sent.
 */
export function draftFromOrder(order: OrderedDesign, context: DraftContext): OrderDraft {
  const { configurator } = context.product
  const sent = new Map(order.meta.map(({ key, value }) => [key, value]))
  const map: OrderMap = {}
  for (const [key, value] of sent) if (!RESTATED.has(key)) map[key] = value
  const design = (offer: { sku: string } | null) =>
    offer ? order.child.find((child) => child.sku === offer.sku) : undefined
  const superCustom = design(configurator.superCustom)
  const superDuperCustom = superCustom ? undefined : design(configurator.superDuperCustom)
  const pattern = new Map(
    (superCustom ?? superDuperCustom)?.meta.map(({ key, value }) => [key, value]),
  )
  const editState = pattern.get(PC_EDIT_STATE)
  const patURL = pattern.get(PC_PATTERN_URL)
  if (superCustom) map[CHILD_SUPER_CUSTOM_CHECK] = 'on'
  if (editState !== undefined) map[PC_EDIT_STATE] = editState
  if (patURL !== undefined) map[PC_PATTERN_URL] = patURL
  const cloudLiteKey = sent.get(metaKeys.cloudLiteKey) ?? null
  return reviveDraft(
    {
      order: map,
      qty: order.qty,
      selectedVariant: order.sku,
      orderAccent: sent.get(metaKeys.accent) ?? DEFAULT_ACCENT,
      // It was ordered, so the customer confirmed the size it was ordered in.
      confirmSmallestSize: true,
      isCloudLite: cloudLiteKey !== null,
      cloudLiteKey,
      isSuperAsym: sent.get(metaKeys.superAsym) === 'on',
      isSuperCustom: superCustom !== undefined,
      isSuperDuperCustom: superDuperCustom !== undefined,
      editState,
      patURL,
    },
    context,
  )
}

/**
 * What "Add to order" hands the cart (composed by the route): the request, and what the cart
 * shows of the line until the server has priced it (the configurator's own total).
 */
export interface DesignOrder {
  request: AddToOrderRequest
  line: OutboxLineDisplay
}

/** 'saved': the server has it; 'queued': kept on this device until the network returns. */
export type AddDesignToOrder = (order: DesignOrder) => Promise<'saved' | 'queued'>

export function designOrder(draft: OrderDraft, context: DraftContext): DesignOrder {
  const request = buildAddToOrder(draft, context)
  const { product } = context
  const variant = product.variants.find((candidate) => candidate.sku === request.sku)
  // As the cart will say it once the shop has the line (the server's summary, same function).
  const names = new Map(context.palette.map((swatch) => [swatch.id, swatch.name]))
  const summary = lineSummary(
    { sku: request.sku, meta: request.meta, childSkus: request.child.map((child) => child.sku) },
    product.configurator,
    (id) => names.get(id) ?? id,
  )
  const total = Number(draft.order[TOTAL_PRICE] ?? 0)
  return {
    request,
    line: {
      name: product.name,
      productSlug: product.slug,
      productPath: product.path,
      variantName: variant?.name ?? null,
      image: product.images[0]?.src ?? null,
      unitPrice: Math.round(total / Math.max(1, request.qty)),
      currency: product.currency,
      summary,
    },
  }
}
