import { eq, inArray, sql } from 'drizzle-orm'
import { formatDate } from '../../../contract/calendar-date.ts'
import { idempotencyKeyPattern, maxDiscountCodes } from '../../../contract/cart.ts'
import type { AddToOrderRequest } from '../../../contract/configurator.ts'
import { families, type FamilyKey } from '../../../contract/families.ts'
import type { PlacedFor } from '../../../contract/placed-for.ts'
import { uuidPattern } from '../../../contract/uuid.ts'
import type { Database } from '../../db/index.ts'
import { step, statement, type Step } from '../../db/two-trips.ts'
import { discountCodes, mergedLines, orderDiscounts, orderLines, orders } from '../../db/schema.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import { scopesOf, type CartOwner } from '../cart-owner.ts'
import { fieldErrors } from '../field-errors.ts'
import {
  refOfKey,
  runIdempotentInTwoTrips,
  type IdempotentCall,
  type SentAnswer,
  type Transaction,
  type WorkAnswer,
} from '../idempotency.ts'
import {
  cartRowsOf,
  findOpenOrder,
  findOwnedOrder,
  openCartSteps,
  touchOpenCart,
  type CartRows,
  type CodeJson,
  type CodeRow,
  type LineJson,
  type LineRow,
  type OrderRow,
} from './open-cart.ts'
import {
  appliesTo,
  lineKeyOf,
  pricedLineRows,
  type Palette,
  type PricedAdd,
  type priceAdd,
} from './pricing.ts'
import type { ProductionTimeRow } from './availability.ts'
import { cartOf, renderCart } from './view.ts'

/*
 * What changes a cart: an add (in two trips to the database), a line's quantity, discount codes,
 * the merge overlay seen. Every change runs once per key through idempotency.ts, on the cart
 * locked for it.
 */

export const maxLineQty = 99
/** Lines (not counting children) one cart holds: far more than any order, a bound on abuse. */
export const maxCartLines = 100

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

/**
 * A code whose start (starts_at, set in the back office) is still ahead: refused like a code
 * that does not apply, saying when it starts, as the page announcing it would (UTC).
 */
export const codeNotStartedMessage = (code: string, startsAt: Date) =>
  `“${code}” is not a discount code this cart can use yet: it starts on ` +
  `${formatDate(startsAt.toISOString().slice(0, 10))} at ${startsAt.toISOString().slice(11, 16)} UTC.`

/**
 * A code that is live but for other items than the cart's (the sale's `SPRING` on a beanie): the
 * shopper is told what it is for, not that it does not exist. Only a live code says this, so the
 * answer tells no more than the page that announced it.
 */
export function codeForOtherItemsMessage(code: CodeRow, catalog: CatalogSnapshot): string {
  const names = [
    ...code.productFamilies.map(
      (family) => families[family as FamilyKey]?.title.toLowerCase() ?? family,
    ),
    ...code.productSlugs.map((slug) => catalog.productBySlug(slug)?.name ?? slug),
  ]
  const list =
    names.length <= 1
      ? (names[0] ?? 'other items')
      : `${names.slice(0, -1).join(', ')} and ${names.at(-1)!}`
  return `“${code.code}” is for ${list} only: nothing in this cart qualifies.`
}

export async function nextPosition(tx: Transaction, orderId: string): Promise<number> {
  const [row] = await tx
    .select({ max: sql<number | null>`max(${orderLines.position})` })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
  return (row?.max ?? -1) + 1
}

export async function setLineQty(tx: Transaction, lineId: string, qty: number) {
  await tx
    .update(orderLines)
    .set({ qty })
    .where(sql`${orderLines.id} = ${lineId} or ${orderLines.parentId} = ${lineId}`)
}

async function touch(tx: Transaction, orderId: string) {
  await tx.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId))
}

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
  times: readonly ProductionTimeRow[],
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
        body: cartOf({ ...cart, lines: summed }, catalog, palette, times),
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
  const [line, ...children] = pricedLineRows(order.id, request, priced, {
    lineKey,
    position: lines.reduce((max, other) => Math.max(max, other.position), -1) + 1,
    now,
  })
  const added = [...lines, line, ...children].sort(
    (a, b) => a.position - b.position || a.createdAt.getTime() - b.createdAt.getTime(),
  )
  return {
    answer: {
      status: 200,
      body: cartOf({ ...cart, lines: added }, catalog, palette, times),
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
  times: readonly ProductionTimeRow[],
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
      return addToLines(cart, new Date(now), request, priced.priced, catalog, palette, times)
    },
  })
}

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
  times: readonly ProductionTimeRow[],
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
  return { status: 200, body: cartOf({ ...cart, lines }, catalog, palette, times), ref: line.id }
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
  times: readonly ProductionTimeRow[],
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
    const live =
      code !== undefined &&
      (!code.expiresAt || code.expiresAt > now) &&
      (code.usageLimit === null || code.usedCount < code.usageLimit)
    if (!live) problems.push(codeRefusedMessage(text))
    else if (code.startsAt && code.startsAt > now)
      problems.push(codeNotStartedMessage(code.code, code.startsAt))
    else if (!parents.some((line) => appliesTo(code, line, catalog)))
      problems.push(codeForOtherItemsMessage(code, catalog))
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
  return { status: 200, body: await renderCart(tx, order, catalog, palette, times) }
}

/** POST /api/order/set-merged-notified: the merge overlay was shown. */
export async function setMergedNotified(
  tx: Transaction,
  owner: CartOwner,
  catalog: CatalogSnapshot,
  palette: Palette,
  times: readonly ProductionTimeRow[],
): Promise<WorkAnswer> {
  const order = await findOpenOrder(tx, owner, true)
  if (order?.mergeNotice) {
    await tx.update(orders).set({ mergeNotice: null }).where(eq(orders.id, order.id))
    order.mergeNotice = null
  }
  return { status: 200, body: await renderCart(tx, order, catalog, palette, times) }
}
