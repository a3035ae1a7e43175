import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { ShippingAddress } from '../../contract/address.ts'
import { ArchiveType } from '../../contract/archive.ts'
import type { ProductContent } from '../../contract/catalog.ts'
import type { FamilyKey } from '../../contract/families.ts'
import type { RatedOption, ShippingRateTable } from '../../contract/shipping.ts'
import { OrderStatus } from '../../contract/order-status.ts'
import { Role } from '../../contract/user.ts'

/** A list of string literals for a CHECK constraint (the values come from code, not input). */
function literals(values: readonly string[]) {
  return sql.raw(values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', '))
}

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Stored lower-cased (enforced below) so the unique index acts case-insensitively. */
    email: text('email').notNull().unique(),
    /** Null for guests, who sign in with an e-mail address only (docs/accounts-and-guests.md). */
    passwordHash: text('password_hash'),
    name: text('name'),
    role: text('role').$type<Role>().notNull().default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When the address was proven, by a mailed link used (a registration's confirmation, a
     * sign-in or password-reset link). Null until then: the account then receives nothing that
     * belongs to the address (guest orders, a dealer tie), only what it makes itself.
     */
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /**
     * The dealer whose invitation code the account registered with, applied (dealer_customers)
     * when the address is proven, then cleared.
     */
    pendingDealerId: uuid('pending_dealer_id').references((): AnyPgColumn => dealers.userId, {
      onDelete: 'set null',
    }),
  },
  (t) => [
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_role_known', sql`${t.role} in (${literals(Role.options)})`),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 (hex) of the bearer token: a leaked table does not leak usable tokens. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /**
     * A session opened by guest login (e-mail only) on whatever account has that address: it
     * sees nothing the account holds (profile, addresses), only what it makes itself.
     */
    guest: boolean('guest').notNull().default(false),
  },
  (t) => [
    index('sessions_user_id_idx').on(t.userId),
    index('sessions_expires_at_idx').on(t.expiresAt),
  ],
)

/** A customer's saved postal addresses (GET /api/user/get-addresses/). */
export const addresses = pgTable(
  'addresses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    region: text('region'),
    postalCode: text('postal_code').notNull(),
    /** ISO 3166-1 alpha-2. */
    country: text('country').notNull(),
    phone: text('phone'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('addresses_user_id_idx').on(t.userId)],
)

/**
 * Attempt counters for sign-in, guest sign-in and reset requests (server/services/throttle.ts),
 * in the database so every API process counts the same attempts. `key` is a SHA-256 of the
 * scope and its subject: no e-mail address or IP address is stored in the clear.
 */
export const throttles = pgTable(
  'throttles',
  {
    key: text('key').primaryKey(),
    attempts: integer('attempts').notNull(),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('throttles_window_ends_at_idx').on(t.windowEndsAt)],
)

/**
 * The ProductContent fields that are only ever read whole, kept as one JSON document (so a new
 * field needs no migration). `configurator` is absent from rows written before it existed: the
 * seed rewrites every product it has a file for, but a retired product keeps its last data;
 * `weight_grams` and `requires_waiver` likewise.
 */
export type ProductData = Pick<
  ProductContent,
  | 'summary'
  | 'description'
  | 'lead_time_weeks'
  | 'configurable'
  | 'sizes'
  | 'colors'
  | 'specifications'
  | 'images'
  | 'manual'
> &
  Partial<Pick<ProductContent, 'configurator' | 'weight_grams' | 'requires_waiver'>>

export const products = pgTable(
  'products',
  {
    slug: text('slug').primaryKey(),
    family: text('family').notNull(),
    discipline: text('discipline'),
    sku: text('sku').notNull().unique(),
    name: text('name').notNull(),
    /** Minor units of `currency`. */
    price: integer('price').notNull(),
    currency: text('currency').notNull(),
    active: boolean('active').notNull().default(true),
    /** Order within the family's listing. */
    position: integer('position').notNull().default(0),
    data: jsonb('data').$type<ProductData>().notNull(),
  },
  (t) => [
    index('products_family_position_idx').on(t.family, t.position),
    check('products_price_non_negative', sql`${t.price} >= 0`),
  ],
)

