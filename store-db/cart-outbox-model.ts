import type { Cart as WireCart, CartLine as WireCartLine } from '../contract/cart.ts'
import { emptyCart } from '../contract/empty-cart.ts'
import type { AddToOrderRequest } from '../contract/configurator.ts'
import { lineIdentity } from '../contract/line-identity.ts'

/*
 * The cart on this device, Replicache-style: what the customer sees is the server's last cart
 * with the outbox (the cart changes not yet answered by the server, in the order they were made)
 * applied on top: `rebase(server, outbox)`. The page (cart, badge, add to order) and the worker
 * (the badge it reports, the drain) use these same pure functions; StoreDB runs them inside one
 * Dexie read-write transaction each, so a page folding an edit and a worker claiming an entry
 * never interleave. Everything here works on the wire's snake_case shapes (contract/cart.ts), as
 * the server answers them; the page camelizes what it shows.
 *
 * The rules:
 * - An add whose line identity (contract/line-identity.ts, the server's lineKeyOf) equals a line
 *   already shown is shown summed into it, as the server will sum it. Otherwise it is a new line
 *   whose id is the add's Idempotency-Key (the server resolves that key to the line it made).
 * - An edit of a line (a new absolute quantity, 0 removes) folds into the line's waiting add(s)
 *   while none of the entries that made the line has been claimed for sending and the server has
 *   never seen the line: the first add takes the new quantity (or every entry goes, for 0).
 * - Otherwise the edit is an `update-qty` of the line's id (the server line's id, or the key of
 *   the add that made it), absolute: the quantity sent is the quantity shown. Waiting edits of the
 *   line right before it are dropped (the last one says it all), unless claimed.
 * - A claimed entry (one the drainer has started sending) is frozen: its body never changes, so a
 *   replay sends the same body under the same key.
 * - A submit (POST /api/order/submit, a made-to-order order sent from the drop zone) orders the
 *   cart as it stands when the drainer reaches it, after every change queued before it: from it
 *   on the cart is shown empty (the lines are the order's now) and `submitting`; changes queued
 *   after it go to the next cart.
 * - A form (contact, contact a coach, newsletter sign-up: issue 17) filled offline waits in the
 *   same outbox, in its turn, under its own key, and changes nothing in the cart. It is sent with
 *   no credential (anyone may send it) and never held for a session; its reCAPTCHA token is never
 *   stored (cart-queue.ts).
 */

export type ServerCart = WireCart

/**
 * What the page knows of a product when it adds it to the cart, to show the line before the
 * server has priced it: the configurator composes it, the cart shows it, and the outbox keeps it
 * with the waiting add.
 */
export interface OutboxLineDisplay {
  name: string
  productSlug: string
  productPath: string
  variantName: string | null
  image: string | null
  /** One item, every addition of its configuration included (the configurator's own pricing). */
  unitPrice: number
  currency: string
  summary: string[]
}

/** POST /api/order/submit {notes, optIn}; optIn is false unless sent (docs/checkout.md). */
export interface SubmitRequest {
  notes: string
  optIn: boolean
}

/** What the customer saw when they submitted: for "Submitted, waiting to send". */
export interface SubmitDisplay {
  itemCount: number
  total: number
  currency: string
  /** The lines' names, as shown. */
  names: string[]
}

/**
 * The submit call's answer (snake_case on the wire): the order, its total fixed at submit and
 * whether a payment is due today. The SUBMIT call's own schema is its contract's; this is the
 * least the drainer checks before it counts an answer as the shop's.
 */
export interface SubmitAnswer {
  id: string
  status: string
  currency: string
  total: number
  payment_due_today: boolean
}

