import type { DiscountCodeState, DiscountKind } from '../../../../../contract/admin-discounts.ts'
import { families, type FamilyKey } from '../../../../../contract/families.ts'
import { formatMoney, fromDecimal, toDecimal } from '../../../../../contract/money.ts'
import type { CodeDetail, CodeRow, CreateCodeBody, EditCodeBody } from '../../api/codes.ts'

/*
 * The discount-code form as the owner fills it in, and the API's body made from it. The form
 * only reads what was typed (a number, a date, a list); the rules of a code's terms are the
 * server's (contract/admin-discounts.ts), whose 422 messages stand under each field.
 */

/**
 * The currency a fixed code's amount is in: the shop's one currency (a cart starts in it,
 * contract/cart.ts `emptyCart`). The codes API takes minor units with no currency of its own.
 */
export const shopCurrency = 'USD'

export const stateLabels: Record<DiscountCodeState, string> = {
  active: 'Active',
  scheduled: 'Scheduled',
  expired: 'Ended',
  used_up: 'Used up',
}

export const familyOptions = (Object.keys(families) as FamilyKey[]).map((key) => ({
  key,
  title: families[key].title,
}))

/** What the code takes off: "10 % off", "$5.00 off". */
export function valueText(code: { kind: DiscountKind; value: number }): string {
  return code.kind === 'percent'
    ? `${code.value} % off`
    : `${formatMoney(code.value, shopCurrency)} off`
}

/** Its uses against its limit: "3 of 10 uses", "3 uses, no limit". */
export function usesText(code: Pick<CodeRow, 'usedCount' | 'usageLimit'>): string {
  const uses = code.usedCount === 1 ? '1 use' : `${code.usedCount} uses`
  if (code.usageLimit === null) return `${uses}, no limit`
  return `${code.usedCount} of ${code.usageLimit} ${code.usageLimit === 1 ? 'use' : 'uses'}`
}

/** What the code is for: "Wingsuits, corvid-2", or "every line" when it is for anything. */
export function restrictionText(code: { productFamilies: string[]; productSlugs: string[] }) {
  const titles = code.productFamilies.map((key) =>
    Object.hasOwn(families, key) ? families[key as FamilyKey].title : key,
  )
  const all = [...titles, ...code.productSlugs]
  return all.length === 0 ? 'every line' : all.join(', ')
}

/** The form's fields, as typed. Dates are `<input type="datetime-local">` values, on this device's clock. */
export interface CodeForm {
  code: string
  description: string
  kind: DiscountKind
  /** Percent: a whole number. Fixed: an amount of the shop's currency, as typed ("5.50"). */
  value: string
  usageLimit: string
  startsAt: string
  expiresAt: string
  families: FamilyKey[]
  /** Product slugs, separated by commas, spaces or lines. */
  products: string
  excludesUpgrades: boolean
  combinable: boolean
}

/** A field of the form, named as the API's 422 names it once camelCased. */
export type CodeField =
  | 'code'
  | 'description'
  | 'kind'
  | 'value'
  | 'startsAt'
  | 'expiresAt'
  | 'usageLimit'
  | 'productFamilies'
  | 'productSlugs'
  | 'excludesUpgrades'
  | 'combinable'