export const variants = pgTable(
  'variants',
  {
    sku: text('sku').primaryKey(),
    productSlug: text('product_slug')
      .notNull()
      .references(() => products.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    name: text('name').notNull(),
    /** Minor units of the product's currency. */
    price: integer('price').notNull(),
    inStock: boolean('in_stock').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [
    index('variants_product_slug_position_idx').on(t.productSlug, t.position),
    check('variants_price_non_negative', sql`${t.price} >= 0`),
  ],
)

/** The super custom and super duper custom archive (content/archive/<type>.json). */
export const archiveImages = pgTable(
  'archive_images',
  {
    id: text('id').primaryKey(),
    type: text('type').$type<ArchiveType>().notNull(),
    productSlug: text('product_slug')
      .notNull()
      .references(() => products.slug, { onDelete: 'cascade', onUpdate: 'cascade' }),
    src: text('src').notNull(),
    title: text('title').notNull(),
    alt: text('alt').notNull(),
    year: integer('year').notNull(),
    /** A first name or initials only (contract/archive.ts); null when the pilot is not named. */
    pilot: text('pilot'),
    /** Palette colour ids, main colour first. */
    colors: text('colors').array().notNull(),
    /** Order within its year: the entry's place in its content file. */
    position: integer('position').notNull(),
  },
  (t) => [
    index('archive_images_type_year_position_idx').on(t.type, t.year.desc(), t.position),
    index('archive_images_product_slug_idx').on(t.productSlug),
    check('archive_images_type_known', sql`${t.type} in (${literals(ArchiveType.options)})`),
  ],
)

/** The current production time per category (content/production-time.json). */
export const productionTimes = pgTable(
  'production_times',
  {
    category: text('category').$type<FamilyKey>().primaryKey(),
    weeksMin: integer('weeks_min').notNull(),
    weeksMax: integer('weeks_max').notNull(),
    note: text('note'),
    /** The day the figures were revised; the same for every row of one content file. */
    updatedAt: date('updated_at', { mode: 'string' }).notNull(),
    /** Order of the production time page. */
    position: integer('position').notNull(),
  },
  (t) => [
    check(
      'production_times_weeks_ordered',
      sql`0 <= ${t.weeksMin} and ${t.weeksMin} <= ${t.weeksMax}`,
    ),
  ],
)

/**
 * One row holding the catalog's version. A trigger on `products` and `variants` (migration
 * 0003) raises it on every write and notifies `catalog_changed` with the new number, so every
 * API process can tell when its in-memory catalog (server/services/catalog-cache.ts) is stale.
 */
export const catalogVersion = pgTable(
  'catalog_version',
  {
    id: boolean('id').primaryKey().default(true),
    version: bigint('version', { mode: 'number' }).notNull().default(0),
  },
  (t) => [check('catalog_version_one_row', sql`${t.id}`)],
)

/**
 * The shipping rate table (content/shipping-rates.json), one row, seeded like the catalogue so
 * every API process quotes from the same table.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: boolean('id').primaryKey().default(true),
    rates: jsonb('rates').$type<ShippingRateTable>().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('shipping_rates_one_row', sql`${t.id}`)],
)

/** What a one-time token lets its holder do once (server/services/one-time-tokens.ts). */
export const OneTimeTokenPurpose = [
  'password-reset',
  'login-link',
  'admin-login',
  'confirm-email',
] as const
export type OneTimeTokenPurpose = (typeof OneTimeTokenPurpose)[number]

/** Tokens sent by e-mail (or handed out by an admin): single use, at most an hour, hashed. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    /** SHA-256 (hex) of the token; the token itself exists only in the link. */
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<OneTimeTokenPurpose>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [
    index('one_time_tokens_user_id_idx').on(t.userId),
    check('one_time_tokens_purpose_known', sql`${t.purpose} in (${literals(OneTimeTokenPurpose)})`),
  ],
)

/** Where a message of the outbox stands (server/mail/outbox.ts). */
export const MailStatus = ['queued', 'sending', 'sent', 'failed'] as const
export type MailStatus = (typeof MailStatus)[number]

/** How a sent message left: over SMTP, or into the development mailbox (no SMTP_URL, /dev/mail). */
export const MailDelivery = ['smtp', 'dev-mailbox'] as const
export type MailDelivery = (typeof MailDelivery)[number]

/**
 * The transactional outbox: every mail the store sends is first a row here, written in the same
 * transaction as what it tells about (an order, a sign-in link), then delivered by the worker in
 * server/mail/mailer.ts. An insert notifies `mail_queued` when it commits (migration 0010).
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The template it was made from (`password-reset`, `order-submitted`, …). */
    kind: text('kind').notNull(),
    /** Queuing a key again queues nothing: a replayed request mails once. */
    dedupeKey: text('dedupe_key').notNull().unique(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    /** The bodies; dropped once sent over SMTP (they may hold live links), kept in the dev mailbox. */
    text: text('text'),
    html: text('html'),
    status: text('status').$type<MailStatus>().notNull().default('queued'),
    /**
     * When the worker may next take it: at once when queued, after the backoff when an attempt
     * failed, and when the lease ends while it is `sending` (a process that died mid-send leaves
     * it to be taken again then).
     */
    dueAt: timestamp('due_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    /** Which worker's attempt holds it: a worker whose lease ran out cannot mark it any more. */
    claim: uuid('claim'),
    /** Why the last attempt failed (the SMTP answer), for the admin; never logged. */
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sentVia: text('sent_via').$type<MailDelivery>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('outbox_due_idx')
      .on(t.dueAt)
      .where(sql`${t.status} in ('queued', 'sending')`),
    index('outbox_created_at_idx').on(t.createdAt),
    check('outbox_status_known', sql`${t.status} in (${literals(MailStatus)})`),
    check('outbox_sent_via_known', sql`${t.sentVia} in (${literals(MailDelivery)})`),
  ],
)

/**
 * The palette (content/palette.json), seeded like the catalogue: the server prices a line's
 * colours by their palette type (a fluoro or metallic region costs extra) and names them in the
 * cart's summary.
 */
export const paletteColors = pgTable('palette_colors', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  hex: text('hex').notNull(),
  type: text('type').notNull(),
})

