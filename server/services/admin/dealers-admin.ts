import { and, asc, count, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type {
  AdminDealerDetail,
  AdminDealerRow,
  AdminDealersList,
} from '../../../contract/admin-people.ts'
import { uuidPattern } from '../../../contract/uuid.ts'
import type { Database } from '../../db/index.ts'
import {
  commissionEntries,
  dealerCustomers,
  dealerDirectory,
  dealers,
  payoutRequests,
  users,
} from '../../db/schema.ts'
import { findUserByEmail } from '../accounts.ts'
import { commissionView, ledgerCsv, markPayoutPaid } from '../commission.ts'
import {
  dealerCustomersView,
  invitationPath,
  linkCustomer,
  setDealerRate,
  tieDealer,
  unlinkCustomer,
} from '../dealers.ts'
import type { Executor } from '../orders/lookup.ts'
import { audit, auditOf, type Actor } from './audit.ts'
import { findAccount, missing, refused, type PeopleResult } from './customers.ts'

/*
 * The back office's dealers (docs/back-office.md, "Customers and dealers"): the list with each
 * dealer's entry, rate, customers and balance; one dealer with its customers, ledger and payout
 * requests; and what the shop does to a dealer, through the services of `npm run admin` (tie-dealer,
 * set-dealer-rate, link-customer, unlink-customer, mark-payout-paid: services/dealers.ts and
 * commission.ts), with the same rules and reasons, each with an audit row in its transaction.
 */

export const dealerMessages = {
  notFound: 'No such dealer.',
  /** The command line's own words, less its hint (`tie-dealer <email> <slug>`). */
  notTied: (email: string) =>
    `${email} is not tied to a dealer directory entry: tie it to its entry first.`,
  /** As the command line's accountOf. */
  noAccount: (email: string) => `No account uses ${email}.`,
  /** As unlink-customer's. */
  noDealer: (email: string) => `${email} has no dealer.`,
  otherDealer: (email: string) => `${email} is a customer of another dealer.`,
  /** As markPayoutPaid's. */
  payoutGone: (id: string) => `No payout request ${id}.`,
  rateAdminsOnly: 'Only an admin sets a dealer’s rate: tie it without rate_bp.',
} as const

/** A dealer of the back office: an account with the dealer role, or one tied to an entry. */
const isDealer = or(eq(users.role, 'dealer'), isNotNull(dealers.userId))

/** Sums per dealer, keyed by its account id. */
async function sumsOf(db: Executor, ids: string[]) {
  if (ids.length === 0) return { balances: new Map(), customers: new Map(), requested: new Map() }
  const balances = await db
    .select({
      id: commissionEntries.dealerId,
      sum: sql<string>`coalesce(sum(${commissionEntries.amount}), 0)`,
    })
    .from(commissionEntries)
    .where(inArray(commissionEntries.dealerId, ids))
    .groupBy(commissionEntries.dealerId)
  const customers = await db
    .select({ id: dealerCustomers.dealerId, n: count() })
    .from(dealerCustomers)
    .where(inArray(dealerCustomers.dealerId, ids))
    .groupBy(dealerCustomers.dealerId)
  const requested = await db
    .select({
      id: payoutRequests.dealerId,
      n: count(),
      sum: sql<string>`coalesce(sum(${payoutRequests.amount}), 0)`,
    })
    .from(payoutRequests)
    .where(and(inArray(payoutRequests.dealerId, ids), eq(payoutRequests.status, 'requested')))
    .groupBy(payoutRequests.dealerId)
  return {
    balances: new Map(balances.map((row) => [row.id, Number(row.sum)])),
    customers: new Map(customers.map((row) => [row.id, Number(row.n)])),
    requested: new Map(
      requested.map((row) => [row.id, { n: Number(row.n), sum: Number(row.sum) }]),
    ),
  }
}

/** The dealers `where` keeps, tied ones by their entry's name first, then by e-mail address. */
async function dealerRows(db: Executor, where: SQL | undefined): Promise<AdminDealerRow[]> {
  const rows = await db
    .select({ user: users, dealer: dealers, entry: dealerDirectory })
    .from(users)
    .leftJoin(dealers, eq(dealers.userId, users.id))
    .leftJoin(dealerDirectory, eq(dealerDirectory.slug, dealers.directorySlug))
    .where(and(isDealer, where))
    .orderBy(sql`${dealerDirectory.name} asc nulls last`, asc(users.email))
  const sums = await sumsOf(
    db,
    rows.map((row) => row.user.id),
  )
  return rows.map(({ user, dealer, entry }) => ({
    id: user.id,
    email: user.email,
    name: user.name,
    role: user.role,
    entry: entry && {
      slug: entry.slug,
      name: entry.name,
      city: entry.city,
      country: entry.country,
      active: entry.active,
    },
    rate_bp: dealer?.rateBp ?? null,
    currency: dealer?.currency ?? 'USD',
    customer_count: sums.customers.get(user.id) ?? 0,
    balance: sums.balances.get(user.id) ?? 0,
    requested_payouts: sums.requested.get(user.id)?.n ?? 0,
    requested_amount: sums.requested.get(user.id)?.sum ?? 0,
  }))
}

/** GET /api/admin/dealers: every dealer, and the directory with the dealer tied to each entry. */
export async function listDealers(db: Executor): Promise<AdminDealersList> {
  const directory = await db
    .select({ entry: dealerDirectory, dealerId: dealers.userId })
    .from(dealerDirectory)
    .leftJoin(dealers, eq(dealers.directorySlug, dealerDirectory.slug))
    .orderBy(asc(dealerDirectory.name), asc(dealerDirectory.slug))
  return {
    dealers: await dealerRows(db, undefined),
    directory: directory.map(({ entry, dealerId }) => ({
      slug: entry.slug,
      name: entry.name,
      city: entry.city,
      country: entry.country,
      active: entry.active,
      dealer_id: dealerId,
    })),
  }
}

/** GET /api/admin/dealers/{id}: the dealer's page; undefined when the id is no dealer's. */
export async function dealerDetail(
  db: Executor,
  id: string,
): Promise<AdminDealerDetail | undefined> {
  const account = await findAccount(db, id)
  if (!account) return undefined
  const [row] = await dealerRows(db, eq(users.id, id))
  if (!row) return undefined
  const [tied] = await db
    .select({ dealer: dealers, entry: dealerDirectory })
    .from(dealers)
    .innerJoin(dealerDirectory, eq(dealerDirectory.slug, dealers.directorySlug))
    .where(eq(dealers.userId, id))
  // The dealer's own view of its money (GET /api/order/dealer-comission): the same figures.
  const money = await commissionView(db, id)
  return {
    ...row,
    balance: money.balance,
    invitation_path: tied ? invitationPath(tied.dealer.inviteCode) : null,
    customers: tied ? (await dealerCustomersView(db, tied)).customers : [],
    ledger: money.ledger,
    payouts: money.payouts,
    audit: await auditOf(db, 'dealer', id),
  }
}

/**
 * GET /api/admin/dealers/{id}/ledger.csv: the dealer's own CSV download (commission.ts
 * ledgerCsv), under the same file name; undefined when the id is no dealer's.
 */
export async function dealerLedgerCsv(
  db: Executor,
  id: string,
): Promise<{ filename: string; text: string } | undefined> {
  const account = await findAccount(db, id)
  if (!account) return undefined
  const [tied] = await db.select().from(dealers).where(eq(dealers.userId, id))
  if (!tied && account.role !== 'dealer') return undefined
  return {
    // A dealer not yet tied has no ledger: the header alone.
    filename: `commission-${tied?.directorySlug ?? 'untied-dealer'}.csv`,
    text: await ledgerCsv(db, id),
  }
}

/**
 * The dealer an action names, its row locked: no such dealer (404), or a dealer account not yet
 * tied to its entry (422 under `id`, as the command line refuses it).
 */
async function tiedDealer(tx: Executor, id: string) {
  const account = await findAccount(tx, id, true)
  const [dealer] = account
    ? await tx.select().from(dealers).where(eq(dealers.userId, id)).for('update')
    : []
  if (!account || (account.role !== 'dealer' && !dealer)) return missing(dealerMessages.notFound)
  if (!dealer) return refused('id', dealerMessages.notTied(account.email))
  return { ok: true as const, account, dealer }
}

/**
 * tie-dealer: ties a dealer account to a directory entry (the first tie makes its invitation
 * code), or moves it to another; `rateBp` sets the rate too. An account of another role is
 * refused under `id`, an unknown or taken entry under `slug`, with tieDealer's reasons.
 */
export async function tieAsShop(
  db: Database,
  actor: Actor,
  { id, slug, rateBp }: { id: string; slug: string; rateBp: number | undefined },
): Promise<PeopleResult> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, id, true)
    if (!account) return missing(dealerMessages.notFound)
    const [before] = await tx.select().from(dealers).where(eq(dealers.userId, id)).for('update')
    // tieDealer's own transaction is a savepoint of this one.
    const tied = await tieDealer(tx, { userId: id, slug, rateBp })
    if (!tied.ok) return refused(account.role === 'dealer' ? 'slug' : 'id', tied.reason)
    await audit(tx, actor, {
      action: 'dealer.tie',
      targetKind: 'dealer',
      targetId: id,
      details: {
        from: before?.directorySlug ?? null,
        to: slug,
        ...(rateBp === undefined ? {} : { rate_bp: { from: before?.rateBp ?? null, to: rateBp } }),
      },
    })
    return { ok: true }
  })
}

