import { z } from 'zod'
import { AuditEntry, SubmittedStatus } from './admin.ts'
import { OrdersQuery } from './orders.ts'
import { families, familyKeys } from './families.ts'
import { plainText } from './plain-text.ts'

/*
 * The back office's discount codes (docs/back-office.md, /api/admin/discount-codes…): the list,
 * a code with its uses, and what an admin makes, changes and ends. snake_case on the wire, times
 * in ISO 8601, a fixed amount in integer minor units (the shop's currency). The rules a code's
 * terms follow are one pure function here (`discountTermsProblems`), which both the create
 * schema and the server's edit use, so a form can show the same messages before it sends.
 */

export const discountKinds = ['percent', 'fixed'] as const
export type DiscountKind = (typeof discountKinds)[number]

export const minCodeLength = 3
export const maxCodeLength = 32
/** What a code is made of, once upper-cased. */
export const codePattern = /^[A-Z0-9_-]+$/
export const maxDescriptionLength = 200
/** The most a fixed code takes off, in minor units (a typo guard: 1,000,000.00). */
export const maxFixedValue = 100_000_000
export const maxUsageLimit = 1_000_000
export const maxProductSlugs = 50
/** A code's page shows its newest uses, this many; older ones come a page at a time. */
export const codeUsesShown = 50

export const discountMessages = {
  codeText: 'The code is text.',
  codeLength: `The code is ${minCodeLength} to ${maxCodeLength} characters.`,
  codeShape: 'The code is letters A–Z, digits, - and _ only (no spaces).',
  codeTaken: (code: string) => `“${code}” already exists.`,
  codeRenamed: 'A code is not renamed: end it and create another.',
  description: 'Describe the code: the cart and the order show this.',
  descriptionLength: `The description is at most ${maxDescriptionLength} characters.`,
  kind: `kind is ${discountKinds.join(' or ')}.`,
  value: 'value is a whole number.',
  percent: 'A percent code takes 1 to 100 (%) off.',
  fixed: 'A fixed code takes more than 0 off, in minor units (cents).',
  fixedTooLarge: 'This amount is too large.',
  time: (field: string) =>
    `${field} is a date and time in ISO 8601 with its offset (2027-06-01T00:00:00Z).`,
  startsBeforeEnd: 'expires_at is after starts_at.',
  usageLimit: 'usage_limit is a whole number, at least 1 (or null: no limit).',
  usageLimitTooLarge: `usage_limit is at most ${maxUsageLimit}.`,
  usageBelowUses: (used: number) =>
    `This code has been used ${used} ${used === 1 ? 'time' : 'times'}: usage_limit cannot be lower than ${used}.`,
  unknownFamilies: (unknown: readonly string[]) =>
    `Not a product family: ${unknown.join(', ')}. The families are ${familyKeys.join(', ')}.`,
  unknownProducts: (unknown: readonly string[]) => `No such product: ${unknown.join(', ')}.`,
  tooManyProducts: `At most ${maxProductSlugs} products.`,
  flag: (field: string) => `${field} is true or false.`,
} as const

/** A code as typed: trimmed, upper-cased, then checked. */
export const DiscountCodeText = z
  .string({ error: discountMessages.codeText })
  .trim()
  .toUpperCase()
  .min(minCodeLength, discountMessages.codeLength)
  .max(maxCodeLength, discountMessages.codeLength)
  .regex(codePattern, discountMessages.codeShape)

const Kind = z.enum(discountKinds, { error: discountMessages.kind })
const Time = (field: string) =>
  z.iso.datetime({ offset: true, error: discountMessages.time(field) })
const Flag = (field: string) => z.boolean({ error: discountMessages.flag(field) })