export { OrderStatus } from '../../contract/order-status.ts'

/**
 * What the merge of a guest cart into an account's cart did (the merge overlay,
 * docs/cart-and-offline-sync.md).
 */
export interface MergeNotice {
  lines_added: number
  lines_summed: number
}

/**
 * Orders; the open one is the cart. A cart belongs to a user (any session, guest sessions
 * included) or, before sign-in, to an anonymous cart token of which only the SHA-256 is kept.
 * The partial unique indexes hold "one open cart per owner" across API processes: two requests
 * that both find no cart cannot both create one.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the device's cart token; null once the cart belongs to a user. */
    cartTokenHash: text('cart_token_hash'),
    status: text('status').$type<OrderStatus>().notNull().default('open'),
    /** The account cart a guest cart was merged into at sign-in. */
    mergedInto: uuid('merged_into'),
    mergeNotice: jsonb('merge_notice').$type<MergeNotice>(),
    currency: text('currency').notNull().default('USD'),
    /** Where the order goes, normalised (contract/address.ts); null until the checkout's address step. */
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    /**
     * The shipping option chosen for that address, with its price and the weights the price holds
     * for (services/shipping.ts): a cart whose weight leaves them shows no option until one is
     * chosen again. Cleared when a new address is not offered it.
     */
    shippingOption: jsonb('shipping_option').$type<RatedOption>(),
    /** When submit turned the cart into an order; null on carts. */
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    /** The customer's notes at submit (docs/checkout.md). */
    notes: text('notes'),
    /** The customer asked for the newsletter at submit (false unless sent, docs/checkout.md). */
    optIn: boolean('opt_in').notNull().default(false),
    /**
     * What the order costs in minor units as submitted: lines, discounts and shipping, fixed at
     * submit (the lines keep their own prices as charged). Null on carts.
     */
    totalAmount: integer('total_amount'),
    /**
     * The unguessable code of the order's payment link (`/checkout/{code}`, add-to-submitted-order):
     * 32 random bytes, base64url. Set at submit.
     */
    paymentCode: text('payment_code').unique(),
    /**
     * The account whose e-mail address the guest session (e-mail only) that submitted this order
     * signed in with, when that account has a password: the session never reads the account, so
     * the order is kept under the session's cart token; it joins the account (user_id) at the
     * account's next password or e-mail-link sign-in (services/orders/lookup.ts joinGuestOrders).
     */
    guestOf: uuid('guest_of').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The customer a dealer placed this order for (the order's `user_id` is the dealer's: it went
     * through the dealer's own cart and checkout). Null for a customer's own order.
     */
    placedFor: uuid('placed_for').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The dealer credited with this order's commission, fixed at submit: the dealer that placed
     * it for one of its customers, or the dealer of the customer who placed it. A link changed
     * later does not move an order's commission.
     */
    dealerId: uuid('dealer_id').references(() => dealers.userId, { onDelete: 'set null' }),
    /**
     * Where the order's mail goes: the e-mail address of the session that submitted it (an
     * account's, or the one a guest signed in with, also when the order belongs to the device).
     * Null on carts.
     */
    email: text('email'),
    /**
     * Since when the order waits for a new signature of the waiver: an item that needs it was
     * added after submit (services/orders/amendments.ts). Until it is signed (create-order-signature with
     * the payment code) the order is not paid and does not ship. Null when nothing waits.
     */
    signatureRequestedAt: timestamp('signature_requested_at', { withTimezone: true }),
    /**
     * Every item was made to order when the order was submitted (services/shipping.ts
     * `isMadeToOrder`, as SQL: `order_made_to_order(id)`). Set by a trigger when `submitted_at` is
     * first set (migration 0021), for the back office's list to filter on; a writer that inserts
     * submitted orders whole (a seed) sets it itself, or calls the function once the lines are in.
     */
    madeToOrder: boolean('made_to_order').notNull().default(false),
    /**
     * The sum of the order's settled payments, refunded ones included (services/payments/
     * order-money.ts `paid`), kept by a trigger on payments (migration 0021) for the back office's
     * list to filter on. Nothing writes it: order-money.ts stays the one reader of payments.
     */
    paidAmount: integer('paid_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('orders_status_known', sql`${t.status} in (${literals(OrderStatus)})`),
    check(
      'orders_total_amount_non_negative',
      sql`${t.totalAmount} is null or ${t.totalAmount} >= 0`,
    ),
    check('orders_owner', sql`${t.userId} is not null or ${t.cartTokenHash} is not null`),
    uniqueIndex('orders_open_user_idx')
      .on(t.userId)
      .where(sql`status = 'open' and user_id is not null`),
    uniqueIndex('orders_open_cart_token_idx')
      .on(t.cartTokenHash)
      .where(sql`status = 'open' and user_id is null`),
    index('orders_cart_token_hash_idx').on(t.cartTokenHash),
    index('orders_guest_of_idx')
      .on(t.guestOf)
      .where(sql`guest_of is not null and user_id is null`),
    // The customer's order list: submitted orders of an owner, newest first.
    index('orders_user_submitted_idx').on(t.userId, t.submittedAt),
    // Orders a dealer placed for a customer: the back office's customer pages count them.
    index('orders_placed_for_idx')
      .on(t.placedFor)
      .where(sql`placed_for is not null`),
    // A dealer's orders (its customers'), newest first.
    index('orders_dealer_submitted_idx')
      .on(t.dealerId, t.submittedAt)
      .where(sql`dealer_id is not null`),
    // The back office's order list (services/admin/order-list.ts): every submitted order newest
    // first (and their count, from the index alone), a date range of them, one state's, and the
    // made-to-order ones. The predicate is the list's own (lookup.ts isSubmitted).
    index('orders_submitted_idx')
      .on(t.submittedAt, t.id)
      .where(sql`submitted_at is not null and status not in ('open', 'merged')`),
    index('orders_status_submitted_idx')
      .on(t.status, t.submittedAt)
      .where(sql`submitted_at is not null and status not in ('open', 'merged')`),
    index('orders_made_to_order_submitted_idx')
      .on(t.madeToOrder, t.submittedAt)
      .where(sql`submitted_at is not null and status not in ('open', 'merged')`),
    // The dashboard's balances unpaid (services/admin/dashboard.ts unpaidBalances, whose query
    // repeats this predicate word for word so that the planner takes it).
    index('orders_balance_due_idx')
      .on(t.submittedAt)
      .where(
        sql`submitted_at is not null and status in ('submitted', 'partly_paid', 'paid', 'in_production', 'shipped', 'delivered') and coalesce(total_amount, 0) > paid_amount`,
      ),
    foreignKey({ columns: [t.mergedInto], foreignColumns: [t.id] }).onDelete('set null'),
  ],
)

