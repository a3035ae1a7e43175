import { and, asc, count, desc, eq, inArray } from 'drizzle-orm'
import {
  codeUsesShown,
  discountCodeState,
  discountMessages,
  discountTermsProblems,
  type AdminDiscountCode,
  type AdminDiscountCodeDetail,
  type CreateDiscountCodeRequest,
  type DiscountCodeUse,
  type DiscountCodeUsesPage,
  type DiscountCodeUsesQuery,
  type EditDiscountCodeRequest,
} from '../../../contract/admin-discounts.ts'
import type { SubmittedStatus } from '../../../contract/admin.ts'
import { orderNumber } from '../../../contract/order-number.ts'
import type { Database } from '../../db/index.ts'
import { discountCodes, orderDiscounts, orders, products } from '../../db/schema.ts'
import { isSubmitted, type Executor } from '../orders/lookup.ts'
import { audit, auditOf, type Actor } from './audit.ts'

/*
 * The back office's discount codes (docs/back-office.md): the list with each code's state, a
 * code with the orders that used it (order_discounts, at the amount each was charged), and what
 * an admin does to a code: create, edit (never its code; never a limit below its uses) and end.
 * Each change writes its audit row (target_kind 'discount_code', target_id the code's id) in
 * its own transaction. The cart's rules stay where they are (services/cart/changes.ts and
 * submit.ts): this file only writes the table they read.
 */

type CodeRow = typeof discountCodes.$inferSelect

/** A change's outcome: the code as it is now, no such code (404), or refused per field (422). */
export interface CodeChanged {
  ok: true
  code: AdminDiscountCodeDetail
}
export interface CodeMissing {
  ok: false
  missing: true
}
export interface CodeRefused {
  ok: false
  missing?: undefined
  errors: Record<string, string[]>
}

const missing: CodeMissing = { ok: false, missing: true }
const refused = (errors: Record<string, string[]>): CodeRefused => ({ ok: false, errors })

export const auditTarget = 'discount_code'

const iso = (at: Date | null) => (at === null ? null : at.toISOString())

function wireOf(row: CodeRow, now: Date): AdminDiscountCode {
  const terms = {
    starts_at: iso(row.startsAt),
    expires_at: iso(row.expiresAt),
    usage_limit: row.usageLimit,
    used_count: row.usedCount,
  }
  return {
    id: row.id,
    code: row.code,
    description: row.description,
    kind: row.kind,
    value: row.value,
    ...terms,
    product_families: row.productFamilies,
    product_slugs: row.productSlugs,
    excludes_upgrades: row.excludesUpgrades,
    combinable: row.combinable,
    state: discountCodeState(terms, now),
  }
}

/** Every code, by code, with its state now. */
export async function listDiscountCodes(
  db: Executor,
  now = new Date(),
): Promise<AdminDiscountCode[]> {
  const rows = await db.select().from(discountCodes).orderBy(asc(discountCodes.code))
  return rows.map((row) => wireOf(row, now))
}

async function findCode(db: Executor, code: string, lock = false): Promise<CodeRow | undefined> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.code, code.toUpperCase()))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** A code's uses: its rows in order_discounts whose order was submitted (not carts). */
const isUseOf = (codeId: string) => and(eq(orderDiscounts.discountCodeId, codeId), isSubmitted)

/**
 * The submitted orders that used a code, newest first, with what it took off each: `limit`
 * of them after the first `offset` (all of them when no limit is given).
 */
export async function usesOf(
  db: Executor,
  codeId: string,
  { offset = 0, limit }: { offset?: number; limit?: number } = {},
): Promise<DiscountCodeUse[]> {
  const query = db
    .select({
      id: orders.id,
      status: orders.status,
      submittedAt: orders.submittedAt,
      email: orders.email,
      currency: orders.currency,
      amount: orderDiscounts.amount,
    })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(isUseOf(codeId))
    .orderBy(desc(orders.submittedAt), desc(orders.id))
    .offset(offset)
  const rows = limit === undefined ? await query : await query.limit(limit)
  return rows.map((row) => ({
    order_id: row.id,
    number: orderNumber(row.id),
    // isSubmitted leaves carts and merged carts out.
    status: row.status as SubmittedStatus,
    submitted_at: row.submittedAt!.toISOString(),
    email: row.email,
    currency: row.currency,
    amount: row.amount ?? 0,
  }))
}

/** How many submitted orders used a code. */
async function usesCount(db: Executor, codeId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(orderDiscounts)
    .innerJoin(orders, eq(orders.id, orderDiscounts.orderId))
    .where(isUseOf(codeId))
  return row?.n ?? 0
}

