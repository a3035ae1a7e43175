import Dexie, { type EntityTable } from 'dexie'
import type { Camelized } from '../contract/camelized.ts'
import { emptyCart } from '../contract/empty-cart.ts'
import type { Product } from '../contract/catalog.ts'
import type { PageViewRecord } from '../contract/page-views.ts'
import type { PaletteSwatch } from '../contract/page-data/catalog.ts'
import {
  aliasesAfter,
  planLineEdit,
  visibleTo,
  type CartIntent,
  type CartViewer,
  type LineAliases,
  type OutboxEntry,
  type ServerCart,
  type VisibleCart,
  type SubmitAnswer,
} from './cart-outbox-model.ts'

/**
 * The store's one IndexedDB database (see STYLE.md, "one home for each kind of data"), opened by
 * the app (src/lib/db.ts) and by the service worker, which keeps the catalog snapshot fresh: one
 * schema for both, so it lives outside src/ and sw/ (eslint.config.js lets both import it).
 * - drafts: one order draft per product (id "order_" + product key, docs/configurator.md), written
 * on every
 *   configurator change so a design survives reloads, closed tabs and days offline.
 * - products: the catalog snapshot, so product pages render offline even if never visited.
 * - meta: small bookkeeping values (e.g. when the catalog snapshot was taken, and the server's
 *   answers to cart changes the worker sent while no page was open).
 * - cartRefusals (version 2): cart changes made offline that the server refused when the
 *   worker's queue replayed them, kept until the customer has read and dismissed the notice.
 * - cartOutbox (version 3): the one truth for the cart changes waiting for the server, as
 *   intents (cart-outbox-model.ts), in the order they were made (`seq`), each under its own
 *   Idempotency-Key. No credentials: the sender adds the current ones when it sends. With the
 *   server's last cart (meta `cartServer`: the cart as the server answered it, whose it is, and
 *   the add keys it resolved to lines) it makes what the customer sees: rebase(cart, outbox).
 *   meta `cartOutboxStatus` says why the outbox is not moving (a portal answering, a session
 *   ended), meta `cartToken` mirrors the device's cart token (src/lib/cart-token.ts keeps it in
 *   localStorage, which a worker cannot read).
 * - keptOrders (version 4): the customer's submitted orders (each as the order page last read it)
 *   and their list (id `list`), with when they were read, so orders, receipts and production
 *   status stay readable offline, through new builds and past the query cache's lifetime; the
 *   page says "as of" when. Forgotten at sign-out (forgetKeptOrders).
 * - meta `checkoutDraft`: what the customer typed in the checkout (address, notes, the waiver's
 *   name), kept as they type so that nothing is lost offline or on a reload; it goes once the
 *   order is submitted, or at sign-out.
 * - meta `orderSubmitted`: the answer to the last submit the outbox sent (a submit queued
 *   offline lands with no page open), for the checkout to lead on to the order's confirmation.
 * - pageViews (version 5): page views the app could not send (offline, the server busy), as
 *   recorded (a random id, the page's recorded path, when it was seen: nothing about the visitor),
 *   sent later in batches by page-view-queue.ts and dropped after 30 days.
 * Every schema version stays listed: Dexie upgrades an old database step by step.
 */

export interface DraftRecord {
  id: string
  productKey: string
  updatedAt: number
  /** The draft's fields; their shape is owned by the configurator. */
  data: Record<string, unknown>
}

export type CatalogProduct = Camelized<Product>

export interface CatalogProductRecord {
  slug: string
  family: string
  updatedAt: number
  data: CatalogProduct
}

/** What a refused cart change was, for the notice: which line, what the server said. */
export interface CartRefusalRecord {
  /** The change's Idempotency-Key. */
  key: string
  action: OutboxEntry['kind']
  /** The product's name as the page knew it, or the sku when it did not say. */
  name: string
  status: number
  /** The server's own words (its first field message, else its message). */
  message: string
  at: number
  /** A form's refusal: every message by field, and the form as typed, to show and refill. */
  errors?: Record<string, string[]>
  form?: { path: string; body: Record<string, unknown> }
}

/** The shop's answer to a form the outbox sent (meta `formsSent`, the last few). */
export interface FormSentRecord {
  key: string
  path: string
  answer: unknown
  at: number
}

/**
 * An order (or the order list, id `list`) as the app last read it from the server: the answer as
 * the app holds it (camelCase), `shape` naming the contract it was read with, so a later build
 * that reads another shape can tell (and ask again rather than misread it).
 */
