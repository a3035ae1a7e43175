import { randomUUID } from 'node:crypto'
import { and, asc, eq, getTableColumns, inArray, isNull, lt, sql } from 'drizzle-orm'
import {
  idempotencyKeyPattern,
  maxDiscountCodes,
  type Cart,
  type CartLine,
} from '../../contract/cart.ts'
import type { Product } from '../../contract/catalog.ts'
import type { AddToOrderRequest } from '../../contract/configurator.ts'
import {
  choicesFromMeta,
  metaKeys,
  pricingConfiguratorOf,
  type PricingConfigurator,
} from '../../contract/pricing.ts'
import { lineSummary, upgradeLabel } from '../../contract/line-summary.ts'
import type { PlacedFor } from '../../contract/placed-for.ts'
import { holdsFor } from '../../contract/shipping.ts'
import type { Database } from '../db/index.ts'
import { statement, step, type Step } from '../db/two-trips.ts'
import {
  discountCodes,
  idempotencyKeys,
  orderDiscounts,
  mergedLines,
  orderLines,
  orders,
  paletteColors,
  type MergeNotice,
  type StoredMeta,
} from '../db/schema.ts'
import type { CatalogSnapshot } from './catalog-cache.ts'
import { cartScope, orderTokenHashes, scopesOf, userScope, type CartOwner } from './cart-owner.ts'
import {
  adoptKeys,
  idempotencyKeyRetentionMs,
  refOfKey,
  runIdempotentInTwoTrips,
  sha256,
  stableJson,
  type IdempotentCall,
  type SentAnswer,
  type Transaction,
  type WorkAnswer,
} from './idempotency.ts'
import { isMadeToOrder, parcelOf, parcelWeight } from './shipping.ts'
import { requiresSignature, signedCurrentWaiver, signedCurrentWaiverText } from './waiver.ts'

/*
 * The cart: the owner's open order, its lines priced on the server, discount codes, the merge of
 * a guest cart into an account's at sign-in. Who owns a cart is decided in cart-owner.ts, and
 * every change runs once per key through idempotency.ts. All state is in the database, so any
 * number of API processes serve the same carts.
 */

type Executor = Database | Transaction

export const maxLineQty = 99
/** Lines (not counting children) one cart holds: far more than any order, a bound on abuse. */
export const maxCartLines = 100

export function fieldErrors(errors: Record<string, string[]>): WorkAnswer {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.'
  return { status: 422, body: { message: first, errors } }
}

/** update-qty's 404: the line was removed (here or on another device), or never was the caller's. */
export const lineGoneMessage = 'This line is no longer in your cart.'
/** add-discount's 404. */
export const orderGoneMessage = 'This cart is not yours, or no longer exists.'
const lineGone: WorkAnswer = { status: 404, body: { message: lineGoneMessage } }
const orderGone: WorkAnswer = { status: 404, body: { message: orderGoneMessage } }

/**
 * The message for any code that does not apply (unknown, expired, used up, for other products):
 * one message for all, so the answers do not tell which codes exist.
 */
export const codeRefusedMessage = (code: string) =>
  `“${code}” is not a discount code this cart can use.`

function ownerCondition(owner: CartOwner) {
  return owner.kind === 'user'
    ? eq(orders.userId, owner.userId)
    : and(eq(orders.cartTokenHash, owner.tokenHash), isNull(orders.userId))
}

type OrderRow = typeof orders.$inferSelect
type LineRow = typeof orderLines.$inferSelect

export async function findOpenOrder(db: Executor, owner: CartOwner, lock = false) {
  const query = db
    .select()
    .from(orders)
    .where(and(ownerCondition(owner), eq(orders.status, 'open')))
  const [row] = lock ? await query.for('update') : await query
  return row
}

type CodeRow = typeof discountCodes.$inferSelect
/** A code on an order, with what it took off at submit (null while the order is a cart). */
type OrderCode = CodeRow & { chargedAmount: number | null }

