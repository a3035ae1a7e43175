import { eq } from 'drizzle-orm'
import { emptyCart, type Cart, type CartLine } from '../../../contract/cart.ts'
import { lineSummary, upgradeLabel } from '../../../contract/line-summary.ts'
import type { PricingConfigurator } from '../../../contract/pricing.ts'
import { holdsFor } from '../../../contract/shipping.ts'
import { orders, productionTimes } from '../../db/schema.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import { isMadeToOrder, parcelOf, parcelWeight } from '../shipping.ts'
import { requiresSignature } from '../waiver.ts'
import { lineAvailability, type ProductionTimeRow } from './availability.ts'
import {
  cartColumns,
  cartRowsOf,
  type CartRows,
  type Executor,
  type LineRow,
  type OrderRow,
} from './open-cart.ts'
import { appliesTo, configuratorOf, type Palette } from './pricing.ts'

/* The answer's view: the Cart (contract/cart.ts) of an order's rows. */

/**
 * The Cart of an order (or the empty cart when there is none yet). `times`: the production times
 * (availability.ts cachedProductionTimes); read here when not given.
 */
export async function renderCart(
  db: Executor,
  order: OrderRow | undefined,
  catalog: CatalogSnapshot,
  palette: Palette,
  times?: readonly ProductionTimeRow[],
): Promise<Cart> {
  if (!order) return emptyCart()
  const [row] = await db.select(cartColumns).from(orders).where(eq(orders.id, order.id))
  return cartOf(
    row
      ? cartRowsOf({ ...row, order })
      : { order, lines: [], codes: [], signed: false, placedFor: null },
    catalog,
    palette,
    times ?? (await db.select().from(productionTimes)),
  )
}

/**
 * The Cart of an order's rows, lines in cart order (position, then creation). With `times` (the
 * production times) each line says when it ships (`availability`); without, it does not (an
 * order's own views time their lines from the submit day instead).
 */
export function cartOf(
  { order, lines, codes, signed, placedFor }: CartRows,
  catalog: CatalogSnapshot,
  palette: Palette,
  times?: readonly ProductionTimeRow[],
): Cart {
  const colors = palette
  const now = new Date()
  const parents = lines.filter((line) => line.parentId === null)
  const items: CartLine[] = parents.map((line) => {
    const children = lines.filter((child) => child.parentId === line.id)
    const product = catalog.productBySlug(line.productSlug)
    const configurator = product ? configuratorOf(product) : null
    const unit = line.unitAmount + children.reduce((sum, child) => sum + child.unitAmount, 0)
    return {
      id: line.id,
      sku: line.sku,
      product_slug: line.productSlug,
      product_path: product?.path ?? '',
      name: product?.name ?? line.sku,
      variant_name: product?.variants.find((v) => v.sku === line.sku)?.name ?? null,
      image: product?.images[0]?.src ?? null,
      qty: line.qty,
      unit_price: unit,
      line_price: unit * line.qty,
      meta: line.meta,
      child: children.map((child) => ({
        id: child.id,
        sku: child.sku,
        name: upgradeLabel(configurator, child.sku),
        qty: child.qty,
        unit_price: child.unitAmount,
        line_price: child.unitAmount * child.qty,
        meta: child.meta,
      })),
      summary: summaryOf(line, children, configurator, colors),
      ...(times && { availability: lineAvailability(product, line, lines, times, now) }),
    }
  })
  const subtotal = items.reduce((sum, item) => sum + item.line_price, 0)
  let left = subtotal
  const discounts = codes.map((code) => {
    const live =
      (!code.startsAt || code.startsAt <= now) &&
      (!code.expiresAt || code.expiresAt > now) &&
      (code.usageLimit === null || code.usedCount < code.usageLimit)
    let base = 0
    if (live)
      for (const line of parents) {
        if (!appliesTo(code, line, catalog)) continue
        const children = lines.filter((child) => child.parentId === line.id)
        const whole = line.unitAmount + children.reduce((sum, child) => sum + child.unitAmount, 0)
        base += (code.excludesUpgrades ? line.unitAmount - line.upgradeAmount : whole) * line.qty
      }
    const raw =
      code.kind === 'percent' ? Math.round((base * code.value) / 100) : Math.min(code.value, base)
    // A submitted order shows what the code took off then, whatever it would give today.
    const amount = Math.min(code.chargedAmount ?? raw, left)
    left -= amount
    return { code: code.code, description: code.description, amount }
  })
  const discountTotal = subtotal - left
  return {
    id: order.id,
    status: order.status,
    currency: order.currency,
    items,
    item_count: items.reduce((sum, item) => sum + item.qty, 0),
    subtotal,
    discounts,
    discount_total: discountTotal,
    total: subtotal - discountTotal,
    merge_notice: order.mergeNotice ?? null,
    merged_into: order.mergedInto ?? null,
    ...checkoutData(order, lines, catalog, signed),
    placed_for: placedFor ?? null,
  }
}

/**
 * What the checkout reads of an order (docs/checkout.md). The chosen option shows only while the cart's
 * weight is within what its price was quoted for; outside, it is null and must be chosen again.
 */
function checkoutData(
  order: OrderRow | undefined,
  lines: readonly LineRow[],
  catalog: CatalogSnapshot,
  signed: boolean,
): Pick<Cart, 'is_mto' | 'shipping_address' | 'shipping' | 'require_signature' | 'signed'> {
  const productBySlug = (slug: string) => catalog.productBySlug(slug)
  const option = order?.shippingOption
  const weight = parcelWeight(parcelOf(lines, productBySlug))
  return {
    is_mto: isMadeToOrder(lines, productBySlug),
    shipping_address: order?.shippingAddress ?? null,
    shipping:
      option && holdsFor(option, weight)
        ? {
            carrier: option.carrier,
            service_code: option.service_code,
            service_name: option.service_name,
            amount: option.amount,
          }
        : null,
    require_signature: requiresSignature(lines, productBySlug),
    // Of the current waiver version: a new version asks for a new signature.
    signed,
  }
}

/** Human lines describing a line's configuration, for the cart (shared with the page). */
function summaryOf(
  line: LineRow,
  children: LineRow[],
  configurator: PricingConfigurator | null,
  palette: Palette,
): string[] {
  return lineSummary(
    { sku: line.sku, meta: line.meta, childSkus: children.map((child) => child.sku) },
    configurator,
    (id) => palette.get(id)?.name ?? id,
  )
}