export interface KeptOrderRecord {
  id: string
  shape: number
  savedAt: number
  data: unknown
}

export interface MetaRecord {
  key: string
  value: unknown
}

/** A queued cart change the server took, and its answer (the wire's Cart), as the worker saw it. */
export interface UnheardCartSync {
  key: string
  cart: unknown
}

function unheardList(record: MetaRecord | undefined): UnheardCartSync[] {
  return Array.isArray(record?.value) ? (record.value as UnheardCartSync[]) : []
}

const CART_UNHEARD_SYNCS = 'cartUnheardSyncs'
const CART_SERVER = 'cartServer'
const CART_OUTBOX_STATUS = 'cartOutboxStatus'
const CART_TOKEN = 'cartToken'
const CART_VIEWER = 'cartViewer'
const CHECKOUT_DRAFT = 'checkoutDraft'
const ORDER_SUBMITTED = 'orderSubmitted'
const FORMS_SENT = 'formsSent'
/** How many answers to forms are kept for the form pages to say "sent". */
const FORMS_SENT_KEPT = 20

/** What the checkout keeps of what the customer typed (its shape is the checkout's). */
export interface CheckoutDraftRecord {
  updatedAt: number
  data: Record<string, unknown>
}

/** The shop's answer to a submit the outbox sent, under the submit's Idempotency-Key. */
export interface OrderSubmittedRecord {
  key: string
  order: SubmitAnswer
  at: number
}

/** The server's last cart on this device (meta `cartServer`). */
export interface CartServerRecord {
  cart: ServerCart | null
  /** Whose cart it is: 'account' (a bearer sent it) or 'device' (the cart token alone). */
  owner: 'account' | 'device'
  aliases: LineAliases
  /** Bumped at every write, so a read that started before a change landed does not undo it. */
  version: number
}

/**
 * Why the outbox is not moving, for the cart to say: `offline` (no answer), `not-the-shop` (an
 * answer that is not the store's API: a Wi-Fi sign-in page, a proxy), `signed-out` (the session
 * ended: waiting for the customer to sign in again), `server-error` (the store failed, 5xx).
 */
export type CartOutboxState = 'ok' | 'offline' | 'not-the-shop' | 'signed-out' | 'server-error'

export interface CartOutboxStatus {
  state: CartOutboxState
  at: number
  /**
   * `signed-out`: a SHA-256 of the bearer the server refused (never the bearer itself), so the
   * outbox stays put until a different session is signed in rather than going out with none.
   */
  refusedSession?: string
}

/** What became of a sent entry: the server's cart (200), a submit's order, or a refusal (4xx). */
export type CartEntryOutcome =
  | { cart: ServerCart; owner: CartServerRecord['owner'] }
  | { submitted: SubmitAnswer; at: number }
  | { formAnswer: unknown; at: number }
  | { refusal: CartRefusalRecord }

function serverRecord(record: MetaRecord | undefined): CartServerRecord {
  const value = record?.value as CartServerRecord | undefined
  return value && typeof value === 'object'
    ? value
    : { cart: null, owner: 'device', aliases: {}, version: 0 }
}
const CATALOG_SYNCED_AT = 'catalogSyncedAt'
const CATALOG_PALETTE = 'catalogPalette'

export class StoreDB extends Dexie {
  drafts!: EntityTable<DraftRecord, 'id'>
  products!: EntityTable<CatalogProductRecord, 'slug'>
  meta!: EntityTable<MetaRecord, 'key'>
  cartRefusals!: EntityTable<CartRefusalRecord, 'key'>
  cartOutbox!: EntityTable<OutboxEntry, 'seq'>
  keptOrders!: EntityTable<KeptOrderRecord, 'id'>
  pageViews!: EntityTable<PageViewRecord, 'id'>

  constructor(name = 'glidecraft') {
    // 'relaxed': a write is done once the browser has handed it to the operating system, not
    // after a flush to disk. A draft written so survives a closed tab, a closed browser and a
    // browser crash; only a power cut in the next instant could lose the last change. It makes a
    // configurator change land in a few milliseconds instead of waiting for the disk.
    super(name, { chromeTransactionDurability: 'relaxed' })
    this.version(1).stores({
      drafts: 'id, productKey, updatedAt',
      products: 'slug, family',
      meta: 'key',
    })
    // Only adds a table: the app of the previous release keeps working on its tables, and the
    // worker and the app of one build open the same version.
    this.version(2).stores({ cartRefusals: 'key, at' })
    // The cart outbox: what the workbox queue 'cart-mutations' of version 2's releases holds is
    // moved in by the worker at start (sw/cart-sync.ts), entry by entry, before the old queue
    // lets go.
    this.version(3).stores({ cartOutbox: '++seq, &key' })
    // Orders kept for offline reading: only adds a table, as version 2 did.
    this.version(4).stores({ keptOrders: 'id, savedAt' })
    // Page views waiting for the network: only adds a table.
    this.version(5).stores({ pageViews: 'id, at' })
  }

