import { and, eq, getTableColumns, inArray, isNull, sql } from 'drizzle-orm'
import type { PlacedFor } from '../../../contract/placed-for.ts'
import { uuidPattern } from '../../../contract/uuid.ts'
import type { Database } from '../../db/index.ts'
import { step, statement, type Step } from '../../db/two-trips.ts'
import { orders, type discountCodes, type orderLines } from '../../db/schema.ts'
import { orderTokenHashes, type CartOwner } from '../cart-owner.ts'
import type { Transaction } from '../idempotency.ts'
import { signedCurrentWaiver, signedCurrentWaiverText } from '../waiver.ts'

/*
 * The owner's open cart: found, read with its lines and codes in one statement, or made and
 * locked. Who owns a cart is decided in cart-owner.ts.
 */

export type Executor = Database | Transaction
export type OrderRow = typeof orders.$inferSelect
export type LineRow = typeof orderLines.$inferSelect
export type CodeRow = typeof discountCodes.$inferSelect

function ownerCondition(owner: CartOwner) {
  return owner.kind === 'user'
    ? eq(orders.userId, owner.userId)
    : and(eq(orders.cartTokenHash, owner.tokenHash), isNull(orders.userId))
}

export async function findOpenOrder(db: Executor, owner: CartOwner, lock = false) {
  const query = db
    .select()
    .from(orders)
    .where(and(ownerCondition(owner), eq(orders.status, 'open')))
  const [row] = lock ? await query.for('update') : await query
  return row
}

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
    'startsAt', d.starts_at, 'expiresAt', d.expires_at, 'usageLimit', d.usage_limit,
    'usedCount', d.used_count,
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
export const cartColumns = {
  order: orders,
  lines: lineJson,
  codes: codeJson,
  signed: signedCurrentWaiver,
  placedFor: placedForJson,
}

export type LineJson = Omit<LineRow, 'createdAt'> & { createdAt: string }
export type CodeJson = Omit<OrderCode, 'startsAt' | 'expiresAt'> & {
  startsAt: string | null
  expiresAt: string | null
}

export function cartRowsOf(row: {
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
      startsAt: code.startsAt === null ? null : new Date(code.startsAt),
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

/** The first trip of an add: the cart opened (made or found) and locked, then read. */
export function openCartSteps(owner: CartOwner, currency: string): Step[] {
  return owner.kind === 'user'
    ? [step(openUserCart, owner.userId, currency), step(readUserCart, owner.userId)]
    : [step(openTokenCart, owner.tokenHash, currency), step(readTokenCart, owner.tokenHash)]
}