/** Every move of an order along its life, with who or what moved it; the order page's history. */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatus>().notNull(),
    /** A short note for the customer ("Paid 500.00 USD by card", a tracking number, …). */
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_events_status_known', sql`${t.status} in (${literals(OrderStatus)})`),
    index('order_events_order_id_idx').on(t.orderId, t.createdAt),
  ],
)

/**
 * The waiver's versions (content/waivers/<version>.md), seeded like the catalogue so every API
 * process asks for the same one: the active version with the latest date is current. A version
 * whose file is gone stays, inactive: signatures name it.
 */
export const waivers = pgTable(
  'waivers',
  {
    version: text('version').primaryKey(),
    /** The day it took effect. */
    date: date('date', { mode: 'string' }).notNull(),
    title: text('title').notNull(),
    /** The markdown body rendered to HTML, and as plain text (server/content/markdown.ts). */
    html: text('html').notNull(),
    text: text('text').notNull(),
    active: boolean('active').notNull().default(true),
  },
  (t) => [index('waivers_active_date_idx').on(t.active, t.date)],
)

/**
 * The waiver signed for an order (`create-order-signature`): who signed, when and which version
 * of the waiver text (content/). A new version of the text asks for a new signature.
 */
export const orderSignatures = pgTable(
  'order_signatures',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    waiverVersion: text('waiver_version').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_signatures_order_id_idx').on(t.orderId, t.signedAt)],
)