  /** Keeps an order (or the list) as just read; `shape` is the reader's contract version. */
  async keepOrder(id: string, data: unknown, shape: number, savedAt = Date.now()): Promise<void> {
    await this.keptOrders.put({ id, shape, savedAt, data })
  }

  /** An order as last read, if this device kept one of that shape. */
  async keptOrder(id: string, shape: number): Promise<KeptOrderRecord | undefined> {
    const kept = await this.keptOrders.get(id)
    return kept?.shape === shape ? kept : undefined
  }

  async forgetOrder(id: string): Promise<void> {
    await this.keptOrders.delete(id)
  }

  /** Sign-out: the next person on this device sees none of the customer's orders. */
  async forgetOrders(): Promise<void> {
    await this.keptOrders.clear()
  }

  /** The waiting cart changes, oldest first. */
  async cartOutboxEntries(): Promise<OutboxEntry[]> {
    return this.cartOutbox.orderBy('seq').toArray()
  }

  async cartServer(): Promise<CartServerRecord> {
    return serverRecord(await this.meta.get(CART_SERVER))
  }

  async cartOutboxStatus(): Promise<CartOutboxStatus> {
    const value = (await this.meta.get(CART_OUTBOX_STATUS))?.value as CartOutboxStatus | undefined
    return value ?? { state: 'ok', at: 0 }
  }

  async setCartOutboxStatus(
    state: CartOutboxState,
    at = Date.now(),
    refusedSession?: string,
  ): Promise<void> {
    const shown = await this.cartOutboxStatus()
    if (shown.state === state && shown.refusedSession === refusedSession) return
    const value: CartOutboxStatus = refusedSession ? { state, at, refusedSession } : { state, at }
    await this.meta.put({ key: CART_OUTBOX_STATUS, value })
  }

  /**
   * Takes a change the customer made, in one read-write transaction with the fold: an edit of a
   * line folds into the entries that made it where the rules allow (cart-outbox-model.ts). An
   * entry already kept under this key is left as it is (a page and the worker may both hand the
   * same change in). `frozen`: an older release's queued request, appended as it is and claimed
   * (it may have been sent already). `by`: made signed in, as whom (OutboxEntry.by). Resolves
   * with whether the change is now an entry of its own.
   */
  async addCartIntent(
    intent: CartIntent,
    key: string,
    {
      at = Date.now(),
      frozen = false,
      by,
    }: { at?: number; frozen?: boolean; by?: string | undefined } = {},
  ): Promise<boolean> {
    return this.transaction('rw', this.cartOutbox, this.meta, async () => {
      if (await this.cartOutbox.where('key').equals(key).count()) return true
      if (intent.kind !== 'update-qty' || frozen) {
        const made = by === undefined ? {} : { by }
        await this.cartOutbox.add({ ...intent, key, claimed: frozen, at, ...made } as OutboxEntry)
        return true
      }
      const server = await this.cartServer()
      // The edit is of a line as the customer sees it: the changes hidden from them stay as made.
      const visible = visibleTo(await this.cartViewer(), server, await this.cartOutboxEntries())
      const plan = planLineEdit(visible.server, visible.outbox, server.aliases, {
        lineId: intent.lineId,
        qty: intent.qty,
        key,
        name: intent.name,
        at,
        ...(by === undefined ? {} : { by }),
      })
      for (const entry of plan.update) {
        const kept = await this.cartOutbox.get(entry.seq!)
        if (kept?.claimed) throw new Error('A claimed outbox entry is frozen')
        await this.cartOutbox.put(entry)
      }
      await this.cartOutbox.bulkDelete(plan.remove)
      for (const entry of plan.append) await this.cartOutbox.add(entry)
      return plan.append.some((entry) => entry.key === key)
    })
  }

