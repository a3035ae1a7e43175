import type { Cart as WireCart } from '../../../contract/cart.ts'
import type { AddToOrderRequest } from '../../../contract/configurator.ts'
import type { Camelized } from '../../lib/api-client.ts'
import type { LineDisplay } from '../../lib/line-display.ts'

/**
 * The cart as the customer sees it: the server's last answer with the changes it has not
 * confirmed yet laid over it, so an "add" shows at once, also offline, and survives a reload
 * (both halves live in the persisted query cache). Pure functions, unit tested in model.test.ts.
 */

export type Cart = Camelized<WireCart>
export type CartLine = Cart['items'][number] & {
  /** Shown before the server has confirmed it. */
  pending?: boolean
}

/** A change the customer made that the server has not confirmed yet, by its Idempotency-Key. */
export type CartChange =
  | { key: string; kind: 'add'; request: AddToOrderRequest; line: LineDisplay }
  | { key: string; kind: 'update-qty'; lineId: string; qty: number }
  | { key: string; kind: 'add-discount'; cartId: string; codes: string }
  | { key: string; kind: 'set-merged-notified' }

/** The ['cart'] query's data: the server's cart (null before the first answer) and the changes. */
export interface CartState {
  server: Cart | null
  changes: CartChange[]
}

export interface ShownCart extends Cart {
  items: CartLine[]
  /** Totals include changes the server has not priced yet (a discount, a new line). */
  estimated: boolean
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/

/** A key for one act of the customer (contract/cart.ts: 8–128 of [A-Za-z0-9_-]). */
export function newIdempotencyKey(): string {
  const key = crypto.randomUUID()
  if (!KEY_PATTERN.test(key)) throw new Error('crypto.randomUUID gave an unexpected key')
  return key
}

export function emptyCart(currency = 'USD'): Cart {
  return {
    id: null,
    status: 'open',
    currency,
    items: [],
    itemCount: 0,
    subtotal: 0,
    discounts: [],
    discountTotal: 0,
    total: 0,
    mergeNotice: null,
  }
}

function optimisticLine(change: Extract<CartChange, { kind: 'add' }>): CartLine {
  const { request, line, key } = change
  return {
    id: key,
    sku: request.sku,
    productSlug: line.productSlug,
    productPath: line.productPath,
    name: line.name,
    variantName: line.variantName,
    image: line.image,
    qty: request.qty,
    unitPrice: line.unitPrice,
    linePrice: line.unitPrice * request.qty,
    meta: request.meta,
    child: request.child.map((child, index) => ({
      id: `${key}-${index}`,
      sku: child.sku,
      name: child.sku,
      qty: child.qty,
      unitPrice: 0,
      linePrice: 0,
      meta: child.meta,
    })),
    summary: line.summary,
    pending: true,
  }
}

/** The server's cart with the unconfirmed changes applied in the order they were made. */
export function shownCart(state: CartState | undefined): ShownCart {
  const base = state?.server ?? emptyCart(firstCurrency(state?.changes))
  let items: CartLine[] = base.items
  let mergeNotice = base.mergeNotice
  let estimated = false
  for (const change of state?.changes ?? []) {
    switch (change.kind) {
      case 'add':
        items = [...items, optimisticLine(change)]
        estimated = true
        break
      case 'update-qty':
        items =
          change.qty === 0
            ? items.filter((line) => line.id !== change.lineId)
            : items.map((line) =>
                line.id === change.lineId
                  ? {
                      ...line,
                      qty: change.qty,
                      linePrice: line.unitPrice * change.qty,
                      pending: true,
                    }
                  : line,
              )
        estimated = true
        break
      case 'add-discount':
        estimated = true
        break
      case 'set-merged-notified':
        mergeNotice = null
        break
    }
  }
  if (!estimated) return { ...base, mergeNotice, estimated }
  const subtotal = items.reduce((sum, line) => sum + line.linePrice, 0)
  // A discount the server gave stays as it was until it prices the cart again.
  const discountTotal = Math.min(base.discountTotal, subtotal)
  return {
    ...base,
    items,
    mergeNotice,
    itemCount: items.reduce((sum, line) => sum + line.qty, 0),
    subtotal,
    discountTotal,
    total: subtotal - discountTotal,
    estimated,
  }
}

function firstCurrency(changes: CartChange[] | undefined): string | undefined {
  for (const change of changes ?? []) if (change.kind === 'add') return change.line.currency
  return undefined
}

/** The changes with one left out (confirmed, refused or not saved). */
export function withoutChange(state: CartState, key: string): CartState {
  return { ...state, changes: state.changes.filter((change) => change.key !== key) }
}

/**
 * Keeps only the changes that can still reach the server: those the worker's queue holds and
 * those this page is sending right now. Any other was delivered or refused while no page
 * listened (a closed tab), and the server's cart already says what became of it.
 */
export function keepLiveChanges(state: CartState, alive: ReadonlySet<string>): CartState {
  const changes = state.changes.filter((change) => alive.has(change.key))
  return changes.length === state.changes.length ? state : { ...state, changes }
}

/** "2 changes waiting to sync". */
export function waitingText(count: number): string {
  return count === 1 ? '1 change waiting to sync' : `${count} changes waiting to sync`
}

/**
 * What the header's cart badge says beside its count to a screen reader: what the count is, and
 * what needs attention (the shell shows it as it is, so its wording lives here).
 */
export function badgeLabel(pending: boolean, refused: number): string {
  let label = 'in the cart'
  if (pending) label += ', changes waiting to sync'
  if (refused > 0) label += refused === 1 ? ', 1 change refused' : `, ${refused} changes refused`
  return label
}
