import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, inArray, isNotNull, notInArray, sql } from 'drizzle-orm'
import { invitationCodePattern } from '../../contract/auth.ts'
import type { Dealer as DirectoryDealer } from '../../contract/content.ts'
import type {
  DealerCustomers,
  DealerOrderSummary,
  DealerOrdersPage,
} from '../../contract/dealer.ts'
import { commissionOf } from '../../contract/dealer.ts'
import type { Database } from '../db/index.ts'
import {
  commissionEntries,
  dealerCustomers,
  dealerDirectory,
  dealers,
  orderEvents,
  orderLines,
  orders,
  payments,
  payoutRequests,
  users,
  type DealerLinkKind,
} from '../db/schema.ts'
import { accrueCommission, commissionMessages, requestPayout } from './commission.ts'
import type { CatalogSnapshot } from './catalog-cache.ts'
import type { Transaction } from './idempotency.ts'
import { orderPage, orderSummaries } from './orders/views.ts'

/*
 * Dealer accounts and their customers: a dealer (role `dealer`) is tied to its entry of the
 * public directory (content/dealers.json, seeded into dealer_directory) and has a commission
 * rate and an invitation code; a customer belongs to at most one dealer (the primary key of
 * dealer_customers), linked by the shop or by registering through the dealer's invitation link.
 * An order is credited to a dealer at submit (orders.dealer_id); the money is commission.ts's.
 */

type Executor = Database | Transaction
export type DealerRow = typeof dealers.$inferSelect

/** Where a new customer registers to become a dealer's: the sign-in page's registration. */
export const invitationPath = (code: string) => `/login?mode=register&dealer=${code}`

/** Invitation codes: 12 random bytes, base64url (16 characters: contract/auth.ts's pattern). */
export const newInviteCode = () => randomBytes(12).toString('base64url')

/** The directory, in one statement per change: entries gone from the file are kept inactive. */
export async function seedDealerDirectory(db: Executor, list: readonly DirectoryDealer[]) {
  const rows = list.map(({ slug, name, city, country }) => ({
    slug,
    name,
    city,
    country,
    active: true,
  }))
  if (rows.length > 0)
    await db
      .insert(dealerDirectory)
      .values(rows)
      .onConflictDoUpdate({
        target: dealerDirectory.slug,
        set: {
          name: sql`excluded.name`,
          city: sql`excluded.city`,
          country: sql`excluded.country`,
          active: true,
        },
        setWhere: sql`(${dealerDirectory.name}, ${dealerDirectory.city}, ${dealerDirectory.country}, ${dealerDirectory.active}) is distinct from (excluded.name, excluded.city, excluded.country, true)`,
      })
  await db
    .update(dealerDirectory)
    .set({ active: false })
    .where(
      and(
        eq(dealerDirectory.active, true),
        rows.length > 0
          ? notInArray(
              dealerDirectory.slug,
              rows.map((row) => row.slug),
            )
          : undefined,
      ),
    )
}

/** A dealer account with its directory entry; undefined when the account is not tied to one. */
export async function findDealer(db: Executor, userId: string) {
  const [row] = await db
    .select({ dealer: dealers, entry: dealerDirectory })
    .from(dealers)
    .innerJoin(dealerDirectory, eq(dealerDirectory.slug, dealers.directorySlug))
    .where(eq(dealers.userId, userId))
  return row
}

export type TieResult = { ok: true; dealer: DealerRow } | { ok: false; reason: string }

/**
 * Ties a dealer account to its directory entry (made with a new invitation code), or moves it to
 * another entry; the rate is set when given.
 */
export async function tieDealer(
  db: Database,
  { userId, slug, rateBp }: { userId: string; slug: string; rateBp?: number | undefined },
): Promise<TieResult> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId))
    if (!user || user.role !== 'dealer')
      return { ok: false, reason: 'Only an account with the dealer role can be tied to an entry.' }
    const [entry] = await tx.select().from(dealerDirectory).where(eq(dealerDirectory.slug, slug))
    if (!entry || !entry.active)
      return { ok: false, reason: `The dealer directory has no entry "${slug}".` }
    const [holder] = await tx.select().from(dealers).where(eq(dealers.directorySlug, slug))
    if (holder && holder.userId !== userId)
      return { ok: false, reason: `The entry "${slug}" is tied to another dealer account.` }
    const [dealer] = await tx
      .insert(dealers)
      .values({ userId, directorySlug: slug, rateBp, inviteCode: newInviteCode() })
      .onConflictDoUpdate({
        target: dealers.userId,
        set: { directorySlug: slug, ...(rateBp === undefined ? {} : { rateBp }) },
      })
      .returning()
    return { ok: true, dealer: dealer! }
  })
}

