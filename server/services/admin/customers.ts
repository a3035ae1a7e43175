import { and, count, desc, eq, gt, inArray, isNull, max, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type {
  AdminCustomerDetail,
  AdminCustomerOrder,
  AdminCustomerRow,
  AdminCustomersPage,
  AdminCustomersQuery,
  CustomerDealer,
} from '../../../contract/admin-people.ts'
import { maxCustomerOrders } from '../../../contract/admin-people.ts'
import { orderNumber } from '../../../contract/orders.ts'
import { uuidPattern } from '../../../contract/uuid.ts'
import type { Database } from '../../db/index.ts'
import {
  dealerCustomers,
  dealerDirectory,
  dealers,
  orders,
  sessions,
  users,
} from '../../db/schema.ts'
import { signOutEverywhere } from '../accounts.ts'
import type { CatalogSnapshot } from '../catalog-cache.ts'
import { isSubmitted, type Executor } from '../orders/lookup.ts'
import { orderPage, orderSummaries } from '../orders/views.ts'
import { savedAddresses } from '../saved-addresses.ts'
import { audit, auditOf, type Actor } from './audit.ts'

/*
 * The back office's customers (docs/back-office.md, "Customers and dealers"): every account,
 * searched by e-mail address or name, a page at a time; one account with its orders, saved
 * addresses and dealer; and signing it out everywhere, as `npm run admin -- revoke-sessions` does
 * (accounts.ts signOutEverywhere), with an audit row in the same transaction.
 */

type UserRow = typeof users.$inferSelect

/**
 * What a people call came to: done (with what it names), no such thing (404), a caller whose role
 * may not do it (403), or a rule of the shop refusing it, with a message under a field (422).
 */
export type PeopleResult<T extends object = object> =
  | ({ ok: true } & T)
  | { ok: false; status: 404 | 403; message: string }
  | { ok: false; status: 422; field: string; message: string }

export const missing = (message: string) => ({ ok: false, status: 404, message }) as const
export const forbidden = (message: string) => ({ ok: false, status: 403, message }) as const
export const refused = (field: string, message: string) =>
  ({ ok: false, status: 422, field, message }) as const

export const customerMessages = {
  notFound: 'No such account.',
  adminsOnly: 'Only an admin can sign an admin account out everywhere.',
} as const

/** `text` as a LIKE pattern matching it anywhere, its wildcards taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`
}

function conditions(query: AdminCustomersQuery): SQL | undefined {
  const pattern = query.q === undefined ? undefined : containing(query.q.toLowerCase())
  return and(
    query.role === undefined ? undefined : eq(users.role, query.role),
    pattern === undefined
      ? undefined
      : // Addresses are stored lower-cased (users_email_lower_case).
        or(sql`${users.email} like ${pattern}`, sql`lower(${users.name}) like ${pattern}`),
  )
}

/**
 * The accounts' submitted orders, counted once each, and the newest's submit time: those each
 * placed (also as a guest session on its address, before they joined it) and those a dealer
 * placed for it. Three grouped reads, each on its own column (the first two by index).
 */
async function orderCounts(db: Executor, ids: readonly string[]) {
  const counts = new Map<string, { n: number; last: Date | null }>()
  if (ids.length === 0) return counts
  const list = [...ids]
  const reads = [
    { column: orders.userId, where: inArray(orders.userId, list) },
    { column: orders.guestOf, where: and(inArray(orders.guestOf, list), isNull(orders.userId)) },
    { column: orders.placedFor, where: inArray(orders.placedFor, list) },
  ]
  for (const { column, where } of reads) {
    const rows = await db
      .select({ account: column, n: count(), last: max(orders.submittedAt) })
      .from(orders)
      .where(and(where, isSubmitted))
      .groupBy(column)
    for (const row of rows) {
      if (row.account === null) continue
      const before = counts.get(row.account) ?? { n: 0, last: null }
      const last = row.last === null ? null : new Date(row.last)
      counts.set(row.account, {
        n: before.n + Number(row.n),
        last: before.last === null || (last !== null && last > before.last) ? last : before.last,
      })
    }
  }
  return counts
}

/** The dealer's own account, beside its customer's. */
const dealerUser = alias(users, 'dealer_user')

/** The dealer each account belongs to, with its directory entry's name. */
async function dealersOf(db: Executor, ids: readonly string[]) {
  if (ids.length === 0) return new Map<string, CustomerDealer>()
  const rows = await db
    .select({
      customerId: dealerCustomers.customerId,
      dealerId: dealerCustomers.dealerId,
      linkedBy: dealerCustomers.linkedBy,
      linkedAt: dealerCustomers.linkedAt,
      name: dealerDirectory.name,
      email: dealerUser.email,
    })
    .from(dealerCustomers)
    .innerJoin(dealers, eq(dealers.userId, dealerCustomers.dealerId))
    .innerJoin(dealerDirectory, eq(dealerDirectory.slug, dealers.directorySlug))
    .innerJoin(dealerUser, eq(dealerUser.id, dealerCustomers.dealerId))
    .where(inArray(dealerCustomers.customerId, [...ids]))
  return new Map(
    rows.map((row) => [
      row.customerId,
      {
        id: row.dealerId,
        name: row.name,
        email: row.email,
        linked_by: row.linkedBy,
        linked_at: row.linkedAt.toISOString(),
      },
    ]),
  )
}

/** The list's rows of these accounts, in their order. */
async function customerRows(
  db: Executor,
  accounts: readonly UserRow[],
): Promise<AdminCustomerRow[]> {
  const ids = accounts.map((account) => account.id)
  const counts = await orderCounts(db, ids)
  const dealerOf = await dealersOf(db, ids)
  return accounts.map((account) => {
    const counted = counts.get(account.id)
    return {
      id: account.id,
      email: account.email,
      name: account.name,
      role: account.role,
      created_at: account.createdAt.toISOString(),
      email_verified_at: account.emailVerifiedAt?.toISOString() ?? null,
      order_count: counted?.n ?? 0,
      last_order_at: counted?.last?.toISOString() ?? null,
      dealer: dealerOf.get(account.id) ?? null,
    }
  })
}

/** GET /api/admin/customers: one page of the accounts the search keeps, newest first. */
export async function listCustomers(
  db: Executor,
  query: AdminCustomersQuery,
): Promise<AdminCustomersPage> {
  const where = conditions(query)
  const [counted] = await db.select({ n: count() }).from(users).where(where)
  const accounts = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
  const totalCount = Number(counted?.n ?? 0)
  return {
    customers: await customerRows(db, accounts),
    page: query.page,
    per_page: query.per_page,
    total_count: totalCount,
    has_more: query.page * query.per_page < totalCount,
  }
}

export async function findAccount(db: Executor, id: string, lock = false) {
  if (!uuidPattern.test(id)) return undefined
  const query = db.select().from(users).where(eq(users.id, id))
  const [row] = lock ? await query.for('update') : await query
  return row
}

/** The account's newest orders, with who placed them for whom and the dealer credited. */
async function ordersOf(
  db: Executor,
  accountId: string,
  catalog: CatalogSnapshot,
): Promise<AdminCustomerOrder[]> {
  const { rows } = await orderPage(
    db,
    and(
      isSubmitted,
      or(
        eq(orders.userId, accountId),
        and(eq(orders.guestOf, accountId), isNull(orders.userId)),
        eq(orders.placedFor, accountId),
      ),
    ),
    { page: 1, perPage: maxCustomerOrders },
  )
  const summaries = await orderSummaries(db, rows, catalog)
  const peopleIds = [
    ...new Set(rows.flatMap((row) => [row.userId, row.placedFor]).filter((id) => id !== null)),
  ]
  const people =
    peopleIds.length === 0
      ? []
      : await db
          .select({ id: users.id, email: users.email, name: users.name })
          .from(users)
          .where(inArray(users.id, peopleIds))
  const dealerIds = [...new Set(rows.map((row) => row.dealerId).filter((id) => id !== null))]
  const dealerNames =
    dealerIds.length === 0
      ? []
      : await db
          .select({ id: dealers.userId, name: dealerDirectory.name })
          .from(dealers)
          .innerJoin(dealerDirectory, eq(dealerDirectory.slug, dealers.directorySlug))
          .where(inArray(dealers.userId, dealerIds))
  const person = (id: string | null) => people.find((row) => row.id === id) ?? null
  return summaries.map((summary, index) => {
    const row = rows[index]!
    const forSomeoneElse = row.placedFor !== null && row.placedFor !== accountId
    return {
      ...summary,
      number: orderNumber(row.id),
      dealer: dealerNames.find((dealer) => dealer.id === row.dealerId) ?? null,
      placed_by: row.placedFor === accountId ? person(row.userId) : null,
      placed_for: forSomeoneElse ? person(row.placedFor) : null,
    }
  })
}

/** GET /api/admin/customers/{id}: the account's page; undefined for no such account. */
export async function customerDetail(
  db: Database,
  catalog: CatalogSnapshot,
  id: string,
): Promise<AdminCustomerDetail | undefined> {
  const account = await findAccount(db, id)
  if (!account) return undefined
  const [row] = await customerRows(db, [account])
  const [live] = await db
    .select({ n: count() })
    .from(sessions)
    .where(and(eq(sessions.userId, id), gt(sessions.expiresAt, new Date())))
  const [tied] = await db
    .select({
      slug: dealerDirectory.slug,
      name: dealerDirectory.name,
      city: dealerDirectory.city,
      country: dealerDirectory.country,
    })
    .from(dealers)
    .innerJoin(dealerDirectory, eq(dealerDirectory.slug, dealers.directorySlug))
    .where(eq(dealers.userId, id))
  return {
    ...row!,
    has_password: account.passwordHash !== null,
    live_sessions: Number(live?.n ?? 0),
    orders: await ordersOf(db, id, catalog),
    addresses: await savedAddresses(db, id),
    dealer_entry: tied ?? null,
    audit: await auditOf(db, 'user', id),
  }
}

/**
 * Ends every session of the account and voids its unused links, as `npm run admin --
 * revoke-sessions` does, with its audit row in the same transaction. Staff may not do it to an
 * admin: ending an admin's sessions over and over would lock the owner out of the back office.
 */
export async function signOutAsShop(
  db: Database,
  actor: Actor,
  id: string,
): Promise<PeopleResult<{ ended: number }>> {
  return db.transaction(async (tx) => {
    const account = await findAccount(tx, id, true)
    if (!account) return missing(customerMessages.notFound)
    if (account.role === 'admin' && actor.role !== 'admin')
      return forbidden(customerMessages.adminsOnly)
    // signOutEverywhere's own transaction is a savepoint of this one.
    const ended = await signOutEverywhere(tx, id)
    await audit(tx, actor, {
      action: 'user.sign_out_everywhere',
      targetKind: 'user',
      targetId: id,
      details: { sessions_ended: ended },
    })
    return { ok: true, ended }
  })
}