/** A JSON object (not null, not an array): what the answers below must be. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function isSubmitAnswer(body: unknown): body is SubmitAnswer {
  if (!isRecord(body)) return false
  return (
    typeof body.id === 'string' &&
    body.id !== '' &&
    typeof body.status === 'string' &&
    typeof body.currency === 'string' &&
    typeof body.total === 'number' &&
    typeof body.payment_due_today === 'boolean'
  )
}

/**
 * A cart as the shop answers it (contract/cart.ts `Cart`), checked for what the outbox reads of
 * it (its lines' ids, skus, quantities and meta; the counts and totals), without zod: a page that
 * sends its own changes loads this, and zod is a quarter of a first visit's JavaScript.
 */
export function isCartAnswer(body: unknown): body is ServerCart {
  if (!isRecord(body)) return false
  const { id, currency, items, item_count: itemCount, total, discounts } = body
  return (
    typeof id === 'string' &&
    id !== '' &&
    typeof currency === 'string' &&
    Number.isInteger(itemCount) &&
    Number.isInteger(total) &&
    Array.isArray(discounts) &&
    Array.isArray(items) &&
    items.every(
      (line) =>
        isRecord(line) &&
        typeof line.id === 'string' &&
        typeof line.sku === 'string' &&
        Number.isInteger(line.qty) &&
        Array.isArray(line.meta),
    )
  )
}

/** The forms that go through the outbox (contract/contact.ts, contract/newsletter.ts). */
export type OutboxFormKind = 'contact' | 'contact-coach' | 'newsletter'

/** A form as the visitor sent it: where it goes and the body as typed (wire names). */
export interface OutboxForm {
  form: OutboxFormKind
  /** `/api/contact/`, `/api/coach/contact-coaches/{slug}`, `/api/newsletter/sign-up`. */
  path: string
  body: Record<string, unknown>
  /** What the visitor reads about it: "Your message to Elin Vårdal". */
  name: string
}

/** Which form a path is: the three form calls (one segment at a time), else undefined. */
export function formKindOf(pathname: string): OutboxFormKind | undefined {
  const segments = pathname.split('/')
  if (pathname === '/api/contact/') return 'contact'
  if (pathname === '/api/newsletter/sign-up') return 'newsletter'
  if (
    segments.length === 5 &&
    segments[1] === 'api' &&
    segments[2] === 'coach' &&
    segments[3] === 'contact-coaches' &&
    /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(segments[4]!)
  )
    return 'contact-coach'
  return undefined
}

/**
 * Whether a body is the shop's answer to a form: `{received: true, message}` (contact forms) or
 * `{state, message}` (the newsletter's).
 */
export function isFormAnswer(body: unknown): boolean {
  if (!isRecord(body)) return false
  return (
    typeof body.message === 'string' && (body.received === true || typeof body.state === 'string')
  )
}

/** A change the customer made, as it waits in the outbox (store-db `cartOutbox`). */
export type CartIntent =
  | { kind: 'add'; request: AddToOrderRequest; line: OutboxLineDisplay }
  /** `lineId`: the server line's id, or the Idempotency-Key of the add that made the line. */
  | { kind: 'update-qty'; lineId: string; qty: number; name: string }
  | { kind: 'add-discount'; cartId: string; codes: string }
  | { kind: 'set-merged-notified' }
  | { kind: 'submit'; request: SubmitRequest; order: SubmitDisplay }
  | ({ kind: 'form' } & OutboxForm)

export type OutboxEntry = CartIntent & {
  /** Dexie's auto-increment key: the order the changes were made in. Absent until stored. */
  seq?: number
  /** The change's Idempotency-Key, made when the customer acted. */
  key: string
  /** The drainer has started sending it: frozen from then on. */
  claimed: boolean
  at: number
  /**
   * Made signed in: the account's e-mail address as the device knew it ('' if it did not know
   * it yet). Such a change is sent only with a session (cart-queue.ts), naming its account
   * (X-Cart-Account, contract/cart.ts): it never lands in the device's or another account's cart.
   * Absent: made signed out, it goes to whoever the device acts for when it is sent.
   */
  by?: string
}

export type ShownLine = WireCartLine & {
  /** Shown before the server has confirmed it (a waiting add or edit touches it). */
  pending: boolean
}