export async function setDealerRate(db: Executor, userId: string, rateBp: number) {
  const [dealer] = await db
    .update(dealers)
    .set({ rateBp })
    .where(eq(dealers.userId, userId))
    .returning()
  return dealer
}

export async function dealerByInviteCode(db: Executor, code: string) {
  if (!invitationCodePattern.test(code)) return undefined
  const [dealer] = await db.select().from(dealers).where(eq(dealers.inviteCode, code))
  return dealer
}

export type LinkResult = { ok: true; moved: boolean } | { ok: false; reason: string }

/**
 * Makes `customerId` the dealer's customer. An invitation never takes a customer from another
 * dealer (`replace` false: a customer already linked stays where it is); the shop may move one.
 */
export async function linkCustomer(
  db: Executor,
  {
    customerId,
    dealerId,
    linkedBy,
    replace = false,
  }: { customerId: string; dealerId: string; linkedBy: DealerLinkKind; replace?: boolean },
): Promise<LinkResult> {
  const [customer] = await db.select().from(users).where(eq(users.id, customerId))
  if (!customer) return { ok: false, reason: 'No such account.' }
  // A customer is a customer's or a guest's account: not a dealer, and not the back office's.
  if (customer.role === 'dealer' || customer.role === 'admin' || customer.role === 'staff')
    return { ok: false, reason: `A ${customer.role} account cannot be a dealer’s customer.` }
  const values = { customerId, dealerId, linkedBy, linkedAt: new Date() }
  const query = db.insert(dealerCustomers).values(values)
  const [before] = await db
    .select()
    .from(dealerCustomers)
    .where(eq(dealerCustomers.customerId, customerId))
  if (before && !replace)
    return before.dealerId === dealerId
      ? { ok: true, moved: false }
      : { ok: false, reason: 'This customer already belongs to another dealer.' }
  if (replace)
    await query.onConflictDoUpdate({
      target: dealerCustomers.customerId,
      set: { dealerId, linkedBy, linkedAt: values.linkedAt },
    })
  else await query.onConflictDoNothing()
  return { ok: true, moved: before !== undefined && before.dealerId !== dealerId }
}

export async function unlinkCustomer(db: Executor, customerId: string): Promise<boolean> {
  const removed = await db
    .delete(dealerCustomers)
    .where(eq(dealerCustomers.customerId, customerId))
    .returning()
  return removed.length > 0
}

/** Whether `customerId` is `dealerId`'s customer now. */
export async function isCustomerOf(db: Executor, dealerId: string, customerId: string) {
  const [row] = await db
    .select({ id: dealerCustomers.customerId })
    .from(dealerCustomers)
    .where(and(eq(dealerCustomers.customerId, customerId), eq(dealerCustomers.dealerId, dealerId)))
  return row !== undefined
}

/**
 * The dealer an order is credited to at submit: the dealer who placed it for one of its own
 * customers, else the dealer of the customer who placed it; null when neither.
 */
export async function creditedDealer(
  db: Executor,
  order: { userId: string | null; placedFor: string | null },
): Promise<string | null> {
  if (!order.userId) return null
  if (order.placedFor)
    return (await isCustomerOf(db, order.userId, order.placedFor)) ? order.userId : null
  const [link] = await db
    .select({ dealerId: dealerCustomers.dealerId })
    .from(dealerCustomers)
    .where(eq(dealerCustomers.customerId, order.userId))
  return link?.dealerId ?? null
}

/** GET /api/order/get-dealer-customers. */
export async function dealerCustomersView(
  db: Executor,
  found: NonNullable<Awaited<ReturnType<typeof findDealer>>>,
): Promise<DealerCustomers> {
  const { dealer, entry } = found
  const rows = await db
    .select({ link: dealerCustomers, user: users })
    .from(dealerCustomers)
    .innerJoin(users, eq(users.id, dealerCustomers.customerId))
    .where(eq(dealerCustomers.dealerId, dealer.userId))
    .orderBy(desc(dealerCustomers.linkedAt), users.email)
  const ids = rows.map((row) => row.user.id)
  const counted =
    ids.length === 0
      ? []
      : await db
          .select({ customer: customerOf, n: count() })
          .from(orders)
          .where(and(eq(orders.dealerId, dealer.userId), inArray(customerOf, ids)))
          .groupBy(customerOf)
  return {
    dealer: {
      slug: entry.slug,
      name: entry.name,
      city: entry.city,
      country: entry.country,
      rate_bp: dealer.rateBp,
      currency: dealer.currency,
    },
    invitation_path: invitationPath(dealer.inviteCode),
    customers: rows.map(({ link, user }) => ({
      id: user.id,
      email: user.email,
      name: user.name,
      linked_by: link.linkedBy,
      linked_at: link.linkedAt.toISOString(),
      order_count: Number(counted.find((row) => row.customer === user.id)?.n ?? 0),
    })),
  }
}