/** An order with what its cart shows: its lines (in cart order) and its discount codes. */
export interface CartRows {
  order: OrderRow
  lines: LineRow[]
  codes: OrderCode[]
  /** Whether the order holds a signature of the current waiver version (services/waiver.ts). */
  signed: boolean
  /** The customer a dealer's order is for (orders.placed_for); absent or null: its owner. */
  placedFor?: PlacedFor | null
}

/*
 * An order's lines and codes as JSON sub-selects of the statement that reads (or locks) the
 * order itself: one round trip to the database instead of three, on every add. The order's id
 * is written out as "orders"."id": drizzle names a column unqualified in a one-table statement,
 * and inside the sub-select a bare "id" would be the line's own.
 */
const lineJsonText = `(select coalesce(json_agg(json_build_object(
    'id', l.id, 'orderId', l.order_id, 'parentId', l.parent_id, 'lineKey', l.line_key,
    'sku', l.sku, 'productSlug', l.product_slug, 'qty', l.qty, 'meta', l.meta,
    'unitAmount', l.unit_amount, 'upgradeAmount', l.upgrade_amount, 'position', l.position,
    'createdAt', l.created_at) order by l.position, l.created_at), '[]'::json)
  from order_lines l where l.order_id = "orders"."id")`
const codeJsonText = `(select coalesce(json_agg(json_build_object(
    'id', d.id, 'code', d.code, 'description', d.description, 'kind', d.kind, 'value', d.value,
    'expiresAt', d.expires_at, 'usageLimit', d.usage_limit, 'usedCount', d.used_count,
    'productFamilies', d.product_families, 'productSlugs', d.product_slugs,
    'excludesUpgrades', d.excludes_upgrades, 'combinable', d.combinable,
    'chargedAmount', od.amount)
    order by od.created_at, d.code), '[]'::json)
  from order_discounts od join discount_codes d on d.id = od.discount_code_id
  where od.order_id = "orders"."id")`
// Name and e-mail only: the customer's addresses stay the customer's.
const placedForJsonText = `(select json_build_object(
    'id', u.id, 'email', u.email, 'name', u.name)
  from users u where u.id = "orders"."placed_for")`
const lineJson = sql<LineJson[]>`${sql.raw(lineJsonText)}`
const codeJson = sql<CodeJson[]>`${sql.raw(codeJsonText)}`
const placedForJson = sql<PlacedFor | null>`${sql.raw(placedForJsonText)}`
const cartColumns = {
  order: orders,
  lines: lineJson,
  codes: codeJson,
  signed: signedCurrentWaiver,
  placedFor: placedForJson,
}

type LineJson = Omit<LineRow, 'createdAt'> & { createdAt: string }
type CodeJson = Omit<OrderCode, 'expiresAt'> & { expiresAt: string | null }

function cartRowsOf(row: {
  order: OrderRow
  lines: LineJson[]
  codes: CodeJson[]
  signed: boolean
  placedFor: PlacedFor | null
}): CartRows {
  return {
    order: row.order,
    signed: row.signed,
    placedFor: row.placedFor,
    lines: row.lines.map((line) => ({ ...line, createdAt: new Date(line.createdAt) })),
    codes: row.codes.map((code) => ({
      ...code,
      expiresAt: code.expiresAt === null ? null : new Date(code.expiresAt),
    })),
  }
}

/** The owner's open order with its lines and codes, unlocked (reads). */
export async function findOpenCart(db: Executor, owner: CartOwner) {
  const [row] = await db
    .select(cartColumns)
    .from(orders)
    .where(and(ownerCondition(owner), eq(orders.status, 'open')))
  return row ? cartRowsOf(row) : undefined
}

/**
 * Marks the owner's open order changed now, which also locks it, then reads its lines and codes.
 * Two statements, not one: under READ COMMITTED a statement that waited for the lock still reads
 * the snapshot it started with, so lines read by the locking statement would miss what the change
 * before it committed (concurrent adds to one cart then wrote over each other's sums).
 */
export async function touchOpenCart(
  tx: Transaction,
  owner: CartOwner,
): Promise<CartRows | undefined> {
  const [locked] = await tx
    .update(orders)
    .set({ updatedAt: sql`now()` })
    .where(and(ownerCondition(owner), eq(orders.status, 'open')))
    .returning({ id: orders.id })
  if (!locked) return undefined
  const [row] = await tx.select(cartColumns).from(orders).where(eq(orders.id, locked.id))
  return row ? cartRowsOf(row) : undefined
}