export interface ShownCart extends Omit<WireCart, 'items'> {
  items: ShownLine[]
  /** Totals include changes the server has not priced yet. */
  estimated: boolean
  /** A submit waits in the outbox: the cart's lines went into the order it sends. */
  submitting: boolean
}

/** An add's key → the server line it made or summed into, learnt from the add's answer. */
export type LineAliases = Record<string, string>

export const MAX_LINE_QTY = 99

interface WorkingLine {
  line: ShownLine
  identity: string
  /** Every id the server resolves to this line: its own id and the keys of adds that made it. */
  aliases: Set<string>
  /** Outbox entries that made or changed this line, in order. */
  entries: OutboxEntry[]
  /** The server's last cart has this line. */
  fromServer: boolean
}

interface Identified {
  sku: string
  meta: WireCartLine['meta']
  child: readonly { sku: string; meta: WireCartLine['meta'] }[]
}

function identityOfLine(line: Identified): string {
  return lineIdentity(line.sku, line.meta, line.child)
}

function optimisticLine(entry: Extract<OutboxEntry, { kind: 'add' }>): ShownLine {
  const { request, line, key } = entry
  return {
    id: key,
    sku: request.sku,
    product_slug: line.productSlug,
    product_path: line.productPath,
    name: line.name,
    variant_name: line.variantName,
    image: line.image,
    qty: request.qty,
    unit_price: line.unitPrice,
    line_price: line.unitPrice * request.qty,
    meta: request.meta,
    child: request.child.map((child, index) => ({
      id: `${key}-${index}`,
      sku: child.sku,
      name: child.sku,
      qty: child.qty,
      unit_price: 0,
      line_price: 0,
      meta: child.meta,
    })),
    summary: line.summary,
    pending: true,
  }
}

function withQty(line: ShownLine, qty: number): ShownLine {
  return { ...line, qty, line_price: line.unit_price * qty, pending: true }
}

interface Rebased {
  base: ServerCart
  lines: WorkingLine[]
  mergeNotice: ServerCart['merge_notice']
  estimated: boolean
  submitting: boolean
}

function rebaseLines(
  server: ServerCart | null,
  outbox: readonly OutboxEntry[],
  aliases: LineAliases = {},
): Rebased {
  const firstAdd = outbox.find((entry) => entry.kind === 'add')
  const base = server ?? emptyCart(firstAdd?.kind === 'add' ? firstAdd.line.currency : 'USD')
  const keysOf = new Map<string, string[]>()
  for (const [key, lineId] of Object.entries(aliases)) {
    keysOf.set(lineId, [...(keysOf.get(lineId) ?? []), key])
  }
  let lines: WorkingLine[] = base.items.map((line) => ({
    line: { ...line, pending: false },
    identity: identityOfLine(line),
    aliases: new Set([line.id, ...(keysOf.get(line.id) ?? [])]),
    entries: [],
    fromServer: true,
  }))
  let mergeNotice = base.merge_notice
  let estimated = false
  let submitting = false
  for (const entry of outbox) {
    switch (entry.kind) {
      case 'add': {
        estimated = true
        const identity = identityOfLine(entry.request)
        const same = lines.find((working) => working.identity === identity)
        if (!same) {
          lines = [
            ...lines,
            {
              line: optimisticLine(entry),
              identity,
              aliases: new Set([entry.key]),
              entries: [entry],
              fromServer: false,
            },
          ]
        } else {
          // The server refuses a sum past the limit (a refusal then says so): shown unchanged.
          const qty = same.line.qty + entry.request.qty
          if (qty <= MAX_LINE_QTY) same.line = withQty(same.line, qty)
          same.aliases.add(entry.key)
          same.entries.push(entry)
        }
        break
      }
      case 'update-qty': {
        estimated = true
        const target = lines.find((working) => working.aliases.has(entry.lineId))
        if (!target) break
        if (entry.qty === 0) lines = lines.filter((working) => working !== target)
        else {
          target.line = withQty(target.line, entry.qty)
          target.entries.push(entry)
        }
        break
      }
      case 'add-discount':
        estimated = true
        break
      case 'set-merged-notified':
        mergeNotice = null
        break
      case 'submit':
        // The server orders the cart as it holds it then: every line shown so far.
        estimated = true
        submitting = true
        lines = []
        break
      case 'form':
        // Not the cart's: it waits in the same queue, in its turn.
        break
    }
  }
  return { base, lines, mergeNotice, estimated, submitting }
}