export const PaymentProvider = ['test', 'braintree', 'bitpay', 'apple_pay'] as const
export type PaymentProvider = (typeof PaymentProvider)[number]

/**
 * `pending`: sent to the provider, no final answer yet (a time-out; a BitPay invoice not paid
 * yet) — a retry of the same attempt resolves it. `settled` counts toward the order's paid
 * amount; `declined` and `failed` do not; `refunded` was settled and given back.
 */
export const PaymentStatus = ['pending', 'settled', 'declined', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PaymentStatus)[number]

/**
 * One payment attempt on a submitted order. `attempt_key` is the client's Idempotency-Key for
 * the attempt and also the idempotency key given to the provider, so a replayed attempt never
 * charges twice. Amounts are minor units.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    attemptKey: text('attempt_key').notNull(),
    provider: text('provider').$type<PaymentProvider>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    status: text('status').$type<PaymentStatus>().notNull().default('pending'),
    /** The provider's id of the transaction or invoice. */
    providerRef: text('provider_ref'),
    /** The provider's message on a decline or failure, as shown to the customer. */
    message: text('message'),
    /**
     * Hash of the call and body that made the attempt (services/idempotency.ts requestHash): the
     * same attempt key sent with another body is refused before anything reaches the provider.
     */
    requestHash: text('request_hash'),
    /**
     * While a request is talking to the provider about this attempt: until when. Another request
     * with the same key (another API process) meanwhile is told to try again shortly, so two
     * requests never ask the provider at once; a request that died lets it lapse.
     */
    chargingUntil: timestamp('charging_until', { withTimezone: true }),
    /** What was given back of a settled payment (minor units); all of it once `refunded`. */
    refundedAmount: integer('refunded_amount').notNull().default(0),
    /** Where the customer pays a BitPay invoice. */
    invoiceUrl: text('invoice_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('payments_provider_known', sql`${t.provider} in (${literals(PaymentProvider)})`),
    check('payments_status_known', sql`${t.status} in (${literals(PaymentStatus)})`),
    check('payments_amount_positive', sql`${t.amount} > 0`),
    check(
      'payments_refunded_amount_range',
      sql`${t.refundedAmount} >= 0 and ${t.refundedAmount} <= ${t.amount}`,
    ),
    uniqueIndex('payments_order_attempt_idx').on(t.orderId, t.attemptKey),
    uniqueIndex('payments_provider_ref_idx').on(t.provider, t.providerRef),
    index('payments_order_id_idx').on(t.orderId),
    // The dashboard's BitPay invoices pending (services/admin/dashboard.ts).
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
)

/**
 * One line of the add-to-order payload as it was configured (docs/cart-and-offline-sync.md: meta
 * list).
 */
export interface StoredMeta {
  key: string
  value: string
}

/**
 * Order lines. A line with `parent_id` is a child of another (a super custom design belongs to
 * its suit) and always has its parent's quantity. `line_key` says which lines are "the same":
 * a hash of the sku, the meta and the children (order-insensitive), so a second add of an
 * identical configuration sums into the first line.
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    parentId: uuid('parent_id'),
    /** Identity of a parent line within its order; null on children. */
    lineKey: text('line_key'),
    sku: text('sku').notNull(),
    /** The product (its slug); a child's is its parent's product. */
    productSlug: text('product_slug').notNull(),
    qty: integer('qty').notNull(),
    meta: jsonb('meta').$type<StoredMeta[]>().notNull(),
    /**
     * One item's price in minor units as priced on the server when last added: on a parent,
     * its own configuration without its children; on a child, the upgrade's price.
     */
    unitAmount: integer('unit_amount').notNull(),
    /** The part of `unit_amount` that upgrades make (cloud lite, asymmetric): not discounted by codes that spare upgrades. */
    upgradeAmount: integer('upgrade_amount').notNull().default(0),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_lines_qty_range', sql`${t.qty} between 1 and 99`),
    check(
      'order_lines_amounts_non_negative',
      sql`${t.unitAmount} >= 0 and ${t.upgradeAmount} >= 0`,
    ),
    index('order_lines_order_id_idx').on(t.orderId),
    index('order_lines_parent_id_idx').on(t.parentId),
    uniqueIndex('order_lines_order_line_key_idx')
      .on(t.orderId, t.lineKey)
      .where(sql`parent_id is null`),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id] }).onDelete('cascade'),
  ],
)

/**
 * A guest cart's line summed into the account's line of the same identity at a sign-in merge:
 * `base_qty` is what the account's line held before. A change the device made to its own line
 * before the merge (update-qty naming the guest line, or the key of the add that made it) is the
 * device's share: the account's line becomes `base_qty` + the quantity sent (0 leaves
 * `base_qty`). Kept as long as idempotency keys, since those changes can wait as long.
 */