const termFields = {
  description: plainText(
    z
      .string({ error: discountMessages.description })
      .trim()
      .min(1, discountMessages.description)
      .max(maxDescriptionLength, discountMessages.descriptionLength),
  ),
  kind: Kind,
  /** Percent: 1–100. Fixed: minor units taken off the lines it applies to. */
  value: z.number({ error: discountMessages.value }).int(discountMessages.value),
  /** From when the code applies; null: from now. */
  starts_at: Time('starts_at').nullable(),
  /** When it stops applying; null: never. */
  expires_at: Time('expires_at').nullable(),
  /** How many submitted orders may use it; null: any number. */
  usage_limit: z
    .number({ error: discountMessages.usageLimit })
    .int(discountMessages.usageLimit)
    .min(1, discountMessages.usageLimit)
    .max(maxUsageLimit, discountMessages.usageLimitTooLarge)
    .nullable(),
  /** The families it is for (a line of either list is enough); both empty: every line. */
  product_families: z.array(z.string(), { error: 'product_families is a list of families.' }),
  /** The products it is for, by slug. */
  product_slugs: z
    .array(z.string().max(100), { error: 'product_slugs is a list of product slugs.' })
    .max(maxProductSlugs, discountMessages.tooManyProducts),
  /** Off the item itself only, not off its upgrades. */
  excludes_upgrades: Flag('excludes_upgrades'),
  /** False: not combined with other codes on one cart. */
  combinable: Flag('combinable'),
}

/** A code's terms with every field known (a new code's, or an edit's on top of the stored ones). */
export interface DiscountTerms {
  kind: DiscountKind
  value: number
  starts_at: string | null
  expires_at: string | null
  usage_limit: number | null
  product_families: readonly string[]
}

/**
 * What is wrong with a code's terms, per wire field: the value for its kind, the start before the
 * end, the families known. (A product's slug is checked against the catalog by the server.)
 */
export function discountTermsProblems(terms: DiscountTerms): Record<string, string[]> {
  const problems: Record<string, string[]> = {}
  if (terms.kind === 'percent' && (terms.value < 1 || terms.value > 100))
    problems.value = [discountMessages.percent]
  if (terms.kind === 'fixed') {
    if (terms.value <= 0) problems.value = [discountMessages.fixed]
    else if (terms.value > maxFixedValue) problems.value = [discountMessages.fixedTooLarge]
  }
  if (
    terms.starts_at !== null &&
    terms.expires_at !== null &&
    Date.parse(terms.starts_at) >= Date.parse(terms.expires_at)
  )
    problems.expires_at = [discountMessages.startsBeforeEnd]
  const unknown = terms.product_families.filter((family) => !Object.hasOwn(families, family))
  if (unknown.length > 0) problems.product_families = [discountMessages.unknownFamilies(unknown)]
  return problems
}

function addProblems(terms: DiscountTerms, ctx: z.RefinementCtx) {
  for (const [field, list] of Object.entries(discountTermsProblems(terms)))
    for (const message of list) ctx.addIssue({ code: 'custom', path: [field], message })
}

/** POST /api/admin/discount-codes. */
export const CreateDiscountCodeRequest = z
  .object({
    code: DiscountCodeText,
    description: termFields.description,
    kind: termFields.kind,
    value: termFields.value,
    starts_at: termFields.starts_at.default(null),
    expires_at: termFields.expires_at.default(null),
    usage_limit: termFields.usage_limit.default(null),
    product_families: termFields.product_families.default([]),
    product_slugs: termFields.product_slugs.default([]),
    excludes_upgrades: termFields.excludes_upgrades.default(false),
    combinable: termFields.combinable.default(true),
  })
  .superRefine(addProblems)
export type CreateDiscountCodeRequest = z.infer<typeof CreateDiscountCodeRequest>

/**
 * POST /api/admin/discount-codes/{code}: the fields sent change, the others stay (null clears a
 * start, an end or a limit). `code`, if sent, must be the code's own: a code is not renamed.
 */
export const EditDiscountCodeRequest = z.object({
  code: DiscountCodeText.optional(),
  description: termFields.description.optional(),
  kind: termFields.kind.optional(),
  value: termFields.value.optional(),
  starts_at: termFields.starts_at.optional(),
  expires_at: termFields.expires_at.optional(),
  usage_limit: termFields.usage_limit.optional(),
  product_families: termFields.product_families.optional(),
  product_slugs: termFields.product_slugs.optional(),
  excludes_upgrades: termFields.excludes_upgrades.optional(),
  combinable: termFields.combinable.optional(),
})
export type EditDiscountCodeRequest = z.infer<typeof EditDiscountCodeRequest>

