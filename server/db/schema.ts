import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { ArchiveType } from '../../contract/archive.ts'
import type { ProductContent } from '../../contract/catalog.ts'
import type { FamilyKey } from '../../contract/families.ts'
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
    /** Null for guests, who sign in with an e-mail address only (SPEC §1). */
    passwordHash: text('password_hash'),
    name: text('name'),
    role: text('role').$type<Role>().notNull().default('customer'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
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
 * seed rewrites every product it has a file for, but a retired product keeps its last data.
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
  Partial<Pick<ProductContent, 'configurator'>>

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

/** What a one-time token lets its holder do once (server/services/one-time-tokens.ts). */
export const OneTimeTokenPurpose = ['password-reset', 'login-link', 'admin-login'] as const
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

/** Mail kept instead of sent when no SMTP_URL is configured (server/services/mail.ts). */
export const outbox = pgTable('outbox', {
  id: uuid('id').primaryKey().defaultRandom(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