export type FieldProblems = Partial<Record<CodeField, string>>

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant as a datetime-local value on this device's clock: "2027-06-01T09:00". */
export function localInputOf(iso: string | null): string {
  if (!iso) return ''
  const at = new Date(iso)
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`
}

/** A datetime-local value as the wire's instant (UTC), null when empty, undefined when not a time. */
export function isoOfLocalInput(text: string): string | null | undefined {
  if (text.trim() === '') return null
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text.trim())) return undefined
  const at = new Date(text.trim())
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString()
}

export function emptyForm(): CodeForm {
  return {
    code: '',
    description: '',
    kind: 'percent',
    value: '',
    usageLimit: '',
    startsAt: '',
    expiresAt: '',
    families: [],
    products: '',
    excludesUpgrades: false,
    combinable: true,
  }
}

export function formOf(code: CodeDetail): CodeForm {
  return {
    code: code.code,
    description: code.description,
    kind: code.kind,
    value: code.kind === 'percent' ? String(code.value) : toDecimal(code.value, shopCurrency),
    usageLimit: code.usageLimit === null ? '' : String(code.usageLimit),
    startsAt: localInputOf(code.startsAt),
    expiresAt: localInputOf(code.expiresAt),
    families: code.productFamilies.filter((key): key is FamilyKey => Object.hasOwn(families, key)),
    products: code.productSlugs.join('\n'),
    excludesUpgrades: code.excludesUpgrades,
    combinable: code.combinable,
  }
}

const slugsOf = (text: string) => [...new Set(text.split(/[\s,]+/).filter(Boolean))]

/** A code's terms on the wire, every field given. */
interface Terms {
  description: string
  kind: DiscountKind
  value: number
  starts_at: string | null
  expires_at: string | null
  usage_limit: number | null
  product_families: string[]
  product_slugs: string[]
  excludes_upgrades: boolean
  combinable: boolean
}

/** The terms as the wire takes them, or what could not be read from the form. */
function termsOf(
  form: CodeForm,
): { ok: true; terms: Terms } | { ok: false; problems: FieldProblems } {
  const problems: FieldProblems = {}
  let value = Number.NaN
  const typed = form.value.trim()
  if (form.kind === 'percent') {
    if (/^\d+$/.test(typed)) value = Number(typed)
    else problems.value = 'Type the percent taken off as a whole number, 1 to 100.'
  } else {
    value = /^\d+([.,]\d+)?$/.test(typed) ? fromDecimal(typed.replace(',', '.'), shopCurrency) : NaN
    if (Number.isNaN(value))
      problems.value = `Type the amount taken off in ${shopCurrency}, such as 5 or 5.50.`
  }
  let usageLimit: number | null = null
  if (form.usageLimit.trim() !== '') {
    if (/^\d+$/.test(form.usageLimit.trim())) usageLimit = Number(form.usageLimit.trim())
    else problems.usageLimit = 'Type a whole number, or leave it empty for no limit.'
  }
  const startsAt = isoOfLocalInput(form.startsAt)
  if (startsAt === undefined) problems.startsAt = 'Type a date and a time, or leave it empty.'
  const expiresAt = isoOfLocalInput(form.expiresAt)
  if (expiresAt === undefined) problems.expiresAt = 'Type a date and a time, or leave it empty.'
  if (Object.keys(problems).length > 0 || startsAt === undefined || expiresAt === undefined)
    return { ok: false, problems }
  return {
    ok: true,
    terms: {
      description: form.description.trim(),
      kind: form.kind,
      value,
      starts_at: startsAt,
      expires_at: expiresAt,
      usage_limit: usageLimit,
      product_families: form.families,
      product_slugs: slugsOf(form.products),
      excludes_upgrades: form.excludesUpgrades,
      combinable: form.combinable,
    },
  }
}

/** A new code's body: the code (as typed; the server upper-cases it) and its terms. */
export function createBodyOf(
  form: CodeForm,
): { ok: true; body: CreateCodeBody } | { ok: false; problems: FieldProblems } {
  const read = termsOf(form)
  if (!read.ok) return read
  return { ok: true, body: { code: form.code.trim(), ...read.terms } }
}

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n')

/**
 * An edit's body: only the fields that changed (the server keeps the others). A time left as it
 * was shown is not sent again: the form shows minutes, the code may hold seconds. The value goes
 * with the kind, since each is checked against the other.
 */
export function editBodyOf(
  form: CodeForm,
  code: CodeDetail,
): { ok: true; body: EditCodeBody } | { ok: false; problems: FieldProblems } {
  const read = termsOf(form)
  if (!read.ok) return read
  const terms = read.terms
  const body: EditCodeBody = {}
  if (terms.description !== code.description) body.description = terms.description
  if (terms.kind !== code.kind || terms.value !== code.value) {
    body.kind = terms.kind
    body.value = terms.value
  }
  if (form.startsAt !== localInputOf(code.startsAt)) body.starts_at = terms.starts_at
  if (form.expiresAt !== localInputOf(code.expiresAt)) body.expires_at = terms.expires_at
  if (terms.usage_limit !== code.usageLimit) body.usage_limit = terms.usage_limit
  if (!sameList(terms.product_families, code.productFamilies))
    body.product_families = terms.product_families
  if (!sameList(terms.product_slugs, code.productSlugs)) body.product_slugs = terms.product_slugs
  if (terms.excludes_upgrades !== code.excludesUpgrades)
    body.excludes_upgrades = terms.excludes_upgrades
  if (terms.combinable !== code.combinable) body.combinable = terms.combinable
  return { ok: true, body }
}