  /**
   * A sign-in: the changes still waiting that were made signed out become the account's (the
   * sign-in merged the device's cart into it, so that is where they would have gone). A read of
   * the cart sent before the sign-in and answered after it is not kept (the version moves): it
   * holds the device's cart, which the merge has emptied into the account's.
   */
  async adoptCartOutbox(by: string): Promise<void> {
    await this.transaction('rw', this.cartOutbox, this.meta, async () => {
      await this.cartOutbox.filter((entry) => entry.by === undefined).modify({ by })
      const server = await this.cartServer()
      await this.meta.put({
        key: CART_SERVER,
        value: { ...server, version: server.version + 1 } satisfies CartServerRecord,
      })
      await this.setCartViewer({ signedIn: true, email: by })
    })
  }

  /** Who is at the device (cart-outbox-model.ts `visibleTo`); undefined until first kept. */
  async cartViewer(): Promise<CartViewer | undefined> {
    const value = (await this.meta.get(CART_VIEWER))?.value as CartViewer | undefined
    return value && typeof value === 'object' ? value : undefined
  }

  async setCartViewer(viewer: CartViewer): Promise<void> {
    await this.meta.put({ key: CART_VIEWER, value: viewer })
  }

  /**
   * The page forgot a session the server ended: whoever picks the device up next sees neither
   * the account's last cart nor its waiting changes. Those stay, held for the account to sign in
   * again (claimNextCartEntry); the account's last cart is forgotten (signing in reads it anew).
   */
  async forgetEndedSession(): Promise<void> {
    await this.transaction('rw', this.meta, async () => {
      const server = await this.cartServer()
      if (server.owner === 'account' && server.cart !== null) {
        await this.meta.put({
          key: CART_SERVER,
          value: {
            cart: null,
            owner: 'device',
            aliases: {},
            version: server.version + 1,
          } satisfies CartServerRecord,
        })
      }
      await this.setCartViewer({ signedIn: false, email: '' })
    })
  }

  /**
   * What the person at the device sees of its cart (cart-outbox-model.ts `visibleTo`).
   * `signedIn` false: the page holds no session now, whatever was last kept (a page that forgot
   * an ended session may be gone before its write of `cartViewer` landed).
   */
  async visibleCart({ signedIn }: { signedIn?: boolean } = {}): Promise<{
    server: CartServerRecord
    visible: VisibleCart
  }> {
    return this.transaction('r', this.cartOutbox, this.meta, async () => {
      const [server, outbox, kept] = await Promise.all([
        this.cartServer(),
        this.cartOutboxEntries(),
        this.cartViewer(),
      ])
      const viewer = signedIn === false ? { signedIn: false, email: '' } : kept
      return { server, visible: visibleTo(viewer, server, outbox) }
    })
  }

  /**
   * The drainer's claim: the oldest entry, marked claimed (frozen) in the same transaction.
   * `signedIn` false: the changes made signed in are held, unclaimed (they wait for a session),
   * and the oldest change made signed out is claimed past them: it goes to the device's cart, and
   * nothing made signed out depends on a change the visitor could not see (`visibleTo`). 'held'
   * when only held changes wait.
   */
  async claimNextCartEntry({ signedIn = true }: { signedIn?: boolean } = {}): Promise<
    OutboxEntry | 'held' | undefined
  > {
    return this.transaction('rw', this.cartOutbox, async () => {
      const entries = this.cartOutbox.orderBy('seq')
      const first = signedIn
        ? await entries.first()
        : await entries.filter((entry) => entry.by === undefined).first()
      if (!first) return !signedIn && (await this.cartOutbox.count()) > 0 ? 'held' : undefined
      if (!first.claimed) await this.cartOutbox.update(first.seq!, { claimed: true })
      return { ...first, claimed: true }
    })
  }