export const mergedLines = pgTable(
  'merged_lines',
  {
    fromLineId: uuid('from_line_id').primaryKey(),
    intoLineId: uuid('into_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    baseQty: integer('base_qty').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('merged_lines_base_qty_range', sql`${t.baseQty} between 1 and 99`),
    index('merged_lines_into_line_id_idx').on(t.intoLineId),
  ],
)

export const DiscountKind = ['percent', 'fixed'] as const
export type DiscountKind = (typeof DiscountKind)[number]

/**
 * Discount codes. `code` is stored upper-cased (checked below), so the unique index makes codes
 * case-insensitive. `value` is a percentage (1–100) or minor units. A code restricted to product
 * families and/or product slugs applies to the lines of those products only (either list
 * matching is enough); with both lists empty it applies to every line. `used_count` counts
 * submitted orders that used the code, against `usage_limit`.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull().unique(),
    description: text('description').notNull(),
    kind: text('kind').$type<DiscountKind>().notNull(),
    value: integer('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /**
     * From when the code applies; null: from when it was made. Set by the back office
     * (services/admin/discount-codes.ts); a code added to a cart before it is refused
     * (services/cart/changes.ts), and one whose start was moved past today after it was added
     * is taken off at submit (services/submit.ts).
     */
    startsAt: timestamp('starts_at', { withTimezone: true }),
    usageLimit: integer('usage_limit'),
    usedCount: integer('used_count').notNull().default(0),
    productFamilies: text('product_families')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    productSlugs: text('product_slugs')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Off the item itself only, not off its upgrades (super custom designs, cloud lite, …). */
    excludesUpgrades: boolean('excludes_upgrades').notNull().default(false),
    /** False: "cannot be combined with other offers". */
    combinable: boolean('combinable').notNull().default(true),
  },
  (t) => [
    check('discount_codes_code_upper_case', sql`${t.code} = upper(${t.code})`),
    check('discount_codes_kind_known', sql`${t.kind} in (${literals(DiscountKind)})`),
    check(
      'discount_codes_value_range',
      sql`${t.value} > 0 and (${t.kind} <> 'percent' or ${t.value} <= 100)`,
    ),
  ],
)

export const orderDiscounts = pgTable(
  'order_discounts',
  {
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountCodeId: uuid('discount_code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    /**
     * What the code took off the order at submit, in minor units, as charged; null while the
     * order is a cart (its discount follows the cart). A submitted order shows this, whatever
     * the code's expiry or use count says later.
     */
    amount: integer('amount'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.orderId, t.discountCodeId] }),
    // A code's uses (the back office's codes page): the key starts with the order.
    index('order_discounts_code_idx').on(t.discountCodeId),
  ],
)

/**
 * Idempotency keys of every idempotent call (cart changes now; submit, payment, payout and
 * contact later), through server/services/idempotency.ts only. The first answer to a key is
 * stored in the same transaction as the change it made, and given again to every repeat. The
 * primary key (scope, key) is what makes concurrent duplicates wait for the first and then
 * replay it, in one process or many. `scope` names the owner the key belongs to
 * (`user:<id>`, `cart:<token hash>`).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being answered (its transaction is open). */
    status: integer('status'),
    /**
     * The first answer's JSON exactly as it was sent: text, not JSONB, which would reorder its
     * keys, so a replay is byte for byte the first answer.
     */
    answer: text('answer'),
    /** What the call made, for later calls that name it by the key (an add's cart line id). */
    ref: text('ref'),
    /**
     * The scope of the caller that made the key (its own), where `scope` may be another of its
     * identities: a signed-in change is kept under the device's cart token too, but replayed to
     * that token alone only if the token made it. Null on keys made before this column: `scope`.
     */
    ownerScope: text('owner_scope'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.scope, t.key] }),
    index('idempotency_keys_created_at_idx').on(t.createdAt),
  ],
)

/**
 * The built-in test gateway's own ledger (services/payments/test-gateway.ts), used when no payment
 * provider is configured: what a real provider would hold. One charge per attempt key, in the
 * database so that every API process and a restart see the same charges.
 */
export const testGatewayCharges = pgTable(
  'test_gateway_charges',
  {
    /** The transaction id the gateway answers (`test_…`). */
    id: text('id').primaryKey(),
    attemptKey: text('attempt_key').notNull(),
    orderId: text('order_id').notNull(),
    nonce: text('nonce').notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** `settled`, `declined` or `failed`, as the nonce says. */
    status: text('status').notNull(),
    message: text('message'),
    refundedAmount: integer('refunded_amount').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('test_gateway_charges_amount_positive', sql`${t.amount} > 0`),
    uniqueIndex('test_gateway_charges_attempt_idx').on(t.orderId, t.attemptKey),
  ],
)