/**
 * Who is at the device, as the page last knew it (store-db meta `cartViewer`): signed in (with
 * the account's e-mail, '' when not read yet) or signed out. Undefined on a device that has not
 * signed in or out since this was kept: everything waiting is shown, as before.
 */
export interface CartViewer {
  signedIn: boolean
  email: string
}

/** What of the device's cart the person at the device sees, and how many changes wait unseen. */
export interface VisibleCart {
  server: ServerCart | null
  outbox: OutboxEntry[]
  /** Changes made signed in to an account the viewer is not: they wait for it to sign in again. */
  held: number
}

/**
 * The device's cart as the viewer may see it. Signed out (a session that ended and was forgotten,
 * on a device someone else may pick up next): the account's last cart is not shown, nor the
 * changes made signed in; those wait, counted in `held`, for their account to sign in again, and
 * what the visitor does goes to the device's own cart. Signed in: everything but the changes made
 * in another account (the server refuses those: 409).
 */
export function visibleTo(
  viewer: CartViewer | undefined,
  server: { cart: ServerCart | null; owner: 'account' | 'device' },
  outbox: readonly OutboxEntry[],
): VisibleCart {
  if (!viewer) return { server: server.cart, outbox: [...outbox], held: 0 }
  const mine = (entry: OutboxEntry) =>
    entry.by === undefined ||
    (viewer.signedIn && (viewer.email === '' || entry.by === '' || entry.by === viewer.email))
  const shown = outbox.filter(mine)
  return {
    server: viewer.signedIn || server.owner === 'device' ? server.cart : null,
    outbox: shown,
    held: outbox.length - shown.length,
  }
}

/** What the customer sees: the server's last cart with the outbox applied in order. */
export function rebase(
  server: ServerCart | null,
  outbox: readonly OutboxEntry[],
  aliases: LineAliases = {},
): ShownCart {
  const { base, lines, mergeNotice, estimated, submitting } = rebaseLines(server, outbox, aliases)
  const items = lines.map((working) => working.line)
  if (!estimated) return { ...base, items, merge_notice: mergeNotice, estimated, submitting }
  const subtotal = items.reduce((sum, line) => sum + line.line_price, 0)
  // A discount the server gave stays as it was until it prices the cart again; a submitted
  // cart's went with its order.
  const discountTotal = submitting ? 0 : Math.min(base.discount_total, subtotal)
  return {
    ...base,
    ...(submitting ? { discounts: [], shipping: null } : {}),
    items,
    merge_notice: mergeNotice,
    item_count: items.reduce((sum, line) => sum + line.qty, 0),
    subtotal,
    discount_total: discountTotal,
    total: subtotal - discountTotal,
    estimated,
    submitting,
  }
}

/** How the outbox changes: entries dropped (by seq), rewritten (unclaimed only) and appended. */
export interface OutboxPlan {
  remove: number[]
  update: OutboxEntry[]
  append: OutboxEntry[]
}

/**
 * The customer sets line `lineId` (as shown) to `qty` (0 removes it): folded into waiting
 * entries where the rules allow, else an `update-qty` appended under `key`.
 */
