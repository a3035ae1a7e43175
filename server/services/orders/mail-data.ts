import { eq, inArray } from 'drizzle-orm'
import { lineAvailabilityText } from '../../../contract/availability.ts'
import type { FamilyKey } from '../../../contract/families.ts'
import { lineSummary } from '../../../contract/line-summary.ts'
import type { LineProductionTime } from '../../../contract/orders.ts'
import { pricingConfiguratorOf } from '../../../contract/pricing.ts'
import { paletteColors, productionTimes, products, users, variants } from '../../db/schema.ts'
import type { OrderMailData } from '../../mail/templates.ts'
import { moneyOf } from '../payments/order-money.ts'
import { linesOf, type Executor, type OrderRow } from './lookup.ts'
import { lineInStock, lineProductionTime, type ProductionProduct } from './production.ts'

/* What an order's mail shows of it, and where it goes. */

function availabilityOf(time: LineProductionTime | null, inStock: boolean): string {
  return lineAvailabilityText(
    time && {
      weeksMin: time.weeks_min,
      weeksMax: time.weeks_max,
      readyFrom: time.ready_from,
      readyBy: time.ready_by,
    },
    inStock,
  )
}

/** Where an order's mail goes: the address it was submitted with, else its account's. */
export async function orderEmail(db: Executor, order: OrderRow): Promise<string | undefined> {
  // The address the submitting session signed in with (submit keeps it).
  if (order.email) return order.email
  const userId = order.userId ?? order.guestOf
  if (!userId) return undefined
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  return user?.email
}

/**
 * Whether the order belongs to an account whose address is proven (by a mailed link): only then
 * does its mail carry what its owner typed. A guest session's order, or an unconfirmed
 * account's, is mailed in the shop's words alone.
 */
async function ownerProvedAddress(db: Executor, order: OrderRow): Promise<boolean> {
  if (order.userId === null) return false
  const [user] = await db
    .select({ at: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, order.userId))
  return user?.at != null
}

/**
 * What an order's mail shows of it (server/mail/templates.ts), read in the caller's transaction
 * so the mail queued with a change shows the order as that change left it; undefined when the
 * order has no one to mail (a device's order placed without an e-mail address).
 */
export async function orderMailData(
  db: Executor,
  order: OrderRow,
): Promise<OrderMailData | undefined> {
  const email = await orderEmail(db, order)
  if (!email) return undefined
  const lines = await linesOf(db, order.id)
  const slugs = [...new Set(lines.map((line) => line.productSlug))]
  const productRows =
    slugs.length === 0
      ? []
      : await db
          .select({
            slug: products.slug,
            name: products.name,
            family: products.family,
            data: products.data,
          })
          .from(products)
          .where(inArray(products.slug, slugs))
  const productOf = new Map(productRows.map((row) => [row.slug, row]))
  const skus = lines.map((line) => line.sku)
  const variantOf = new Map(
    skus.length === 0
      ? []
      : (
          await db
            .select({ sku: variants.sku, name: variants.name, inStock: variants.inStock })
            .from(variants)
            .where(inArray(variants.sku, skus))
        ).map((row) => [row.sku, row]),
  )
  // The palette only when a line names colours (a bag's order needs none of it).
  const palette = lines.some((line) => line.meta.some((entry) => entry.key.startsWith('color')))
    ? new Map(
        (
          await db.select({ id: paletteColors.id, name: paletteColors.name }).from(paletteColors)
        ).map((row) => [row.id, row.name]),
      )
    : new Map<string, string>()
  const times = await db.select().from(productionTimes)
  const submittedAt = order.submittedAt ?? order.updatedAt
  const total = order.totalAmount ?? 0
  const paid = (await moneyOf(db, order.id)).paid
  const proven = await ownerProvedAddress(db, order)
  return {
    id: order.id,
    email,
    lines: lines
      .filter((line) => line.parentId === null)
      .map((line) => {
        const product = productOf.get(line.productSlug)
        const children = lines.filter((child) => child.parentId === line.id)
        const data = product?.data
        const configurator =
          data?.configurable && data.configurator ? pricingConfiguratorOf(data.configurator) : null
        // What the production time reads of the product row, for this line's variant.
        const timed: ProductionProduct | undefined = product && {
          family: product.family as FamilyKey,
          configurable: data?.configurable ?? false,
          configurator: data?.configurator,
          variants: [{ sku: line.sku, in_stock: variantOf.get(line.sku)?.inStock ?? true }],
        }
        return {
          id: line.id,
          // The variant's own name says which one ("Tarn 220", "Corvid 2, size M").
          name: variantOf.get(line.sku)?.name ?? product?.name ?? line.sku,
          // The same words as the cart and the order page (contract/line-summary.ts).
          details: lineSummary(
            { sku: line.sku, meta: line.meta, childSkus: children.map((child) => child.sku) },
            configurator,
            (id) => palette.get(id) ?? id,
          ),
          availability: availabilityOf(
            lineProductionTime(timed, line, lines, times, submittedAt),
            lineInStock(timed, line.sku),
          ),
          qty: line.qty,
          // One item as charged: the line's own price and its upgrades'.
          unitAmount: line.unitAmount + children.reduce((sum, child) => sum + child.unitAmount, 0),
        }
      }),
    total,
    paid,
    balance: Math.max(0, total - paid),
    currency: order.currency,
    shippingAddress: proven ? order.shippingAddress : null,
    addressWithheld: !proven && order.shippingAddress !== null,
    paymentCode: order.paymentCode,
  }
}