/**
 * Invoices of the built-in test BitPay (services/payments/test-bitpay.ts), used when no BitPay
 * token is configured: its invoice page pays one or lets it expire.
 */
export const testBitpayInvoices = pgTable('test_bitpay_invoices', {
  id: text('id').primaryKey(),
  /** The merchant's guid for the invoice: our attempt key, to find it again after a time-out. */
  guid: text('guid').notNull().unique(),
  orderId: text('order_id').notNull(),
  amount: integer('amount').notNull(),
  currency: text('currency').notNull(),
  /** BitPay's invoice states: new, paid, confirmed, complete, expired, invalid. */
  status: text('status').notNull().default('new'),
  notificationUrl: text('notification_url').notNull(),
  redirectUrl: text('redirect_url').notNull(),
  refundedAmount: integer('refunded_amount').notNull().default(0),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * First-party page views (contract/analytics.ts, routes/analytics.ts): a page's recorded path and
 * when it was seen, under the random id the browser gave the view, so a view sent twice counts
 * once. Nothing about the visitor: no address, no cookie, no user, nothing linking two views.
 * `product_slug` is the product a product page shows, for "most viewed products".
 */
export const pageViews = pgTable(
  'page_views',
  {
    id: uuid('id').primaryKey(),
    path: text('path').notNull(),
    productSlug: text('product_slug'),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('page_views_viewed_at_idx').on(t.viewedAt),
    index('page_views_product_viewed_at_idx').on(t.productSlug, t.viewedAt),
  ],
)

/**
 * The dealer directory (content/dealers.json), seeded like the catalogue so a dealer account can
 * be tied to its entry by a foreign key. An entry whose file entry is gone is kept inactive:
 * accounts name it.
 */
export const dealerDirectory = pgTable('dealer_directory', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  active: boolean('active').notNull().default(true),
})

/**
 * A dealer account (role `dealer`) tied to its directory entry, with its commission rate in
 * basis points (1000 = 10 %) and the code of its invitation link (`/login?mode=register&dealer=`).
 */
export const dealers = pgTable(
  'dealers',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    directorySlug: text('directory_slug')
      .notNull()
      .unique()
      .references(() => dealerDirectory.slug, { onUpdate: 'cascade' }),
    rateBp: integer('rate_bp').notNull().default(1000),
    /** The ledger's currency: orders in another currency earn no commission. */
    currency: text('currency').notNull().default('USD'),
    inviteCode: text('invite_code').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('dealers_rate_range', sql`${t.rateBp} between 0 and 5000`)],
)

export const DealerLinkKind = ['admin', 'invitation'] as const
export type DealerLinkKind = (typeof DealerLinkKind)[number]

/** A customer's dealer: at most one (the primary key), linked by the admin or an invitation. */
export const dealerCustomers = pgTable(
  'dealer_customers',
  {
    customerId: uuid('customer_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.userId, { onDelete: 'cascade' }),
    linkedBy: text('linked_by').$type<DealerLinkKind>().notNull(),
    linkedAt: timestamp('linked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('dealer_customers_dealer_idx').on(t.dealerId, t.linkedAt),
    check('dealer_customers_not_self', sql`${t.customerId} <> ${t.dealerId}`),
    check('dealer_customers_linked_by_known', sql`${t.linkedBy} in (${literals(DealerLinkKind)})`),
  ],
)

export const PayoutStatus = ['requested', 'paid', 'cancelled'] as const
export type PayoutStatus = (typeof PayoutStatus)[number]

/**
 * A dealer's payout request. Its amount leaves the balance when it is requested (a ledger entry),
 * so `amount` may change only while `requested`, each change a ledger entry too; `paid` is set by
 * the shop (admin command line). A request a reversal took back to 0 is `cancelled`.
 */
export const payoutRequests = pgTable(
  'payout_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.userId),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<PayoutStatus>().notNull().default('requested'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [
    index('payout_requests_dealer_idx').on(t.dealerId, t.createdAt),
    check('payout_requests_amount_range', sql`${t.amount} >= 0`),
    check('payout_requests_status_known', sql`${t.status} in (${literals(PayoutStatus)})`),
  ],
)

export const CommissionKind = [
  'accrual',
  'reversal',
  'payout_request',
  'payout_change',
  'payout_release',
] as const
export type CommissionKind = (typeof CommissionKind)[number]

/**
 * The commission ledger: append-only (a trigger of migration `dealer_portal` refuses UPDATE and
 * DELETE), and a dealer's balance is the sum of its entries' signed amounts; nothing else holds
 * it. `accrual` (+) when an order of the dealer's is paid and `reversal` (−) when it is cancelled
 * or refunded, each at most once per order (the unique index); `payout_request` (−) when a payout
 * is asked for, `payout_change` (±) when its amount changes, `payout_release` (+) when a reversal
 * takes back from a payout not yet paid. `order_id` is kept without a foreign key: the ledger
 * outlives what it tells of.
 */
export const commissionEntries = pgTable(
  'commission_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The ledger's order: entries are numbered as they commit their insert. */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    dealerId: uuid('dealer_id')
      .notNull()
      .references(() => dealers.userId),
    kind: text('kind').$type<CommissionKind>().notNull(),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    orderId: uuid('order_id'),
    payoutId: uuid('payout_id').references(() => payoutRequests.id),
    /** An accrual's rate and the amount it was taken of (the order less shipping). */
    rateBp: integer('rate_bp'),
    baseAmount: integer('base_amount'),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('commission_entries_dealer_seq_idx').on(t.dealerId, t.seq),
    uniqueIndex('commission_entries_order_kind_idx')
      .on(t.orderId, t.kind)
      .where(sql`kind in ('accrual', 'reversal')`),
    check('commission_entries_kind_known', sql`${t.kind} in (${literals(CommissionKind)})`),
    check('commission_entries_amount_non_zero', sql`${t.amount} <> 0`),
  ],
)