/** The customer an order is for: the one a dealer placed it for, else its account. */
const customerOf = sql<string>`coalesce(${orders.placedFor}, ${orders.userId})`

/**
 * GET /api/order/get-orders?dealer_orders=true: the submitted orders credited to the dealer (its
 * customers' own, and those it placed for them), newest first, each with its customer and what
 * it earns.
 */
export async function listDealerOrders(
  db: Executor,
  dealer: DealerRow,
  { page, perPage }: { page: number; perPage: number },
  catalog: CatalogSnapshot,
): Promise<DealerOrdersPage> {
  const { rows, totalCount } = await orderPage(
    db,
    and(eq(orders.dealerId, dealer.userId), isNotNull(orders.submittedAt)),
    { page, perPage },
  )
  const summaries = await orderSummaries(db, rows, catalog)
  const customerIds = [...new Set(rows.map((row) => row.placedFor ?? row.userId))].filter(
    (id): id is string => id !== null,
  )
  const people =
    customerIds.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, name: users.name })
          .from(users)
          .where(inArray(users.id, customerIds))
  const ids = rows.map((row) => row.id)
  const entries =
    ids.length === 0
      ? []
      : await db
          .select({
            orderId: commissionEntries.orderId,
            kind: commissionEntries.kind,
            amount: commissionEntries.amount,
          })
          .from(commissionEntries)
          .where(
            and(
              inArray(commissionEntries.orderId, ids),
              inArray(commissionEntries.kind, ['accrual', 'reversal']),
            ),
          )
  const withDealer: DealerOrderSummary[] = summaries.map((summary, index) => {
    const row = rows[index]!
    const customerId = row.placedFor ?? row.userId
    const own = entries.filter((entry) => entry.orderId === row.id)
    const accrual = own.find((entry) => entry.kind === 'accrual')
    const reversed = own.some((entry) => entry.kind === 'reversal')
    const base = (row.totalAmount ?? summary.total) - (row.shippingOption?.amount ?? 0)
    return {
      ...summary,
      customer: people.find((person) => person.id === customerId) ?? null,
      placed_by_dealer: row.placedFor !== null,
      commission: accrual
        ? { amount: accrual.amount, state: reversed ? 'reversed' : 'accrued' }
        : {
            amount:
              row.currency === dealer.currency ? commissionOf(Math.max(0, base), dealer.rateBp) : 0,
            state: 'pending',
          },
    }
  })
  return {
    orders: withDealer,
    page,
    per_page: perPage,
    total_count: totalCount,
    has_more: page * perPage < totalCount,
  }
}

/** The demo dealer's directory entry (content/dealers.json) and its customer without a password. */
export const demoDealer = {
  email: 'dealer@example.com',
  slug: 'fjordline-air-sports',
  rateBp: 1000,
  inviteCode: 'demo-fjordline-1',
  customers: ['customer@example.com', 'kari@example.com'],
} as const

/** A submitted demo order of `lines` ({slug, sku, amount}), paid in full when `paid`. */
async function demoOrder(
  tx: Transaction,
  {
    userId,
    placedFor,
    dealerId,
    email,
    lines,
    paid,
    daysAgo,
  }: {
    userId: string
    placedFor: string | null
    dealerId: string
    email: string
    lines: { slug: string; sku: string; amount: number }[]
    paid: boolean
    daysAgo: number
  },
) {
  const at = new Date(Date.now() - daysAgo * 24 * 3600 * 1000)
  const total = lines.reduce((sum, line) => sum + line.amount, 0)
  const [order] = await tx
    .insert(orders)
    .values({
      userId,
      placedFor,
      dealerId,
      status: paid ? 'paid' : 'submitted',
      totalAmount: total,
      paymentCode: randomBytes(32).toString('base64url'),
      email,
      submittedAt: at,
      createdAt: at,
      updatedAt: at,
    })
    .returning()
  await tx.insert(orderLines).values(
    lines.map((line, position) => ({
      orderId: order!.id,
      lineKey: randomBytes(16).toString('hex'),
      sku: line.sku,
      productSlug: line.slug,
      qty: 1,
      meta: [],
      unitAmount: line.amount,
      position,
      createdAt: at,
    })),
  )
  await tx.insert(orderEvents).values({
    orderId: order!.id,
    status: 'submitted',
    note: 'Submitted: payment due.',
    createdAt: at,
  })
  if (paid) {
    await tx.insert(payments).values({
      orderId: order!.id,
      attemptKey: `demo-${order!.id}`,
      provider: 'test',
      amount: total,
      currency: order!.currency,
      status: 'settled',
      providerRef: `demo_${order!.id}`,
      createdAt: at,
      updatedAt: at,
    })
    await tx.insert(orderEvents).values({
      orderId: order!.id,
      status: 'paid',
      note: 'Paid by card (test gateway).',
      createdAt: at,
    })
    await accrueCommission(tx, order!)
  }
  return order!
}