/**
 * Where a code stands now: `expired` (its end has passed, or it was ended), `used_up` (its last
 * use taken), `scheduled` (its start is ahead), else `active`. In that order: an ended code is
 * expired whatever its uses.
 */
export const DiscountCodeState = z.enum(['scheduled', 'active', 'expired', 'used_up'])
export type DiscountCodeState = z.infer<typeof DiscountCodeState>

export function discountCodeState(
  code: {
    starts_at: string | null
    expires_at: string | null
    usage_limit: number | null
    used_count: number
  },
  now: Date,
): DiscountCodeState {
  if (code.expires_at !== null && Date.parse(code.expires_at) <= now.getTime()) return 'expired'
  if (code.usage_limit !== null && code.used_count >= code.usage_limit) return 'used_up'
  if (code.starts_at !== null && Date.parse(code.starts_at) > now.getTime()) return 'scheduled'
  return 'active'
}

/** One code, as the back office lists it. */
export const AdminDiscountCode = z.object({
  id: z.string(),
  code: z.string(),
  description: z.string(),
  kind: z.enum(discountKinds),
  value: z.number().int(),
  starts_at: z.iso.datetime({ offset: true }).nullable(),
  expires_at: z.iso.datetime({ offset: true }).nullable(),
  usage_limit: z.number().int().nullable(),
  /** Submitted orders that used it, counted against `usage_limit`. */
  used_count: z.number().int(),
  product_families: z.array(z.string()),
  product_slugs: z.array(z.string()),
  excludes_upgrades: z.boolean(),
  combinable: z.boolean(),
  state: DiscountCodeState,
})
export type AdminDiscountCode = z.infer<typeof AdminDiscountCode>

/** GET /api/admin/discount-codes: every code, by code. */
export const AdminDiscountCodes = z.object({ discount_codes: z.array(AdminDiscountCode) })
export type AdminDiscountCodes = z.infer<typeof AdminDiscountCodes>

/** A submitted order that used the code, and what the code took off it. */
export const DiscountCodeUse = z.object({
  order_id: z.string(),
  /** The number the customer sees (contract/order-number.ts). */
  number: z.string(),
  status: SubmittedStatus,
  submitted_at: z.iso.datetime({ offset: true }),
  /** Where the order's mail goes; null for a device's order placed without an address. */
  email: z.string().nullable(),
  currency: z.string(),
  /** What the code took off at submit, in minor units of `currency`. */
  amount: z.number().int(),
})
export type DiscountCodeUse = z.infer<typeof DiscountCodeUse>

/** GET /api/admin/discount-codes/{code}, and the answer of every change to it. */
export const AdminDiscountCodeDetail = AdminDiscountCode.extend({
  /** The newest `codeUsesShown` orders that used it, newest first (the rest: `…/uses`). */
  uses: z.array(DiscountCodeUse),
  /** Older uses than these exist: `…/uses?page=2&per_page=50` and on. */
  has_more_uses: z.boolean(),
  /** What the back office did to it, oldest first. */
  audit: z.array(AuditEntry),
})
export type AdminDiscountCodeDetail = z.infer<typeof AdminDiscountCodeDetail>

/** GET /api/admin/discount-codes/{code}/uses: a page of the orders that used it, newest first. */
export const DiscountCodeUsesQuery = z.object({
  page: OrdersQuery.shape.page,
  per_page: OrdersQuery.shape.per_page,
})
export type DiscountCodeUsesQuery = z.infer<typeof DiscountCodeUsesQuery>

export const DiscountCodeUsesPage = z.object({
  uses: z.array(DiscountCodeUse),
  page: z.number().int(),
  per_page: z.number().int(),
  /** How many submitted orders used the code in all. */
  total_count: z.number().int(),
  has_more: z.boolean(),
})
export type DiscountCodeUsesPage = z.infer<typeof DiscountCodeUsesPage>