  /**
   * A sent entry was answered by the store: it leaves the outbox by its own seq, and, in the same
   * transaction, the server's cart becomes the last cart (200) or the refusal is kept (4xx).
   */
  async settleCartEntry(entry: OutboxEntry, outcome: CartEntryOutcome): Promise<void> {
    await this.transaction('rw', this.cartOutbox, this.meta, this.cartRefusals, async () => {
      await this.cartOutbox.delete(entry.seq!)
      if ('refusal' in outcome) {
        await this.cartRefusals.put(outcome.refusal)
        return
      }
      if ('formAnswer' in outcome) {
        // Nothing of the cart's: the answer is kept for the form's page to say it was sent.
        const kept = await this.formsSent()
        const record: FormSentRecord = {
          key: entry.key,
          path: entry.kind === 'form' ? entry.path : '',
          answer: outcome.formAnswer,
          at: outcome.at,
        }
        await this.meta.put({
          key: FORMS_SENT,
          value: [...kept.filter((sent) => sent.key !== entry.key), record].slice(-FORMS_SENT_KEPT),
        })
        return
      }
      const server = await this.cartServer()
      if ('submitted' in outcome) {
        // The cart's lines are the order's now; the next cart starts empty, and what the
        // customer typed for this order has been sent with it.
        await this.meta.put({
          key: ORDER_SUBMITTED,
          value: {
            key: entry.key,
            order: outcome.submitted,
            at: outcome.at,
          } satisfies OrderSubmittedRecord,
        })
        await this.meta.delete(CHECKOUT_DRAFT)
        await this.meta.put({
          key: CART_SERVER,
          value: {
            cart: emptyCart(server.cart?.currency ?? outcome.submitted.currency),
            owner: server.owner,
            aliases: {},
            version: server.version + 1,
          } satisfies CartServerRecord,
        })
        return
      }
      const outbox = await this.cartOutboxEntries()
      await this.meta.put({
        key: CART_SERVER,
        value: {
          cart: outcome.cart,
          owner: outcome.owner,
          aliases: aliasesAfter(server.aliases, entry, outcome.cart, outbox),
          version: server.version + 1,
        } satisfies CartServerRecord,
      })
    })
  }

  /**
   * A read of GET /api/order becomes the last cart unless a change landed since the read began
   * (`version` moved) or an entry is claimed: a claimed change may already be in the server's
   * cart, and laid over it again it would show twice.
   */
  async keepCartRead(
    cart: ServerCart,
    owner: CartServerRecord['owner'],
    versionSeen: number,
  ): Promise<boolean> {
    return this.transaction('rw', this.cartOutbox, this.meta, async () => {
      const server = await this.cartServer()
      if (server.version !== versionSeen) return false
      if ((await this.cartOutbox.filter((entry) => entry.claimed).count()) > 0) return false
      const lineIds = new Set(cart.items.map((line) => line.id))
      const aliases = Object.fromEntries(
        Object.entries(server.aliases).filter(([, lineId]) => lineIds.has(lineId)),
      )
      await this.meta.put({
        key: CART_SERVER,
        value: { cart, owner, aliases, version: server.version + 1 } satisfies CartServerRecord,
      })
      return true
    })
  }

  async keepCartToken(token: string): Promise<void> {
    const kept = await this.meta.get(CART_TOKEN)
    if (kept?.value !== token) await this.meta.put({ key: CART_TOKEN, value: token })
  }

  async cartToken(): Promise<string | undefined> {
    const value = (await this.meta.get(CART_TOKEN))?.value
    return typeof value === 'string' ? value : undefined
  }

  /**
   * Sign-out: the next person on this device sees nothing of this cart: the outbox, the last
   * cart, the refusals and the cart token go, in one transaction.
   */
  async forgetCart(): Promise<void> {
    await this.transaction('rw', this.cartOutbox, this.meta, this.cartRefusals, async () => {
      // A form waiting to be sent is the visitor's message to the shop, not the cart's: it goes
      // with no credential whoever is signed in, so it stays.
      await this.cartOutbox.filter((entry) => entry.kind !== 'form').delete()
      await this.cartRefusals.filter((refusal) => refusal.action !== 'form').delete()
      await this.meta.bulkDelete([
        CART_SERVER,
        CART_OUTBOX_STATUS,
        CART_TOKEN,
        CART_UNHEARD_SYNCS,
        CHECKOUT_DRAFT,
        ORDER_SUBMITTED,
      ])
      await this.setCartViewer({ signedIn: false, email: '' })
    })
  }

  /** The answers to the forms the outbox sent, oldest first (the last few). */
  async formsSent(): Promise<FormSentRecord[]> {
    const value = (await this.meta.get(FORMS_SENT))?.value
    return Array.isArray(value) ? (value as FormSentRecord[]) : []
  }

  /** The forms still waiting in the outbox, oldest first. */
  async waitingForms(): Promise<Extract<OutboxEntry, { kind: 'form' }>[]> {
    const entries = await this.cartOutboxEntries()
    return entries.filter(
      (entry): entry is Extract<OutboxEntry, { kind: 'form' }> => entry.kind === 'form',
    )
  }

