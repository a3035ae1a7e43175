import type { AdminOrdersQuery, PaymentState, SubmittedStatus } from '../../../contract/admin.ts'
import { OrderStatus } from '../../../contract/order-status.ts'
import { isPlainText } from '../../../contract/plain-text.ts'
import { uuidPattern } from '../../../contract/uuid.ts'

/*
 * The order list's filters and the order page's print mode as they sit in the URL, so a filtered
 * list can be bookmarked and the back button returns to it. The router runs `validateSearch`
 * before any page code loads, so this module loads with the app: it holds the contract's rules
 * for `GET /api/admin/orders` (contract/admin.ts `AdminOrdersQuery`) written without zod, which
 * would otherwise join the store's first view. order-search.test.ts holds the two together.
 *
 * A value the rules refuse is dropped, not shown as an error: a mangled bookmark still opens the
 * list, with the filters that were well formed.
 */

export const submittedStatuses = OrderStatus.filter(
  (status): status is SubmittedStatus => status !== 'open' && status !== 'merged',
)
export const paymentStates = ['paid', 'part_paid', 'unpaid'] as const satisfies PaymentState[]

/** The list's search params: the contract's names, `made_to_order` as the boolean it reads as. */
export interface OrdersSearch {
  status?: SubmittedStatus
  payment?: PaymentState
  made_to_order?: boolean
  /** The credited dealer's account id. */
  dealer?: string
  /** Submit days, `YYYY-MM-DD`, both inclusive. */
  from?: string
  to?: string
  /** Order number, e-mail or name. */
  q?: string
  /** From 1; absent on the first page. */
  page?: number
}

/** The contract's `maxSearchLength` (a test holds them equal). */
const maxSearch = 100
/** The contract's highest page (OrdersQuery). */
const maxPage = 10_000
/** The list's page size: the contract's default, said here so the screen can count pages. */
export const ordersPerPage = 20

/** `YYYY-MM-DD` naming a day that exists (z.iso.date()'s rule). */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** The router parses `?q=1234` as a number and `?q=true` as a boolean: still the text typed. */
function text(value: unknown): string | undefined {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  return typeof value === 'string' ? value : undefined
}

/** The search as the contract takes it: trimmed, 1 to 100 characters of plain text. */
function searchText(value: unknown): string | undefined {
  const trimmed = text(value)?.trim()
  if (!trimmed || trimmed.length > maxSearch || !isPlainText(trimmed)) return undefined
  return trimmed
}

function pageNumber(value: unknown): number | undefined {
  const number = typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value
  return typeof number === 'number' && Number.isInteger(number) && number > 1 && number <= maxPage
    ? number
    : undefined
}

/** The order list's `validateSearch`: what the contract accepts is kept, the rest dropped. */
export function validateOrdersSearch(raw: Record<string, unknown>): OrdersSearch {
  const search: OrdersSearch = {}
  const status = text(raw.status)
  if ((submittedStatuses as readonly string[]).includes(status ?? ''))
    search.status = status as SubmittedStatus
  const payment = text(raw.payment)
  if ((paymentStates as readonly string[]).includes(payment ?? ''))
    search.payment = payment as PaymentState
  const madeToOrder = text(raw.made_to_order)
  if (madeToOrder === 'true' || madeToOrder === 'false')
    search.made_to_order = madeToOrder === 'true'
  const dealer = text(raw.dealer)
  if (dealer && uuidPattern.test(dealer)) search.dealer = dealer
  const from = text(raw.from)
  if (from && isCalendarDate(from)) search.from = from
  const to = text(raw.to)
  // The contract refuses `to` before `from` (under `to`): the range keeps its start.
  if (to && isCalendarDate(to) && !(search.from && to < search.from)) search.to = to
  const q = searchText(raw.q)
  if (q) search.q = q
  const page = pageNumber(raw.page)
  if (page) search.page = page
  return search
}

/** Whether any filter or search narrows the list (paging aside). */
export function isFiltered(search: OrdersSearch): boolean {
  return (
    search.status !== undefined ||
    search.payment !== undefined ||
    search.made_to_order !== undefined ||
    search.dealer !== undefined ||
    search.from !== undefined ||
    search.to !== undefined ||
    search.q !== undefined
  )
}

/** The request's query string (`GET /api/admin/orders`), in the contract's names and values. */
export function ordersRequest(search: OrdersSearch): Record<string, string | number> {
  const query: Partial<Record<keyof AdminOrdersQuery, string | number>> = {
    page: search.page ?? 1,
    per_page: ordersPerPage,
  }
  if (search.status) query.status = search.status
  if (search.payment) query.payment = search.payment
  if (search.made_to_order !== undefined) query.made_to_order = String(search.made_to_order)
  if (search.dealer) query.dealer = search.dealer
  if (search.from) query.from = search.from
  if (search.to) query.to = search.to
  if (search.q) query.q = search.q
  return query
}

/** The order page's search: `print=slip|invoice` shows that document and opens printing. */
export interface OrderPageSearch {
  print?: 'slip' | 'invoice'
}

export function validateOrderPageSearch(raw: Record<string, unknown>): OrderPageSearch {
  return raw.print === 'slip' || raw.print === 'invoice' ? { print: raw.print } : {}
}