export function planLineEdit(
  server: ServerCart | null,
  outbox: readonly OutboxEntry[],
  aliases: LineAliases,
  edit: { lineId: string; qty: number; key: string; name: string; at: number; by?: string },
): OutboxPlan {
  const { lines } = rebaseLines(server, outbox, aliases)
  const target = lines.find((working) => working.aliases.has(edit.lineId))
  const append = (lineId: string, by = edit.by): OutboxPlan => ({
    remove: [],
    update: [],
    append: [
      {
        kind: 'update-qty',
        key: edit.key,
        lineId,
        qty: edit.qty,
        name: edit.name,
        claimed: false,
        at: edit.at,
        ...(by === undefined ? {} : { by }),
      },
    ],
  })
  // Not in the cart as shown (another device removed it?): the server will say.
  if (!target) return append(edit.lineId)
  const seqs = (entries: OutboxEntry[]) =>
    entries.map((entry) => entry.seq).filter((seq): seq is number => seq !== undefined)
  if (!target.fromServer && target.entries.every((entry) => !entry.claimed)) {
    const [first, ...rest] = target.entries
    if (edit.qty === 0 || first?.kind !== 'add') {
      return { remove: seqs(target.entries), update: [], append: [] }
    }
    return {
      remove: seqs(rest),
      update: [{ ...first, request: { ...first.request, qty: edit.qty } }],
      append: [],
    }
  }
  // Sent against the line's own id (the server's, or its add's key), absolute. The waiting
  // edits of this line just before it say less than it does.
  const dropped: OutboxEntry[] = []
  for (let index = target.entries.length - 1; index >= 0; index -= 1) {
    const entry = target.entries[index]!
    if (entry.kind !== 'update-qty' || entry.claimed) break
    dropped.push(entry)
  }
  // An edit made signed out that replaces one made signed in goes where that one would have.
  const plan = append(
    target.line.id,
    edit.by ?? dropped.find((entry) => entry.by !== undefined)?.by,
  )
  return { ...plan, remove: seqs(dropped) }
}

/** The plan applied to a list (what StoreDB does in its transaction; tests use it as it is). */
export function applyPlan(
  outbox: readonly OutboxEntry[],
  plan: OutboxPlan,
  nextSeq: () => number,
): OutboxEntry[] {
  const removed = new Set(plan.remove)
  const updated = new Map(plan.update.map((entry) => [entry.seq, entry]))
  const kept = outbox
    .filter((entry) => entry.seq === undefined || !removed.has(entry.seq))
    .map((entry) => {
      const next = entry.seq === undefined ? undefined : updated.get(entry.seq)
      if (next && entry.claimed) throw new Error('A claimed outbox entry is frozen')
      return next ?? entry
    })
  return [...kept, ...plan.append.map((entry) => ({ ...entry, seq: nextSeq() }))]
}

/** The entry the drainer sends next: the oldest (its seq orders the outbox). */
export function nextToSend(outbox: readonly OutboxEntry[]): OutboxEntry | undefined {
  let first: OutboxEntry | undefined
  for (const entry of outbox) {
    if (entry.seq !== undefined && (first === undefined || entry.seq < first.seq!)) first = entry
  }
  return first
}

/** The request an entry is sent as: path and JSON body, the same for every attempt. */
export function requestOf(entry: OutboxEntry): { path: string; body: unknown } {
  switch (entry.kind) {
    case 'add':
      return { path: '/api/order/add', body: entry.request }
    case 'update-qty':
      return {
        path: `/api/order/item/${encodeURIComponent(entry.lineId)}/update-qty`,
        body: { qty: entry.qty },
      }
    case 'add-discount':
      return {
        path: `/api/order/${encodeURIComponent(entry.cartId)}/add-discount`,
        body: { discount_codes: entry.codes },
      }
    case 'set-merged-notified':
      return { path: '/api/order/set-merged-notified', body: {} }
    case 'submit':
      return { path: '/api/order/submit', body: entry.request }
    case 'form':
      return { path: entry.path, body: entry.body }
  }
}

/** The name a refusal of this entry gives the change. */
export function entryName(entry: OutboxEntry): string {
  switch (entry.kind) {
    case 'add':
      return entry.line.name
    case 'update-qty':
      return entry.name
    case 'add-discount':
      return entry.codes
    case 'set-merged-notified':
      return 'Your cart'
    case 'submit':
      return 'Your order'
    case 'form':
      return entry.name
  }
}