/** A page of a code's uses, newest first; undefined when there is no such code. */
export async function discountCodeUses(
  db: Executor,
  code: string,
  { page, per_page: perPage }: DiscountCodeUsesQuery,
): Promise<DiscountCodeUsesPage | undefined> {
  const row = await findCode(db, code)
  if (!row) return undefined
  const offset = (page - 1) * perPage
  const [uses, total] = await Promise.all([
    usesOf(db, row.id, { offset, limit: perPage }),
    usesCount(db, row.id),
  ])
  return {
    uses,
    page,
    per_page: perPage,
    total_count: total,
    has_more: offset + uses.length < total,
  }
}

async function detailOfRow(
  db: Executor,
  row: CodeRow,
  now: Date,
): Promise<AdminDiscountCodeDetail> {
  // One more than is shown says whether older ones exist.
  const uses = await usesOf(db, row.id, { limit: codeUsesShown + 1 })
  return {
    ...wireOf(row, now),
    uses: uses.slice(0, codeUsesShown),
    has_more_uses: uses.length > codeUsesShown,
    audit: await auditOf(db, auditTarget, row.id),
  }
}

/** A code with its uses and its audit rows; undefined when there is no such code. */
export async function discountCodeDetail(
  db: Executor,
  code: string,
  now = new Date(),
): Promise<AdminDiscountCodeDetail | undefined> {
  const row = await findCode(db, code)
  return row && detailOfRow(db, row, now)
}

/** The slugs that name no product of the catalog (products table, active or not). */
async function unknownProducts(db: Executor, slugs: readonly string[]): Promise<string[]> {
  if (slugs.length === 0) return []
  const known = await db
    .select({ slug: products.slug })
    .from(products)
    .where(inArray(products.slug, [...slugs]))
  return slugs.filter((slug) => !known.some((row) => row.slug === slug))
}

const unique = (list: readonly string[]) => [...new Set(list)]

/** The fields an edit may change, their wire names and columns. */
const editable = {
  description: 'description',
  kind: 'kind',
  value: 'value',
  starts_at: 'startsAt',
  expires_at: 'expiresAt',
  usage_limit: 'usageLimit',
  product_families: 'productFamilies',
  product_slugs: 'productSlugs',
  excludes_upgrades: 'excludesUpgrades',
  combinable: 'combinable',
} as const satisfies Record<string, keyof CodeRow>
type Editable = keyof typeof editable

/** A code's terms as the audit log keeps them (its wire fields but its id, uses and state). */
function termsOf(code: AdminDiscountCode): Record<string, unknown> {
  return Object.fromEntries(
    (Object.keys(editable) as Editable[]).map((field) => [field, code[field]]),
  )
}

/** Creates a code (`request` passed the contract's rules); a code that exists is a 422 under `code`. */
export async function createDiscountCode(
  db: Database,
  actor: Actor,
  request: CreateDiscountCodeRequest,
  now = new Date(),
): Promise<CodeChanged | CodeRefused> {
  const families = unique(request.product_families)
  const slugs = unique(request.product_slugs)
  return db.transaction(async (tx) => {
    const errors: Record<string, string[]> = {}
    if (await findCode(tx, request.code)) errors.code = [discountMessages.codeTaken(request.code)]
    const unknown = await unknownProducts(tx, slugs)
    if (unknown.length > 0) errors.product_slugs = [discountMessages.unknownProducts(unknown)]
    if (Object.keys(errors).length > 0) return refused(errors)
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code: request.code,
        description: request.description,
        kind: request.kind,
        value: request.value,
        startsAt: request.starts_at === null ? null : new Date(request.starts_at),
        expiresAt: request.expires_at === null ? null : new Date(request.expires_at),
        usageLimit: request.usage_limit,
        productFamilies: families,
        productSlugs: slugs,
        excludesUpgrades: request.excludes_upgrades,
        combinable: request.combinable,
      })
      // Made meanwhile by another call: the same answer as when it was there before.
      .onConflictDoNothing({ target: discountCodes.code })
      .returning()
    if (!row) return refused({ code: [discountMessages.codeTaken(request.code)] })
    const made = wireOf(row, now)
    await audit(tx, actor, {
      action: 'discount_code.create',
      targetKind: auditTarget,
      targetId: row.id,
      details: { code: made.code, ...termsOf(made) },
    })
    return { ok: true as const, code: await detailOfRow(tx, row, now) }
  })
}

/**
 * Which sent fields bring each rule of the terms into an edit: a rule is checked when one of its
 * fields changes, so terms stored before a rule (a seed's, an ended code's) do not block an edit
 * of something else.
 */