/**
 * DEMO_ACCOUNTS: the demo dealer tied to its directory entry, with two customers, three orders
 * (two paid, so a balance) and a payout paid earlier. Made once, when the dealer is first tied;
 * later starts leave it as it is.
 */
export async function seedDemoDealer(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    const [dealerUser] = await tx.select().from(users).where(eq(users.email, demoDealer.email))
    if (!dealerUser || dealerUser.role !== 'dealer') return
    const [entry] = await tx
      .select()
      .from(dealerDirectory)
      .where(eq(dealerDirectory.slug, demoDealer.slug))
    if (!entry) return
    const [dealer] = await tx
      .insert(dealers)
      .values({
        userId: dealerUser.id,
        directorySlug: demoDealer.slug,
        rateBp: demoDealer.rateBp,
        inviteCode: demoDealer.inviteCode,
      })
      .onConflictDoNothing()
      .returning()
    if (!dealer) return
    await tx
      .insert(users)
      .values({
        email: 'kari@example.com',
        name: 'Kari Nordmann',
        role: 'customer',
        emailVerifiedAt: new Date(),
      })
      .onConflictDoNothing({ target: users.email })
    const customers = await tx
      .select()
      .from(users)
      .where(inArray(users.email, [...demoDealer.customers]))
    const casey = customers.find((user) => user.email === 'customer@example.com')
    const kari = customers.find((user) => user.email === 'kari@example.com')
    for (const customer of customers)
      await tx
        .insert(dealerCustomers)
        .values({ customerId: customer.id, dealerId: dealer.userId, linkedBy: 'admin' })
        .onConflictDoNothing()
    if (casey)
      await demoOrder(tx, {
        userId: casey.id,
        placedFor: null,
        dealerId: dealer.userId,
        email: casey.email,
        lines: [{ slug: 'mission-bag', sku: 'MISSION-BAG-BLACK', amount: 22_000 }],
        paid: true,
        daysAgo: 20,
      })
    if (kari) {
      await demoOrder(tx, {
        userId: dealer.userId,
        placedFor: kari.id,
        dealerId: dealer.userId,
        email: dealerUser.email,
        lines: [{ slug: 'a5', sku: 'A5-M', amount: 149_000 }],
        paid: true,
        daysAgo: 12,
      })
      await demoOrder(tx, {
        userId: dealer.userId,
        placedFor: kari.id,
        dealerId: dealer.userId,
        email: dealerUser.email,
        lines: [{ slug: 'goggles', sku: 'GOGGLES-TINT', amount: 3_400 }],
        paid: false,
        daysAgo: 2,
      })
    }
    const paidOut = await requestPayout(tx, dealer.userId, {
      amount: 5_000,
      notes: 'First payout, to the shop account.',
    })
    if (paidOut.ref)
      await tx
        .update(payoutRequests)
        .set({ status: 'paid', paidAt: new Date(), updatedAt: new Date() })
        .where(eq(payoutRequests.id, paidOut.ref))
  })
}

/**
 * POST /api/order/place-for: the dealer's open cart is for `customerId`, one of its customers
 * (null: for the dealer itself). Submit then records it (orders.placed_for) and credits the dealer.
 */
export async function placeCartFor(
  db: Database,
  dealerId: string,
  customerId: string | null,
): Promise<{ status: number; body: unknown }> {
  const refuse = (field: string, message: string) => ({
    status: 422,
    body: { message, errors: { [field]: [message] } },
  })
  let customer: { id: string; email: string; name: string | null } | undefined
  if (customerId !== null) {
    if (!(await isCustomerOf(db, dealerId, customerId)))
      return refuse('customer_id', commissionMessages.notYourCustomer)
    ;[customer] = await db
      .select({ id: users.id, email: users.email, name: users.name })
      .from(users)
      .where(eq(users.id, customerId))
  }
  const [cart] = await db
    .update(orders)
    .set({ placedFor: customerId, updatedAt: new Date() })
    .where(and(eq(orders.userId, dealerId), eq(orders.status, 'open')))
    .returning({ id: orders.id })
  if (!cart) return refuse('cart', commissionMessages.noCart)
  return { status: 200, body: { placed_for: customer ?? null } }
}