/**
 * After an add is answered: which line of the server's answer it made or summed into (by
 * identity), so later edits naming the add's key find the line once the add has left the outbox.
 * Aliases no waiting entry names any more are dropped.
 */
export function aliasesAfter(
  aliases: LineAliases,
  entry: OutboxEntry,
  cart: ServerCart,
  outbox: readonly OutboxEntry[],
): LineAliases {
  const next: LineAliases = {}
  const named = new Set(
    outbox.flatMap((waiting) => (waiting.kind === 'update-qty' ? [waiting.lineId] : [])),
  )
  const lineIds = new Set(cart.items.map((line) => line.id))
  for (const [key, lineId] of Object.entries(aliases)) {
    if (named.has(key) && lineIds.has(lineId)) next[key] = lineId
  }
  if (entry.kind === 'add') {
    const identity = identityOfLine(entry.request)
    const line = cart.items.find((candidate) => identityOfLine(candidate) === identity)
    if (line && named.has(entry.key)) next[entry.key] = line.id
  }
  return next
}

/** A form's name when the page did not say (an older page's request). */
const formNames: Record<OutboxFormKind, string> = {
  contact: 'Your message',
  'contact-coach': 'Your message to a coach',
  newsletter: 'Your newsletter sign-up',
}

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '')
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/**
 * A cart mutation as an intent: for the requests an older release kept in its workbox queue, and
 * for a page of an older build still open after a deploy. Undefined for anything else.
 */
export function intentFromRequest(
  pathname: string,
  body: unknown,
  display?: Partial<OutboxLineDisplay>,
): CartIntent | undefined {
  const record = (body ?? {}) as Record<string, unknown>
  const form = formKindOf(pathname)
  if (form) {
    return {
      kind: 'form',
      form,
      path: pathname,
      body: typeof body === 'object' && body !== null && !Array.isArray(body) ? record : {},
      name: display?.name ?? formNames[form],
    }
  }
  const segments = segmentsOf(pathname)
  if (segments[0] !== 'api' || segments[1] !== 'order') return undefined
  if (segments.length === 3 && segments[2] === 'add') {
    const request = record as unknown as AddToOrderRequest
    if (typeof request.sku !== 'string' || typeof request.qty !== 'number') return undefined
    return {
      kind: 'add',
      request: {
        sku: request.sku,
        qty: request.qty,
        meta: Array.isArray(request.meta) ? request.meta : [],
        child: Array.isArray(request.child) ? request.child : [],
      },
      line: {
        name: display?.name ?? request.sku,
        productSlug: display?.productSlug ?? '',
        productPath: display?.productPath ?? '/cart',
        variantName: display?.variantName ?? null,
        image: display?.image ?? null,
        unitPrice: display?.unitPrice ?? 0,
        currency: display?.currency ?? 'USD',
        summary: display?.summary ?? [],
      },
    }
  }
  if (segments.length === 3 && segments[2] === 'set-merged-notified') {
    return { kind: 'set-merged-notified' }
  }
  if (segments.length === 3 && segments[2] === 'submit') {
    return {
      kind: 'submit',
      request: {
        notes: typeof record.notes === 'string' ? record.notes : '',
        optIn: record.optIn === true,
      },
      order: { itemCount: 0, total: 0, currency: 'USD', names: [] },
    }
  }
  if (segments.length === 5 && segments[2] === 'item' && segments[4] === 'update-qty') {
    if (typeof record.qty !== 'number') return undefined
    return {
      kind: 'update-qty',
      lineId: decodeSegment(segments[3]!),
      qty: record.qty,
      name: display?.name ?? 'A line of your cart',
    }
  }
  if (segments.length === 4 && segments[3] === 'add-discount') {
    const codes = record.discount_codes
    return {
      kind: 'add-discount',
      cartId: decodeSegment(segments[2]!),
      codes: Array.isArray(codes) ? codes.join(', ') : String(codes ?? ''),
    }
  }
  return undefined
}