const checkedBy: Record<string, readonly Editable[]> = {
  value: ['kind', 'value'],
  expires_at: ['starts_at', 'expires_at'],
  product_families: ['product_families'],
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * Changes the fields sent (the others stay) of a code, never the code itself. The terms the sent
 * fields touch follow a new code's rules, read with the stored fields (`value` against the stored
 * `kind`, a new end against the stored start); usage_limit may not go below the uses counted.
 * The code's row is locked while it is checked and written, so a submit counting a use waits.
 * An edit that changes nothing writes no audit row.
 */
export async function editDiscountCode(
  db: Database,
  actor: Actor,
  code: string,
  request: EditDiscountCodeRequest,
  now = new Date(),
): Promise<CodeChanged | CodeMissing | CodeRefused> {
  return db.transaction(async (tx) => {
    const row = await findCode(tx, code, true)
    if (!row) return missing
    const before = wireOf(row, now)
    const sent: Partial<Record<Editable, unknown>> = {}
    for (const field of Object.keys(editable) as Editable[])
      if (request[field] !== undefined) sent[field] = request[field]
    if (sent.product_families) sent.product_families = unique(request.product_families!)
    if (sent.product_slugs) sent.product_slugs = unique(request.product_slugs!)
    // Times as the wire answers them (UTC), so an unchanged time sent with another offset is
    // no change.
    for (const field of ['starts_at', 'expires_at'] as const)
      if (typeof sent[field] === 'string') sent[field] = new Date(sent[field]).toISOString()
    const after = { ...before, ...sent } as AdminDiscountCode

    const errors = Object.fromEntries(
      Object.entries(discountTermsProblems(after)).filter(([field]) =>
        checkedBy[field]?.some((input) => input in sent),
      ),
    )
    if (request.code !== undefined && request.code !== row.code)
      errors.code = [discountMessages.codeRenamed]
    if ('usage_limit' in sent && after.usage_limit !== null && after.usage_limit < row.usedCount)
      errors.usage_limit = [discountMessages.usageBelowUses(row.usedCount)]
    if (sent.product_slugs) {
      const unknown = await unknownProducts(tx, after.product_slugs)
      if (unknown.length > 0) errors.product_slugs = [discountMessages.unknownProducts(unknown)]
    }
    if (Object.keys(errors).length > 0) return refused(errors)

    const changes: Record<string, { from: unknown; to: unknown }> = {}
    const set: Partial<typeof discountCodes.$inferInsert> = {}
    for (const field of Object.keys(sent) as Editable[]) {
      if (sameValue(before[field], after[field])) continue
      changes[field] = { from: before[field], to: after[field] }
      const value = after[field]
      ;(set as Record<string, unknown>)[editable[field]] =
        field === 'starts_at' || field === 'expires_at'
          ? value === null
            ? null
            : new Date(value as string)
          : value
    }
    if (Object.keys(changes).length === 0)
      return { ok: true as const, code: await detailOfRow(tx, row, now) }
    const [updated] = await tx
      .update(discountCodes)
      .set(set)
      .where(eq(discountCodes.id, row.id))
      .returning()
    await audit(tx, actor, {
      action: 'discount_code.edit',
      targetKind: auditTarget,
      targetId: row.id,
      details: { code: row.code, changes },
    })
    return { ok: true as const, code: await detailOfRow(tx, updated!, now) }
  })
}

/**
 * Ends a code now: its end becomes now, and so does a start still ahead (the code never began).
 * A cart that holds it is refused at submit, as for any expired code. A code already
 * ended stays as it was (its end is not moved) and writes no audit row.
 */
export async function endDiscountCode(
  db: Database,
  actor: Actor,
  code: string,
  now = new Date(),
): Promise<CodeChanged | CodeMissing> {
  return db.transaction(async (tx) => {
    const row = await findCode(tx, code, true)
    if (!row) return missing
    if (row.expiresAt !== null && row.expiresAt <= now)
      return { ok: true as const, code: await detailOfRow(tx, row, now) }
    const startsAhead = row.startsAt !== null && row.startsAt > now
    const [updated] = await tx
      .update(discountCodes)
      .set({ expiresAt: now, startsAt: startsAhead ? now : row.startsAt })
      .where(eq(discountCodes.id, row.id))
      .returning()
    await audit(tx, actor, {
      action: 'discount_code.end',
      targetKind: auditTarget,
      targetId: row.id,
      details: {
        code: row.code,
        expires_at: now.toISOString(),
        was: iso(row.expiresAt),
        ...(startsAhead ? { starts_at: now.toISOString(), was_starting: iso(row.startsAt) } : {}),
      },
    })
    return { ok: true as const, code: await detailOfRow(tx, updated!, now) }
  })
}