/**
 * The coaches a visitor can write to (content/coaches/<slug>.md), seeded like the catalogue so
 * every API process knows the same ones. The address is only ever a mail's recipient: it is in
 * no page, page data or API answer. A coach whose file is gone is kept inactive (404).
 */
export const coaches = pgTable('coaches', {
  slug: text('slug').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  active: boolean('active').notNull().default(true),
})

/** Where an address stands with the newsletter (server/services/newsletter.ts). */
export const NewsletterState = ['pending', 'subscribed', 'unsubscribed'] as const
export type NewsletterState = (typeof NewsletterState)[number]

/**
 * The newsletter's list, double opt-in: an address is `pending` from sign-up (the newsletter page,
 * or `optIn` at submit) until its confirmation link is opened, then `subscribed` until an
 * unsubscribe link is opened.
 */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    /** Lower-cased, as contract/auth.ts Email makes it. */
    email: text('email').primaryKey(),
    state: text('state').$type<NewsletterState>().notNull().default('pending'),
    /** Where the last sign-up came from: `newsletter-page` or `checkout`. */
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    unsubscribedAt: timestamp('unsubscribed_at', { withTimezone: true }),
  },
  (t) => [
    check('newsletter_subscribers_state_known', sql`${t.state} in (${literals(NewsletterState)})`),
  ],
)

export const NewsletterTokenPurpose = ['confirm', 'unsubscribe'] as const
export type NewsletterTokenPurpose = (typeof NewsletterTokenPurpose)[number]

/**
 * The newsletter's links, hashed (the token exists only in the mail): a confirmation link lasts
 * a week and subscribes once; an unsubscribe link (one in every mail) never expires.
 */
export const newsletterTokens = pgTable(
  'newsletter_tokens',
  {
    /** SHA-256 (hex) of the token. */
    tokenHash: text('token_hash').primaryKey(),
    email: text('email')
      .notNull()
      .references(() => newsletterSubscribers.email, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<NewsletterTokenPurpose>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Confirmation links work a week, unsubscribe links a year (services/newsletter.ts). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('newsletter_tokens_email_idx').on(t.email),
    check(
      'newsletter_tokens_purpose_known',
      sql`${t.purpose} in (${literals(NewsletterTokenPurpose)})`,
    ),
  ],
)

/**
 * What the back office did (docs/back-office.md): one row per action, written in the action's own
 * transaction (a refund's right after the provider answered), by services/admin/audit.ts only.
 * Who: the account and the role it acted with. From where: `session_ref`, a SHA-256 of the
 * session's stored token hash, which tells the actor's sessions apart and ties a row to a live
 * session, yet is neither the bearer token nor the key that finds the session. What: an action
 * name, the kind and id of what it acted on, and a small JSON of details (never a token, a
 * payment code or a link). No foreign keys: the log outlives the accounts and orders it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id').notNull(),
    actorRole: text('actor_role').$type<Role>().notNull(),
    sessionRef: text('session_ref').notNull(),
    /** `order.move`, `order.refund`, `order.resend_mail`, `order.payment_link`, `user.login_link`. */
    action: text('action').notNull(),
    /** What it acted on: `order`, `user`, … */
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_target_idx').on(t.targetKind, t.targetId, t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_at_idx').on(t.at),
  ],
)