/**
 * The owner's open order, made if there is none, locked for the rest of the transaction: every
 * change to one cart waits for the one before it, whichever process makes it. The partial
 * unique indexes on orders make a concurrent second creation a no-op (and the update after it
 * then waits for the first to commit).
 */
export async function openCartForUpdate(
  tx: Transaction,
  owner: CartOwner,
  currency = 'USD',
): Promise<CartRows> {
  const found = await touchOpenCart(tx, owner)
  if (found) return found
  const [created] = await tx
    .insert(orders)
    .values(
      owner.kind === 'user'
        ? { userId: owner.userId, cartTokenHash: null, currency }
        : { userId: null, cartTokenHash: owner.tokenHash, currency },
    )
    .onConflictDoNothing()
    .returning()
  if (created) return { order: created, lines: [], codes: [], signed: false }
  const raced = await touchOpenCart(tx, owner)
  if (!raced) throw new Error('open order vanished while it was being made')
  return raced
}

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

const configuratorCache = new WeakMap<Product, PricingConfigurator | null>()
function configuratorOf(product: Product): PricingConfigurator | null {
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

interface PricedAdd {
  product: Product
  unitAmount: number
  upgradeAmount: number
  children: { sku: string; price: number; meta: StoredMeta[] }[]
}

export type Palette = Map<string, { name: string; type: string }>

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

async function nextPosition(tx: Transaction, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${orderLines.position})` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
  return (row?.max ?? -1) + 1
}

async function setLineQty(tx: Transaction, lineId: string, qty: number) {
  await tx
    .update(orderLines)
    .set({ qty })
    .where(sql`${orderLines.id} = ${lineId} or ${orderLines.parentId} = ${lineId}`)
}

async function touch(tx: Transaction, orderId: string) {
  await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId))
}

/** Every column of an order under its name in OrderRow, from the schema (never a list to keep). */
const orderReturning = Object.entries(getTableColumns(orders))
  .map(([key, column]) => `"${column.name}" as "${key}"`)
  .join(', ')
/*
 * The owner's open order, made if there is none and locked either way: one upsert on the
 * partial unique index that allows one open order per owner (a concurrent creation waits for the
 * first and then locks its row). Every change to one cart waits here for the one before it,
 * whichever process makes it.
 */
const openTokenCart = statement(
  'open_token_cart',
  `insert into orders (cart_token_hash, currency) values ($1::text, $2::text)
   on conflict (cart_token_hash) where status = 'open' and user_id is null
   do update set updated_at = now() returning ${orderReturning}`,
)
const openUserCart = statement(
  'open_user_cart',
  `insert into orders (user_id, currency) values ($1::uuid, $2::text)
   on conflict (user_id) where status = 'open' and user_id is not null
   do update set updated_at = now() returning ${orderReturning}`,
)
/*
 * Its lines, codes and signature of the current waiver, and the transaction's time, in a
 * statement after the lock: a statement that waited for a lock still reads with the snapshot it
 * started with (see touchOpenCart).
 */
const readTokenCart = statement(
  'read_token_cart',
  `select ${lineJsonText} as lines, ${codeJsonText} as codes,
     ${signedCurrentWaiverText} as signed, ${placedForJsonText} as placed_for, now() as now
   from orders where cart_token_hash = $1::text and user_id is null and status = 'open'`,
)
const readUserCart = statement(
  'read_user_cart',
  `select ${lineJsonText} as lines, ${codeJsonText} as codes,
     ${signedCurrentWaiverText} as signed, ${placedForJsonText} as placed_for, now() as now
   from orders where user_id = $1::uuid and status = 'open'`,
)
/** New lines, a suit and its designs, in one statement. */
const insertLines = statement(
  'insert_lines',
  `insert into order_lines (id, order_id, parent_id, line_key, sku, product_slug, qty, meta,
     unit_amount, upgrade_amount, position, created_at)
   select id, order_id, parent_id, line_key, sku, product_slug, qty, meta, unit_amount,
     upgrade_amount, position, created_at
   from jsonb_to_recordset($1::jsonb) as line(id uuid, order_id uuid, parent_id uuid, line_key text,
     sku text, product_slug text, qty integer, meta jsonb, unit_amount integer,
     upgrade_amount integer, position integer, created_at timestamptz)`,
)
/** A line summed into: its quantity and its children's, and its price as of now. */
const sumLine = statement(
  'sum_line',
  `update order_lines set qty = $2::integer,
     unit_amount = case when id = $1::uuid then $3::integer else unit_amount end,
     upgrade_amount = case when id = $1::uuid then $4::integer else upgrade_amount end
   where id = $1::uuid or parent_id = $1::uuid`,
)

/** The first trip of an add: the cart opened (made or found) and locked, then read. */
function openCartSteps(owner: CartOwner, currency: string): Step[] {
  return owner.kind === 'user'
    ? [step(openUserCart, owner.userId, currency), step(readUserCart, owner.userId)]
    : [step(openTokenCart, owner.tokenHash, currency), step(readTokenCart, owner.tokenHash)]
}

/** Lines as insertLines takes them. */
function linesJson(lines: readonly LineRow[]): string {
  return JSON.stringify(
    lines.map((line) => ({
      id: line.id,
      order_id: line.orderId,
      parent_id: line.parentId,
      line_key: line.lineKey,
      sku: line.sku,
      product_slug: line.productSlug,
      qty: line.qty,
      meta: line.meta,
      unit_amount: line.unitAmount,
      upgrade_amount: line.upgradeAmount,
      position: line.position,
      created_at: line.createdAt.toISOString(),
    })),
  )
}

/**
 * What an add does to a cart, locked and read: the answer, rendered from the cart and the rows
 * the add writes (never read again: nothing else changes a locked cart), and the statements
 * that write them.
 */
function addToLines(
  cart: CartRows,
  now: Date,
  request: AddToOrderRequest,
  priced: PricedAdd,
  catalog: CatalogSnapshot,
  palette: Palette,
): { answer: WorkAnswer; write: Step[] } {
  const { order, lines } = cart
  const lineKey = lineKeyOf(request)
  const existing = lines.find((line) => line.parentId === null && line.lineKey === lineKey)
  if (existing) {
    const qty = existing.qty + request.qty
    if (qty > maxLineQty)
      return {
        answer: fieldErrors({
          qty: [
            `Your cart already holds ${existing.qty} of this; a line takes at most ${maxLineQty}.`,
          ],
        }),
        write: [],
      }
    // The new quantity on the line and its children, and the line's price as of now.
    const summed = lines.map((line) =>
      line.id === existing.id
        ? { ...line, qty, unitAmount: priced.unitAmount, upgradeAmount: priced.upgradeAmount }
        : line.parentId === existing.id
          ? { ...line, qty }
          : line,
    )
    return {
      answer: {
        status: 200,
        body: cartOf({ ...cart, lines: summed }, catalog, palette),
        ref: existing.id,
      },
      write: [step(sumLine, existing.id, qty, priced.unitAmount, priced.upgradeAmount)],
    }
  }
  if (lines.filter((line) => line.parentId === null).length >= maxCartLines)
    return {
      answer: fieldErrors({
        sku: [`Your cart holds ${maxCartLines} different lines, the most it can take.`],
      }),
      write: [],
    }
  // Ids made here, so the answer is rendered before the rows are written, in one statement.
  const line: LineRow = {
    id: randomUUID(),
    orderId: order.id,
    parentId: null,
    lineKey,
    sku: request.sku,
    productSlug: priced.product.slug,
    qty: request.qty,
    meta: storedMeta(request.meta),
    unitAmount: priced.unitAmount,
    upgradeAmount: priced.upgradeAmount,
    position: lines.reduce((max, other) => Math.max(max, other.position), -1) + 1,
    createdAt: now,
  }
  const children = priced.children.map((child, index): LineRow => ({
    id: randomUUID(),
    orderId: order.id,
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
  const added = [...lines, line, ...children].sort(
    (a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime(),
  )
  return {
    answer: {
      status: 200,
      body: cartOf({ ...cart, lines: added }, catalog, palette),
      ref: line.id,
    },
    write: [step(insertLines, linesJson([line, ...children]))],
  }
}

/**
 * POST /api/order/add, once per key, in two trips to the database (db/two-trips.ts): the cart
 * made if need be, locked and read; then the line written with the key's answer. An add that
 * does not fit the catalog (`priced` refused) keeps its 422 under the key all the same.
 */
export function addToCart(
  db: Database,
  owner: CartOwner,
  call: IdempotentCall,
  request: AddToOrderRequest,
  priced: ReturnType<typeof priceAdd>,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<SentAnswer> {
  return runIdempotentInTwoTrips(db, call, {
    first: priced.ok ? openCartSteps(owner, priced.priced.product.currency) : [],
    then: (results) => {
      if (!priced.ok) return { answer: fieldErrors(priced.errors), write: [] }
      const [order] = (results[0] ?? []) as OrderRow[]
      const [read] = (results[1] ?? []) as {
        lines: LineJson[]
        codes: CodeJson[]
        signed: boolean
        placed_for: PlacedFor | null
        now: Date
      }[]
      if (!order || !read) throw new Error('the open order was not found where it was made')
      const { lines, codes, signed, placed_for: placedFor, now } = read
      const cart = cartRowsOf({ order, lines, codes, signed, placedFor })
      return addToLines(cart, new Date(now), request, priced.priced, catalog, palette)
    },
  })
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * A line of the owner's open cart, by its id or by the Idempotency-Key of the add that made it
 * (or summed into it): the app names lines it added offline that way. Another owner's line is
 * not found.
 */
async function findOwnLine(
  tx: Transaction,
  owner: CartOwner,
  lines: readonly LineRow[],
  id: string,
): Promise<{ line: LineRow; base: number } | undefined> {
  // The key first: the app's keys are UUIDs too, and a line's id is never an add's key.
  const fromKey = idempotencyKeyPattern.test(id)
    ? await refOfKey(tx, scopesOf(owner), id)
    : undefined
  const lineId = fromKey ?? id
  const own = lines.find((line) => line.id === lineId && line.parentId === null)
  if (own) return { line: own, base: 0 }
  // A guest line summed away at a sign-in merge: the device's share of the line it went into.
  if (!uuidPattern.test(lineId)) return undefined
  const [merged] = await tx.select().from(mergedLines).where(eq(mergedLines.fromLineId, lineId))
  const into = merged && lines.find((line) => line.id === merged.intoLineId && !line.parentId)
  return into && { line: into, base: merged.baseQty }
}

/** POST /api/order/item/{id}/update-qty: 0 removes the line and its children. */
export async function updateQty(
  tx: Transaction,
  owner: CartOwner,
  id: string,
  qty: number,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<WorkAnswer> {
  // The cart locked and read in one statement; the answer is rendered from it (as in addLine).
  const cart = await touchOpenCart(tx, owner)
  if (!cart) return lineGone
  const found = await findOwnLine(tx, owner, cart.lines, id)
  if (!found) return lineGone
  const { line, base } = found
  // A merged guest line's quantity is its share: the account's own part stays.
  const target = Math.min(maxLineQty, base + qty)
  const ofLine = (other: LineRow) => other.id === line.id || other.parentId === line.id
  let lines: LineRow[]
  if (target === 0) {
    // Its children go with it (order_lines.parent_id cascades).
    await tx.delete(orderLines).where(eq(orderLines.id, line.id))
    lines = cart.lines.filter((other) => !ofLine(other))
  } else {
    await setLineQty(tx, line.id, target)
    lines = cart.lines.map((other) => (ofLine(other) ? { ...other, qty: target } : other))
  }
  return { status: 200, body: cartOf({ ...cart, lines }, catalog, palette), ref: line.id }
}

/** An order the caller may see: theirs by account, or by the device's cart token. */
export async function findOwnedOrder(db: Executor, owner: CartOwner, id: string, lock = false) {
  if (!uuidPattern.test(id)) return undefined
  const owned =
    owner.kind === 'user'
      ? owner.tokenHash
        ? sql`(${orders.userId} = ${owner.userId} or (${orders.cartTokenHash} = ${owner.tokenHash} and ${orders.userId} is null))`
        : ownerCondition(owner)
      : and(inArray(orders.cartTokenHash, orderTokenHashes(owner)), isNull(orders.userId))
  const query = db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), owned))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** What a discount code can look like (the owner's codes are letters, digits, - and _). */
const codeShape = /^[\p{L}\p{N}_-]{1,64}$/u

/** The distinct codes a call tries (trimmed, upper-cased); each counts as an attempt. */
export function discountCodesOf(input: string | string[]): string[] {
  const list = Array.isArray(input) ? input : [input]
  return [...new Set(list.map((code) => code.trim().toUpperCase()).filter(Boolean))]
}

export const tooManyCodesMessage = `Enter at most ${maxDiscountCodes} discount codes at once.`

/** POST /api/order/{id}/add-discount. All codes apply, or none does (422 per code). */
export async function addDiscount(
  tx: Transaction,
  owner: CartOwner,
  orderId: string,
  input: string | string[],
  catalog: CatalogSnapshot,
  palette: Palette,
  now = new Date(),
): Promise<WorkAnswer> {
  let order = await findOwnedOrder(tx, owner, orderId, true)
  if (!order) return orderGone
  // A guest cart merged at sign-in: the code goes where its lines went.
  if (order.status === 'merged' && order.mergedInto) {
    const target = await findOwnedOrder(tx, owner, order.mergedInto, true)
    if (target) order = target
  }
  if (order.status !== 'open')
    return fieldErrors({ discount_codes: ['This order is no longer open for changes.'] })
  const codes = discountCodesOf(input)
  if (codes.length === 0) return fieldErrors({ discount_codes: ['Enter a discount code.'] })
  if (codes.length > maxDiscountCodes) return fieldErrors({ discount_codes: [tooManyCodesMessage] })
  // Only what could be a code is looked up: a NUL, which PostgreSQL text cannot hold, or a
  // megabyte of text is simply not a code this cart can use.
  const lookup = codes.filter((code) => codeShape.test(code))
  const rows =
    lookup.length === 0
      ? []
      : await tx.select().from(discountCodes).where(inArray(discountCodes.code, lookup))
  const applied = await tx
    .select({ code: discountCodes })
    .from(orderDiscounts)
    .innerJoin(discountCodes, eq(discountCodes.id, orderDiscounts.discountCodeId))
    .where(eq(orderDiscounts.orderId, order.id))
  const lines = await tx.select().from(orderLines).where(eq(orderLines.orderId, order.id))
  const parents = lines.filter((line) => line.parentId === null)
  const problems: string[] = []
  const found: CodeRow[] = []
  for (const text of codes) {
    const code = rows.find((row) => row.code === text)
    const usable =
      code !== undefined &&
      (!code.expiresAt || code.expiresAt > now) &&
      (code.usageLimit === null || code.usedCount < code.usageLimit) &&
      parents.some((line) => appliesTo(code, line, catalog))
    if (!usable) problems.push(codeRefusedMessage(text))
    else found.push(code)
  }
  const all = new Map([...applied.map((row) => [row.code.id, row.code] as const)])
  for (const code of found) all.set(code.id, code)
  if (problems.length === 0 && all.size > 1) {
    const alone = [...all.values()].find((code) => !code.combinable)
    if (alone) problems.push(`“${alone.code}” cannot be combined with other codes.`)
  }
  if (problems.length > 0) return fieldErrors({ discount_codes: problems })
  if (found.length > 0)
    await tx
      .insert(orderDiscounts)
      .values(found.map((code) => ({ orderId: order.id, discountCodeId: code.id })))
      .onConflictDoNothing()
  await touch(tx, order.id)
  return { status: 200, body: await renderCart(tx, order, catalog, palette) }
}

function appliesTo(code: CodeRow, line: LineRow, catalog: CatalogSnapshot): boolean {
  if (code.productFamilies.length === 0 && code.productSlugs.length === 0) return true
  const product = catalog.productBySlug(line.productSlug)
  return (
    code.productSlugs.includes(line.productSlug) ||
    (product !== undefined && code.productFamilies.includes(product.family))
  )
}

/** POST /api/order/set-merged-notified: the merge overlay was shown. */
export async function setMergedNotified(
  tx: Transaction,
  owner: CartOwner,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<WorkAnswer> {
  const order = await findOpenOrder(tx, owner, true)
  if (order?.mergeNotice) {
    await tx.update(orders).set({ mergeNotice: null }).where(eq(orders.id, order.id))
    order.mergeNotice = null
  }
  return { status: 200, body: await renderCart(tx, order, catalog, palette) }
}

/** Whether a cart token's open cart holds lines that a signed-in request should merge. */
export async function guestCartHasLines(db: Executor, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(eq(orders.cartTokenHash, tokenHash), eq(orders.status, 'open'), isNull(orders.userId)),
    )
    .limit(1)
  return row !== undefined
}

/**
 * Merges a cart token's open cart into the user's (the merge overlay,
 * docs/cart-and-offline-sync.md), in one transaction: identical lines have their quantities summed
 * (at most 99), others move over; the guest cart is marked merged. If the user's cart had lines, it
 * records what happened for the overlay; an empty one simply takes the lines. A second merge finds
 * no open guest cart and does nothing. The guest's idempotency keys are copied to the user,
 * pointing at the lines' new places, so a change replayed after sign-in is still recognised.
 */
export async function mergeGuestCart(db: Database, userId: string, tokenHash: string) {
  return db.transaction(async (tx) => {
    const [guest] = await tx
      .select()
      .from(orders)
      .where(
        and(eq(orders.cartTokenHash, tokenHash), eq(orders.status, 'open'), isNull(orders.userId)),
      )
      .for('update')
    if (!guest) return undefined
    const guestLines = await tx
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, guest.id))
      .orderBy(asc(orderLines.position), asc(orderLines.createdAt))
    const guestParents = guestLines.filter((line) => line.parentId === null)
    if (guestParents.length === 0) return undefined

    const owner: CartOwner = { kind: 'user', userId, tokenHash: undefined }
    const { order: target } = await openCartForUpdate(tx, owner, guest.currency)
    const targetLines = await tx
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.orderId, target.id), isNull(orderLines.parentId)))
    const hadLines = targetLines.length > 0
    let position = await nextPosition(tx, target.id)
    let linesAdded = 0
    let linesSummed = 0
    for (const line of guestParents) {
      const same = targetLines.find((other) => other.lineKey === line.lineKey)
      if (same) {
        await setLineQty(tx, same.id, Math.min(maxLineQty, same.qty + line.qty))
        // A change still naming the guest line (or its add's key) is the device's share of it.
        await tx
          .insert(mergedLines)
          .values({ fromLineId: line.id, intoLineId: same.id, baseQty: same.qty })
          .onConflictDoNothing()
        await tx.delete(orderLines).where(eq(orderLines.id, line.id))
        linesSummed += 1
      } else {
        await tx
          .update(orderLines)
          .set({ orderId: target.id, position: position++ })
          .where(eq(orderLines.id, line.id))
        await tx
          .update(orderLines)
          .set({ orderId: target.id })
          .where(eq(orderLines.parentId, line.id))
        linesAdded += 1
      }
    }
    await tx.execute(sql`
      insert into ${orderDiscounts} (order_id, discount_code_id, created_at)
      select ${target.id}, discount_code_id, created_at from ${orderDiscounts}
      where order_id = ${guest.id}
      on conflict do nothing`)
    await tx.delete(orderDiscounts).where(eq(orderDiscounts.orderId, guest.id))
    await adoptKeys(tx, cartScope(tokenHash), userScope(userId))
    await tx
      .update(orders)
      .set({ status: 'merged', mergedInto: target.id, updatedAt: new Date() })
      .where(eq(orders.id, guest.id))
    const previous = target.mergeNotice
    const notice: MergeNotice | null = hadLines
      ? {
          lines_added: (previous?.lines_added ?? 0) + linesAdded,
          lines_summed: (previous?.lines_summed ?? 0) + linesSummed,
        }
      : previous
    await tx
      .update(orders)
      .set({ mergeNotice: notice, updatedAt: new Date() })
      .where(eq(orders.id, target.id))
    return { orderId: target.id, linesAdded, linesSummed }
  })
}

/** The Cart of an order (or the empty cart when there is none yet). */
export async function renderCart(
  db: Executor,
  order: OrderRow | undefined,
  catalog: CatalogSnapshot,
  palette: Palette,
): Promise<Cart> {
  if (!order)
    return {
      id: null,
      status: 'open',
      currency: 'USD',
      items: [],
      item_count: 0,
      subtotal: 0,
      discounts: [],
      discount_total: 0,
      total: 0,
      merge_notice: null,
      merged_into: null,
      ...checkoutData(undefined, [], catalog, false),
      placed_for: null,
    }
  const [row] = await db.select(cartColumns).from(orders).where(eq(orders.id, order.id))
  return cartOf(
    row
      ? cartRowsOf({ ...row, order })
      : { order, lines: [], codes: [], signed: false, placedFor: null },
    catalog,
    palette,
  )
}

/** The Cart of an order's rows, lines in cart order (position, then creation). */
export function cartOf(
  { order, lines, codes, signed, placedFor }: CartRows,
  catalog: CatalogSnapshot,
  palette: Palette,
): Cart {
  const colors = palette
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
    }
  })
  const subtotal = items.reduce((sum, item) => sum + item.line_price, 0)
  const now = new Date()
  let left = subtotal
  const discounts = codes.map((code) => {
    const live =
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
 * What the checkout reads of an order (docs/checkout.md). The chosen option shows only while the
 * cart's weight is within what its price was quoted for; outside, it is null and must be chosen
 * again.
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

/** The palette (read before a transaction: PGlite has one session, which a transaction holds). */
export function cachedPalette(db: Database): Promise<Palette> {
  return paletteOf(db)
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

/** Drops merge records as old as the idempotency keys that could still name their lines. */
export async function pruneMergedLines(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(mergedLines)
    .where(lt(mergedLines.createdAt, new Date(now.getTime() - idempotencyKeyRetentionMs)))
    .returning({ id: mergedLines.fromLineId })
  return removed.length
}

/**
 * How long an anonymous cart (a cart token's, no account) may sit unchanged before it is pruned:
 * 30 days. A customer who comes back later finds an empty cart; an account's cart is kept.
 */
export const idleCartRetentionMs = 30 * 24 * 3600 * 1000

/**
 * Drops anonymous carts nobody changed for idleCartRetentionMs (open, never submitted; a merged
 * guest cart, whose lines went to an account, once its keys' 90 days are over), with their
 * lines, codes, and the idempotency answers their tokens made, once no order of the token is
 * left. An order (submitted or further) is never pruned, nor the answers of its token: its
 * submit's key must still replay. Returns how many carts went.
 */
export async function pruneIdleCarts(db: Database, now = new Date()): Promise<number> {
  const idleSince = new Date(now.getTime() - idleCartRetentionMs)
  const mergedSince = new Date(now.getTime() - idempotencyKeyRetentionMs)
  return db.transaction(async (tx) => {
    const removed = await tx
      .delete(orders)
      .where(
        and(
          isNull(orders.userId),
          sql`${orders.cartTokenHash} is not null`,
          sql`((${orders.status} = 'open' and ${orders.updatedAt} < ${idleSince.toISOString()}::timestamptz)
            or (${orders.status} = 'merged' and ${orders.updatedAt} < ${mergedSince.toISOString()}::timestamptz))`,
        ),
      )
      .returning({ id: orders.id })
    // The answers a token made itself (not an account's kept under it), as old as an idle cart,
    // where the token has no order left: its cart was pruned, or it never made one.
    await tx.execute(sql`
      delete from ${idempotencyKeys} k
      where k.scope like 'cart:%'
        and coalesce(k.owner_scope, k.scope) = k.scope
        and k.created_at < ${idleSince.toISOString()}::timestamptz
        and not exists (
          select 1 from ${orders} o where o.cart_token_hash = substr(k.scope, 6)
        )`)
    return removed.length
  })
}
