import { z } from 'zod'
import { AdminDealer, AuditEntry, maxSearchLength } from './admin.ts'
import { Address, Email } from './auth.ts'
import { CommissionEntry, DealerCustomer, DealerEntry, Payout } from './dealer.ts'
import { OrderSummary, OrdersQuery } from './orders.ts'
import { plainText } from './plain-text.ts'
import { maxSlugLength, slugPattern } from './slug-pattern.ts'
import { Role } from './user.ts'

/*
 * The back office's people (docs/back-office.md, "Customers and dealers"): accounts searched and
 * read, signed out everywhere; dealers tied to their directory entry, their rate, their customers,
 * their ledger and payouts. snake_case on the wire, money in integer minor units of `currency`,
 * rates in basis points (1000 = 10 %), as everywhere in the API.
 */

const Money = z.number().int()
const Instant = z.iso.datetime({ offset: true })

/** GET /api/admin/customers: a search, a role, and paging (as every list). */
export const AdminCustomersQuery = z.object({
  /** Part of the account's e-mail address or name, any case. */
  q: plainText(
    z
      .string()
      .trim()
      .min(1, 'Type something to search for.')
      .max(maxSearchLength, `A search is at most ${maxSearchLength} characters.`),
  ).optional(),
  role: z.enum(Role.options, { error: `role is one of ${Role.options.join(', ')}.` }).optional(),
  page: OrdersQuery.shape.page,
  per_page: OrdersQuery.shape.per_page,
})
export type AdminCustomersQuery = z.infer<typeof AdminCustomersQuery>

/** The dealer a customer belongs to (dealer_customers), and how it came to it. */
export const CustomerDealer = AdminDealer.extend({
  email: z.string(),
  linked_by: DealerCustomer.shape.linked_by,
  linked_at: Instant,
})
export type CustomerDealer = z.infer<typeof CustomerDealer>

/** One account of the back office's customer list. */
export const AdminCustomerRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  role: Role,
  created_at: Instant,
  /** When the address was proven by a mailed link; null until then. */
  email_verified_at: Instant.nullable(),
  /**
   * Its submitted orders: placed by it (also as a guest session on its address), or placed for it
   * by its dealer.
   */
  order_count: z.number().int(),
  last_order_at: Instant.nullable(),
  dealer: CustomerDealer.nullable(),
})
export type AdminCustomerRow = z.infer<typeof AdminCustomerRow>

export const AdminCustomersPage = z.object({
  customers: z.array(AdminCustomerRow),
  page: z.number().int(),
  per_page: z.number().int(),
  total_count: z.number().int(),
  has_more: z.boolean(),
})
export type AdminCustomersPage = z.infer<typeof AdminCustomersPage>

const Person = z.object({ id: z.string(), email: z.string(), name: z.string().nullable() })

/** One order of a customer's page: the customer's own summary, its number and who placed it. */
export const AdminCustomerOrder = OrderSummary.extend({
  number: z.string(),
  /** The dealer credited with it. */
  dealer: AdminDealer.nullable(),
  /** The dealer that placed it for this account (through its own cart), else null. */
  placed_by: Person.nullable(),
  /** The customer this account, a dealer, placed it for, else null. */
  placed_for: Person.nullable(),
})
export type AdminCustomerOrder = z.infer<typeof AdminCustomerOrder>

/** The most orders a customer's page lists (newest first; the order list has them all). */
export const maxCustomerOrders = 50

/** GET /api/admin/customers/{id}, and the answer of sign-out-everywhere. */
export const AdminCustomerDetail = AdminCustomerRow.extend({
  /** A password is set (a guest account has none). */
  has_password: z.boolean(),
  /** Sessions open now (any device, guest sessions on its address included). */
  live_sessions: z.number().int(),
  /** The newest orders, at most `maxCustomerOrders`; `order_count` says how many there are. */
  orders: z.array(AdminCustomerOrder),
  /** Saved addresses, the default first, then the newest. */
  addresses: z.array(Address),
  /** For a dealer account: the directory entry it is tied to (GET /api/admin/dealers/{id}). */
  dealer_entry: DealerEntry.nullable(),
  /** What the back office did to the account (sign-in links, sign-outs), oldest first. */
  audit: z.array(AuditEntry),
})
export type AdminCustomerDetail = z.infer<typeof AdminCustomerDetail>