  async checkoutDraft(): Promise<CheckoutDraftRecord | undefined> {
    const value = (await this.meta.get(CHECKOUT_DRAFT))?.value as CheckoutDraftRecord | undefined
    return value && typeof value === 'object' ? value : undefined
  }

  async keepCheckoutDraft(data: Record<string, unknown>, at = Date.now()): Promise<void> {
    await this.meta.put({
      key: CHECKOUT_DRAFT,
      value: { updatedAt: at, data } satisfies CheckoutDraftRecord,
    })
  }

  async submittedOrder(): Promise<OrderSubmittedRecord | undefined> {
    const value = (await this.meta.get(ORDER_SUBMITTED))?.value as OrderSubmittedRecord | undefined
    return value && typeof value === 'object' ? value : undefined
  }

  /** The checkout has led on to the submitted order: it need not be told again. */
  async forgetSubmittedOrder(key: string): Promise<void> {
    await this.transaction('rw', this.meta, async () => {
      if ((await this.submittedOrder())?.key === key) await this.meta.delete(ORDER_SUBMITTED)
    })
  }

  /** Keeps a refusal met while replaying the cart queue (a repeat of one key replaces it). */
  async recordCartRefusal(refusal: CartRefusalRecord): Promise<void> {
    await this.cartRefusals.put(refusal)
  }

  /** Refusals not yet dismissed, oldest first. */
  async cartRefusalList(): Promise<CartRefusalRecord[]> {
    return this.cartRefusals.orderBy('at').toArray()
  }

  async dismissCartRefusal(key: string): Promise<void> {
    await this.cartRefusals.delete(key)
  }

  /**
   * Keeps the server's answer to a queued change that reached it while no page was open (the
   * browser's background sync), for the next page that connects to the worker.
   */
  async keepUnheardCartSync(report: UnheardCartSync): Promise<void> {
    await this.transaction('rw', this.meta, async () => {
      const kept = unheardList(await this.meta.get(CART_UNHEARD_SYNCS))
      await this.meta.put({ key: CART_UNHEARD_SYNCS, value: [...kept, report] })
    })
  }

  /** The answers no page has heard yet, oldest first; they are handed over once. */
  async takeUnheardCartSyncs(): Promise<UnheardCartSync[]> {
    return this.transaction('rw', this.meta, async () => {
      const kept = unheardList(await this.meta.get(CART_UNHEARD_SYNCS))
      if (kept.length > 0) await this.meta.delete(CART_UNHEARD_SYNCS)
      return kept
    })
  }

  /**
   * Replaces the catalog snapshot (products and the colour palette that names their colours).
   * Products are written in slices with `pause` between them, so no single task holds the thread
   * for the whole catalog; a reader meanwhile finds every product, in its old or its new version.
   * The last step drops the products the catalog no longer has and records the palette and the
   * time, in one transaction.
   */
  async replaceCatalog(
    products: CatalogProduct[],
    now = Date.now(),
    palette: PaletteSwatch[] = [],
    { sliceSize = 25, pause }: { sliceSize?: number; pause?: () => Promise<void> } = {},
  ): Promise<void> {
    for (let start = 0; start < products.length; start += sliceSize) {
      const slice = products.slice(start, start + sliceSize)
      await this.products.bulkPut(
        slice.map((data) => ({ slug: data.slug, family: data.family, updatedAt: now, data })),
      )
      await pause?.()
    }
    const kept = new Set(products.map((product) => product.slug))
    await this.transaction('rw', this.products, this.meta, async () => {
      await this.products.filter((record) => !kept.has(record.slug)).delete()
      await this.meta.put({ key: CATALOG_PALETTE, value: palette })
      await this.meta.put({ key: CATALOG_SYNCED_AT, value: now })
    })
  }

  async catalogPalette(): Promise<PaletteSwatch[] | undefined> {
    const record = await this.meta.get(CATALOG_PALETTE)
    return Array.isArray(record?.value) ? (record.value as PaletteSwatch[]) : undefined
  }

  async catalogSyncedAt(): Promise<number | undefined> {
    const record = await this.meta.get(CATALOG_SYNCED_AT)
    return typeof record?.value === 'number' ? record.value : undefined
  }

  async catalogProduct(slug: string): Promise<CatalogProduct | undefined> {
    return (await this.products.get(slug))?.data
  }

  async catalogFamily(family: string): Promise<CatalogProduct[]> {
    return (await this.products.where('family').equals(family).toArray()).map((r) => r.data)
  }
}
