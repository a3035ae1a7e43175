import { randomUUID } from 'node:crypto'
import type { Product } from '../../../contract/catalog.ts'
import type { AddToOrderRequest } from '../../../contract/configurator.ts'
import {
  choicesFromMeta,
  metaKeys,
  pricingConfiguratorOf,
  type PricingConfigurator,
} from '../../../contract/pricing.ts'
import type { Database } from '../../db/index.ts'
import { paletteColors, type StoredMeta } from '../../db/schema.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import { sha256, stableJson } from '../idempotency.ts'
import type { CodeRow, LineRow } from './open-cart.ts'

/*
 * Pricing an add on the server: the product checked against the catalog, its configuration
 * priced by the configurator's own rules (contract/pricing.ts), the line's identity, the rows it
 * becomes, and which lines a discount code takes off.
 */

export type Palette = Map<string, { name: string; type: string }>

// The palette, read from the database at most every few seconds: it changes only when a
// process seeds new content.
const paletteCache = new WeakMap<
  Database,
  { at: number; colors: Map<string, { name: string; type: string }> }
>()
const paletteRecheckMs = 5_000

async function paletteOf(db: Database) {
  const cached = paletteCache.get(db)
  if (cached && performance.now() - cached.at < paletteRecheckMs) return cached.colors
  const rows = await db.select().from(paletteColors)
  const colors = new Map(rows.map((row) => [row.id, { name: row.name, type: row.type }]))
  paletteCache.set(db, { at: performance.now(), colors })
  return colors
}

/** The palette (read before a transaction: PGlite has one session, which a transaction holds). */
export function cachedPalette(db: Database): Promise<Palette> {
  return paletteOf(db)
}

const configuratorCache = new WeakMap<Product, PricingConfigurator | null>()
export function configuratorOf(product: Product): PricingConfigurator | null {
  let configurator = configuratorCache.get(product)
  if (configurator === undefined) {
    configurator =
      product.configurable && product.configurator
        ? pricingConfiguratorOf(product.configurator)
        : null
    configuratorCache.set(product, configurator)
  }
  return configurator
}

/** Meta as stored: without the client's total, which is never trusted nor kept. */
function storedMeta(meta: readonly StoredMeta[]): StoredMeta[] {
  return meta
    .filter((entry) => entry.key !== metaKeys.totalPrice)
    .map(({ key, value }) => ({ key, value }))
}

const byKey = (a: StoredMeta, b: StoredMeta) =>
  a.key < b.key ? -1 : a.key > b.key ? 1 : a.value < b.value ? -1 : a.value > b.value ? 1 : 0

/** Which lines are "the same": sku, meta and children, in any order, quantities aside. */
export function lineKeyOf(request: Pick<AddToOrderRequest, 'sku' | 'meta' | 'child'>): string {
  return sha256(
    stableJson({
      sku: request.sku,
      meta: storedMeta(request.meta).sort(byKey),
      child: request.child
        .map((child) => ({ sku: child.sku, meta: storedMeta(child.meta).sort(byKey) }))
        .sort((a, b) => stableJson(a).localeCompare(stableJson(b))),
    }),
  )
}

export interface PricedAdd {
  product: Product
  unitAmount: number
  upgradeAmount: number
  children: { sku: string; price: number; meta: StoredMeta[] }[]
}

/** Checks an add against the catalog and prices it; field errors as the 422 gives them. */
export function priceAdd(
  catalog: CatalogSnapshot,
  palette: Palette,
  request: AddToOrderRequest,
): { ok: true; priced: PricedAdd } | { ok: false; errors: Record<string, string[]> } {
  const found = catalog.productBySku(request.sku)
  if (!found) return { ok: false, errors: { sku: [`We do not sell “${request.sku}”.`] } }
  const { product } = found
  if (!product.active) return { ok: false, errors: { sku: [`${product.name} is no longer sold.`] } }
  const errors: Record<string, string[]> = {}
  request.child.forEach((child, index) => {
    if (child.qty !== request.qty)
      (errors.child ??= []).push(
        `Line ${index + 1}: a design goes with each item, so its qty must be ${request.qty}.`,
      )
  })
  const types = new Map([...palette].map(([id, color]) => [id, color.type]))
  const result = choicesFromMeta(
    {
      name: product.name,
      price: product.price,
      sizes: product.sizes,
      colors: product.colors,
      variants: product.variants,
      configurator: configuratorOf(product),
    },
    request.sku,
    request.meta,
    request.child,
    types,
  )
  if (!result.ok) {
    if (result.errors.meta) errors.meta = result.errors.meta
    if (result.errors.child) (errors.child ??= []).push(...result.errors.child)
  }
  if (!result.ok || Object.keys(errors).length > 0) return { ok: false, errors }
  const childTotal = result.priced.children.reduce((sum, child) => sum + child.price, 0)
  return {
    ok: true,
    priced: {
      product,
      unitAmount: result.priced.unitPrice - childTotal,
      upgradeAmount: result.priced.upgradeAmount - childTotal,
      children: result.priced.children.map((child, index) => ({
        sku: child.sku,
        price: child.price,
        meta: storedMeta(request.child[index]!.meta),
      })),
    },
  }
}

/**
 * The rows of a priced add, its line and its upgrade children, with ids made here: the cart's
 * add and an item added to a submitted order write them alike.
 */
export function pricedLineRows(
  orderId: string,
  request: AddToOrderRequest,
  priced: PricedAdd,
  { lineKey, position, now }: { lineKey: string; position: number; now: Date },
): [LineRow, ...LineRow[]] {
  const line: LineRow = {
    id: randomUUID(),
    orderId,
    parentId: null,
    lineKey,
    sku: request.sku,
    productSlug: priced.product.slug,
    qty: request.qty,
    meta: storedMeta(request.meta),
    unitAmount: priced.unitAmount,
    upgradeAmount: priced.upgradeAmount,
    position,
    createdAt: now,
  }
  const children = priced.children.map((child, index): LineRow => ({
    id: randomUUID(),
    orderId,
    parentId: line.id,
    lineKey: null,
    sku: child.sku,
    productSlug: priced.product.slug,
    qty: request.qty,
    meta: child.meta,
    unitAmount: child.price,
    upgradeAmount: child.price,
    position: index,
    createdAt: now,
  }))
  return [line, ...children]
}

/** Whether a discount code takes off this line: any line, or those of its products and families. */
export function appliesTo(code: CodeRow, line: LineRow, catalog: CatalogSnapshot): boolean {
  if (code.productFamilies.length === 0 && code.productSlugs.length === 0) return true
  const product = catalog.productBySlug(line.productSlug)
  return (
    code.productSlugs.includes(line.productSlug) ||
    (product !== undefined && code.productFamilies.includes(product.family))
  )
}