/** The highest commission rate, in basis points (50 %), as the database allows it. */
export const maxRateBp = 5000
const rateMessage = `rate_bp is a whole number of basis points from 0 to ${maxRateBp} (0 to 50 %).`
export const RateBp = z
  .number({ error: rateMessage })
  .int(rateMessage)
  .min(0, rateMessage)
  .max(maxRateBp, rateMessage)

/** A directory entry (content/dealers.json) and the dealer account tied to it, if any. */
export const DirectoryEntry = DealerEntry.extend({
  /** Gone from the file: kept for the accounts that name it, no longer offered. */
  active: z.boolean(),
  dealer_id: z.string().nullable(),
})
export type DirectoryEntry = z.infer<typeof DirectoryEntry>

/** One dealer of the back office's list: an account with the dealer role, or tied to an entry. */
export const AdminDealerRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  /** The account's role: `dealer`, unless it was changed after the tie. */
  role: Role,
  /** Null until the dealer is tied to its directory entry. */
  entry: DirectoryEntry.omit({ dealer_id: true }).nullable(),
  /** Null until tied. */
  rate_bp: z.number().int().nullable(),
  currency: z.string(),
  customer_count: z.number().int(),
  /** The sum of its ledger: what it may still ask for. */
  balance: Money,
  /** Payout requests waiting for the shop to pay them, and their sum. */
  requested_payouts: z.number().int(),
  requested_amount: Money,
})
export type AdminDealerRow = z.infer<typeof AdminDealerRow>

/** GET /api/admin/dealers: the dealers, and the directory to tie them to. */
export const AdminDealersList = z.object({
  dealers: z.array(AdminDealerRow),
  directory: z.array(DirectoryEntry),
})
export type AdminDealersList = z.infer<typeof AdminDealersList>

/** GET /api/admin/dealers/{id}, and the answer of every action on the dealer. */
export const AdminDealerDetail = AdminDealerRow.extend({
  /** The path a new customer registers through to become its customer; null until tied. */
  invitation_path: z.string().nullable(),
  customers: z.array(DealerCustomer),
  /** The ledger, newest first, each entry with the balance it left (as the dealer reads it). */
  ledger: z.array(CommissionEntry),
  /** Its payout requests, newest first. */
  payouts: z.array(Payout),
  /** What the back office did to the dealer, oldest first. */
  audit: z.array(AuditEntry),
})
export type AdminDealerDetail = z.infer<typeof AdminDealerDetail>

const slugMessage = 'slug is a directory entry’s slug (lower-case words joined by hyphens).'

/** POST /api/admin/dealers/{id}/tie. */
export const TieDealerRequest = z.object({
  slug: z
    .string({ error: slugMessage })
    .max(maxSlugLength, slugMessage)
    .regex(slugPattern, slugMessage),
  /** Admins only; without it a first tie is at 10 % and a move keeps the rate. */
  rate_bp: RateBp.optional(),
})
export type TieDealerRequest = z.infer<typeof TieDealerRequest>

/** POST /api/admin/dealers/{id}/rate. */
export const DealerRateRequest = z.object({ rate_bp: RateBp })
export type DealerRateRequest = z.infer<typeof DealerRateRequest>

/** POST /api/admin/dealers/{id}/customers: the customer's account, by its e-mail address. */
export const LinkCustomerRequest = z.object({ email: Email })
export type LinkCustomerRequest = z.infer<typeof LinkCustomerRequest>