/**
 * set-dealer-rate: the rate counts from the next order paid; orders already paid keep what they
 * earned. Admins only (the route refuses staff).
 */
export async function setRateAsShop(
  db: Database,
  actor: Actor,
  { id, rateBp }: { id: string; rateBp: number },
): Promise<PeopleResult> {
  return db.transaction(async (tx) => {
    const target = await tiedDealer(tx, id)
    if (!target.ok) return target
    await setDealerRate(tx, id, rateBp)
    await audit(tx, actor, {
      action: 'dealer.rate',
      targetKind: 'dealer',
      targetId: id,
      details: { from: target.dealer.rateBp, to: rateBp },
    })
    return { ok: true }
  })
}

/**
 * link-customer: makes the account of `email` the dealer's customer, moving it from another
 * dealer. Its orders submitted from now on are credited to this dealer.
 */
export async function linkAsShop(
  db: Database,
  actor: Actor,
  { id, email }: { id: string; email: string },
): Promise<PeopleResult> {
  return db.transaction(async (tx) => {
    const target = await tiedDealer(tx, id)
    if (!target.ok) return target
    const customer = await findUserByEmail(tx, email)
    if (!customer) return refused('email', dealerMessages.noAccount(email))
    const [before] = await tx
      .select()
      .from(dealerCustomers)
      .where(eq(dealerCustomers.customerId, customer.id))
      .for('update')
    const linked = await linkCustomer(tx, {
      customerId: customer.id,
      dealerId: id,
      linkedBy: 'admin',
      replace: true,
    })
    if (!linked.ok) return refused('email', linked.reason)
    await audit(tx, actor, {
      action: 'dealer.link_customer',
      targetKind: 'dealer',
      targetId: id,
      details: {
        customer_id: customer.id,
        email: customer.email,
        moved_from: before && before.dealerId !== id ? before.dealerId : null,
      },
    })
    return { ok: true }
  })
}

/**
 * unlink-customer, for one of this dealer's customers: orders already submitted stay credited to
 * the dealer. A customer with no dealer is refused with the command line's reason; another
 * dealer's customer is refused too (the path names this dealer).
 */
export async function unlinkAsShop(
  db: Database,
  actor: Actor,
  { id, customerId }: { id: string; customerId: string },
): Promise<PeopleResult> {
  return db.transaction(async (tx) => {
    const target = await tiedDealer(tx, id)
    if (!target.ok) return target
    const customer = await findAccount(tx, customerId)
    if (!customer) return missing('No such account.')
    const [link] = await tx
      .select()
      .from(dealerCustomers)
      .where(eq(dealerCustomers.customerId, customerId))
      .for('update')
    if (!link) return refused('customer_id', dealerMessages.noDealer(customer.email))
    if (link.dealerId !== id)
      return refused('customer_id', dealerMessages.otherDealer(customer.email))
    await unlinkCustomer(tx, customerId)
    await audit(tx, actor, {
      action: 'dealer.unlink_customer',
      targetKind: 'dealer',
      targetId: id,
      details: { customer_id: customerId, email: customer.email },
    })
    return { ok: true }
  })
}

/**
 * mark-payout-paid: the request can no longer change (markPayoutPaid, its rules and reasons: an
 * unknown request is a 404, one not `requested` a 422 under `id`). Its amount left the balance
 * when it was requested. Audited on its dealer.
 */
export async function markPaidAsShop(
  db: Database,
  actor: Actor,
  payoutId: string,
): Promise<PeopleResult<{ dealerId: string }>> {
  if (!uuidPattern.test(payoutId)) return missing(dealerMessages.payoutGone(payoutId))
  return db.transaction(async (tx) => {
    const [payout] = await tx.select().from(payoutRequests).where(eq(payoutRequests.id, payoutId))
    if (!payout) return missing(dealerMessages.payoutGone(payoutId))
    // markPayoutPaid's own transaction is a savepoint of this one: it locks the dealer, then the
    // request, as every change to a dealer's money does.
    const marked = await markPayoutPaid(tx, payoutId)
    if (!marked.ok) return refused('id', marked.reason)
    await audit(tx, actor, {
      action: 'dealer.payout_paid',
      targetKind: 'dealer',
      targetId: payout.dealerId,
      details: {
        payout_id: payoutId,
        amount: marked.payout.amount,
        currency: marked.payout.currency,
      },
    })
    return { ok: true, dealerId: payout.dealerId }
  })
}
