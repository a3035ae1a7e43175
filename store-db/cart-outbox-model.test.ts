import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { emptyCart, type CartLine as WireCartLine } from '../contract/cart.ts'
import { lineIdentity } from '../contract/line-identity.ts'
import {
  aliasesAfter,
  applyPlan,
  entryName,
  intentFromRequest,
  isSubmitAnswer,
  nextToSend,
  planLineEdit,
  rebase,
  requestOf,
  type LineAliases,
  type OutboxEntry,
  type ServerCart,
  visibleTo,
} from './cart-outbox-model.ts'

const display = (name: string) => ({
  name,
  productSlug: name.toLowerCase(),
  productPath: `/equipment/${name.toLowerCase()}`,
  variantName: null,
  image: null,
  unitPrice: 100,
  currency: 'USD',
  summary: [],
})

let keyCounter = 0
const newKey = () => `key-${(keyCounter += 1).toString().padStart(6, '0')}`

function submit(notes = '', key = newKey()): OutboxEntry {
  return {
    kind: 'submit',
    key,
    request: { notes, optIn: false },
    order: { itemCount: 1, total: 100, currency: 'USD', names: ['Mission'] },
    claimed: false,
    at: 0,
  }
}

function add(sku: string, qty = 1, key = newKey()): OutboxEntry {
  return {
    kind: 'add',
    key,
    request: { sku, qty, meta: [], child: [] },
    line: display(sku),
    claimed: false,
    at: 0,
  }
}

/** A server that does what server/services/cart/ does, for the rules the client relies on. */
class FakeServer {
  lines: WireCartLine[] = []
  /** Each submitted order's lines, by identity. */
  orders: Record<string, number>[] = []
  private keys = new Map<
    string,
    { answer: { status: number; cart?: ServerCart }; lineId?: string }
  >()
  private ids = 0

  clone(): FakeServer {
    const copy = new FakeServer()
    copy.lines = this.lines.map((line) => ({ ...line }))
    copy.orders = [...this.orders]
    copy.keys = new Map(this.keys)
    copy.ids = this.ids
    return copy
  }

  cart(): ServerCart {
    const items = this.lines.map((line) => ({ ...line }))
    const subtotal = items.reduce((sum, line) => sum + line.line_price, 0)
    return {
      ...emptyCart(),
      id: 'c0ffee00-0000-4000-8000-000000000000',
      items,
      item_count: items.reduce((sum, line) => sum + line.qty, 0),
      subtotal,
      total: subtotal,
    }
  }

  private resolve(id: string): WireCartLine | undefined {
    const lineId = /^[0-9a-f]{8}-/.test(id) ? id : this.keys.get(id)?.lineId
    return this.lines.find((line) => line.id === lineId)
  }

  apply(entry: OutboxEntry): { status: number; cart?: ServerCart } {
    const seen = this.keys.get(entry.key)
    if (seen) return seen.answer
    let lineId: string | undefined
    let status = 200
    if (entry.kind === 'add') {
      const identity = lineIdentity(entry.request.sku, entry.request.meta, entry.request.child)
      const same = this.lines.find(
        (line) => lineIdentity(line.sku, line.meta, line.child) === identity,
      )
      if (same) {
        if (same.qty + entry.request.qty > 99) status = 422
        else {
          same.qty += entry.request.qty
          same.line_price = same.qty * same.unit_price
          lineId = same.id
        }
      } else {
        this.ids += 1
        lineId = `${this.ids.toString(16).padStart(8, '0')}-0000-4000-8000-000000000000`
        this.lines.push({
          id: lineId,
          sku: entry.request.sku,
          product_slug: '',
          product_path: '',
          name: entry.request.sku,
          variant_name: null,
          image: null,
          qty: entry.request.qty,
          unit_price: 100,
          line_price: 100 * entry.request.qty,
          meta: entry.request.meta,
          child: [],
          summary: [],
        })
      }
    } else if (entry.kind === 'submit') {
      if (this.lines.length === 0) status = 422
      else {
        this.orders.push(qtyByIdentity(this.lines))
        this.lines = []
      }
    } else if (entry.kind === 'update-qty') {
      const line = this.resolve(entry.lineId)
      if (!line) status = 404
      else if (entry.qty === 0) this.lines = this.lines.filter((candidate) => candidate !== line)
      else {
        line.qty = entry.qty
        line.line_price = line.qty * line.unit_price
      }
    }
    const answer = status === 200 ? { status, cart: this.cart() } : { status }
    this.keys.set(entry.key, { answer, lineId })
    return answer
  }
}

function qtyByIdentity(items: readonly Pick<WireCartLine, 'sku' | 'meta' | 'child' | 'qty'>[]) {
  const result: Record<string, number> = {}
  for (const line of items) result[lineIdentity(line.sku, line.meta, line.child)] = line.qty
  return result
}

/** The device: the server's last cart, the outbox, the aliases, as StoreDB keeps them. */
class Device {
  server: ServerCart | null = null
  outbox: OutboxEntry[] = []
  aliases: LineAliases = {}
  refusals: { entry: OutboxEntry; status: number }[] = []
  private seq = 0

  shown() {
    return rebase(this.server, this.outbox, this.aliases)
  }

  push(entry: OutboxEntry) {
    this.outbox = applyPlan(
      this.outbox,
      { remove: [], update: [], append: [entry] },
      () => ++this.seq,
    )
  }

  edit(lineId: string, qty: number, name: string, by?: string) {
    const plan = planLineEdit(this.server, this.outbox, this.aliases, {
      lineId,
      qty,
      key: newKey(),
      name,
      at: 0,
      ...(by === undefined ? {} : { by }),
    })
    this.outbox = applyPlan(this.outbox, plan, () => ++this.seq)
  }

  /** The drainer: claims the first entry, sends it, and (unless the answer is lost) settles it. */
  send(server: FakeServer, loseAnswer: boolean) {
    const first = nextToSend(this.outbox)
    if (!first) return
    first.claimed = true
    const answer = server.apply(first)
    if (loseAnswer) return
    this.outbox = this.outbox.filter((entry) => entry.seq !== first.seq)
    if (answer.cart) {
      this.server = answer.cart
      this.aliases = aliasesAfter(this.aliases, first, answer.cart, this.outbox)
    } else this.refusals.push({ entry: first, status: answer.status })
  }

  /** A read of GET /api/order replaces the server's last cart only while nothing is in flight. */
  read(server: FakeServer) {
    if (this.outbox.some((entry) => entry.claimed)) return
    this.server = server.cart()
  }
}

describe('rebase', () => {
  it('shows a waiting add as a new line whose id is its key', () => {
    const entry = add('MISSION', 1, 'add-key-1')
    const shown = rebase(null, [{ ...entry, seq: 1 }])
    expect(shown.items).toMatchObject([{ id: 'add-key-1', sku: 'MISSION', qty: 1, pending: true }])
    expect(shown.item_count).toBe(1)
    expect(shown.estimated).toBe(true)
  })

  it('sums a waiting add into the server line of the same identity, and two adds together', () => {
    const server = new FakeServer()
    server.apply(add('MISSION'))
    const shown = rebase(server.cart(), [
      { ...add('MISSION', 2), seq: 1 },
      { ...add('URATUL'), seq: 2 },
      { ...add('URATUL'), seq: 3 },
    ])
    expect(qtyByIdentity(shown.items)).toEqual({
      [lineIdentity('MISSION', [], [])]: 3,
      [lineIdentity('URATUL', [], [])]: 2,
    })
    expect(shown.items[0]!.pending).toBe(true)
  })

  it('applies an update-qty naming an add key through the aliases once the add has landed', () => {
    const server = new FakeServer()
    const first = add('MISSION')
    server.apply(first)
    const lineId = server.lines[0]!.id
    const edit: OutboxEntry = {
      kind: 'update-qty',
      key: newKey(),
      lineId: first.key,
      qty: 4,
      name: 'Mission',
      claimed: true,
      at: 0,
      seq: 2,
    }
    const shown = rebase(server.cart(), [edit], { [first.key]: lineId })
    expect(shown.items[0]).toMatchObject({ id: lineId, qty: 4, pending: true })
  })

  it('is the server cart as it is with an empty outbox', () => {
    const server = new FakeServer()
    server.apply(add('MISSION'))
    expect(rebase(server.cart(), [])).toMatchObject({ ...server.cart(), estimated: false })
  })
})

describe('visibleTo', () => {
  const accountCart = () => {
    const server = new FakeServer()
    server.apply(add('MISSION'))
    return server.cart()
  }
  const mine = { ...add('URATUL'), seq: 1, by: 'ann@example.com' }
  const theirs = { ...add('WEEKEND'), seq: 2, by: 'bob@example.com' }
  const unknown = { ...add('MISSION'), seq: 3, by: '' }
  const signedOut = { ...add('WEEKEND'), seq: 4 }

  it('shows everything on a device that has not kept who is at it', () => {
    const cart = accountCart()
    const outbox = [mine, theirs, signedOut]
    expect(visibleTo(undefined, { cart, owner: 'account' }, outbox)).toEqual({
      server: cart,
      outbox,
      held: 0,
    })
  })

  it('signed out: neither the account’s last cart nor the changes made signed in, which are counted as held', () => {
    const shown = visibleTo(
      { signedIn: false, email: '' },
      { cart: accountCart(), owner: 'account' },
      [mine, theirs, unknown, signedOut],
    )
    expect(shown).toEqual({ server: null, outbox: [signedOut], held: 3 })
    expect(rebase(shown.server, shown.outbox).items.map((line) => line.sku)).toEqual(['WEEKEND'])
  })

  it('signed out: the device’s own last cart stays shown', () => {
    const cart = accountCart()
    const shown = visibleTo({ signedIn: false, email: '' }, { cart, owner: 'device' }, [signedOut])
    expect(shown).toEqual({ server: cart, outbox: [signedOut], held: 0 })
  })

  it('signed in: the account’s changes and those made signed out, not another account’s', () => {
    const cart = accountCart()
    const shown = visibleTo(
      { signedIn: true, email: 'ann@example.com' },
      { cart, owner: 'account' },
      [mine, theirs, unknown, signedOut],
    )
    expect(shown).toEqual({ server: cart, outbox: [mine, unknown, signedOut], held: 1 })
  })

  it('signed in before the e-mail was read: nothing can be told apart, so all is shown', () => {
    const cart = accountCart()
    const shown = visibleTo({ signedIn: true, email: '' }, { cart, owner: 'account' }, [
      mine,
      theirs,
    ])
    expect(shown).toEqual({ server: cart, outbox: [mine, theirs], held: 0 })
  })
})

describe('a submit in the outbox', () => {
  it('shows the cart empty and submitting, its lines gone with the order; later adds start a new cart', () => {
    const server = new FakeServer()
    server.apply(add('MISSION'))
    const shown = rebase(server.cart(), [
      { ...add('URATUL'), seq: 1 },
      { ...submit(), seq: 2 },
    ])
    expect(shown).toMatchObject({ items: [], item_count: 0, total: 0, submitting: true })
    const after = rebase(server.cart(), [
      { ...submit(), seq: 1 },
      { ...add('WEEKEND'), seq: 2 },
    ])
    expect(after.items.map((line) => line.sku)).toEqual(['WEEKEND'])
    expect(after.submitting).toBe(true)
    expect(rebase(server.cart(), []).submitting).toBe(false)
  })

  it('is sent as POST /api/order/submit {notes, optIn}, spelled as the API spells them', () => {
    const entry = { ...submit('Size M, please'), seq: 1 }
    expect(requestOf(entry)).toEqual({
      path: '/api/order/submit',
      body: { notes: 'Size M, please', optIn: false },
    })
    expect(entryName(entry)).toBe('Your order')
    expect(intentFromRequest('/api/order/submit', { notes: 'x', optIn: true })).toMatchObject({
      kind: 'submit',
      request: { notes: 'x', optIn: true },
    })
    // optIn is true only when the customer said so (false by default).
    expect(intentFromRequest('/api/order/submit', { notes: 'x', optIn: 'yes' })).toMatchObject({
      request: { optIn: false },
    })
  })

  it('knows the shop’s answer to a submit', () => {
    const order = { id: 'o-1', status: 'submitted', currency: 'USD', total: 100 }
    expect(isSubmitAnswer({ ...order, payment_due_today: false })).toBe(true)
    expect(isSubmitAnswer(order)).toBe(false)
    expect(isSubmitAnswer({ ...order, id: '', payment_due_today: false })).toBe(false)
    expect(isSubmitAnswer(emptyCart())).toBe(false)
  })
})

describe('planLineEdit', () => {
  it('folds one more / one fewer / remove into an unclaimed add', () => {
    const device = new Device()
    device.push(add('MISSION', 1, 'mission-add'))
    device.edit('mission-add', 2, 'Mission')
    expect(device.outbox).toHaveLength(1)
    expect(device.outbox[0]).toMatchObject({ kind: 'add', request: { qty: 2 } })
    device.push(add('URATUL', 1, 'uratul-add'))
    device.edit('uratul-add', 0, 'Uratul')
    expect(device.outbox.map((entry) => entry.key)).toEqual(['mission-add'])
  })

  it('sends an edit of a claimed add against the add key, absolute, and never changes the add', () => {
    const device = new Device()
    device.push(add('MISSION', 1, 'mission-add'))
    device.outbox[0]!.claimed = true
    device.edit('mission-add', 2, 'Mission')
    device.edit('mission-add', 3, 'Mission')
    expect(device.outbox).toMatchObject([
      { kind: 'add', request: { qty: 1 }, claimed: true },
      { kind: 'update-qty', lineId: 'mission-add', qty: 3 },
    ])
    expect(device.shown().items[0]!.qty).toBe(3)
  })

  it('collapses consecutive waiting edits of a server line into the last one, not claimed ones', () => {
    const server = new FakeServer()
    server.apply(add('MISSION'))
    const device = new Device()
    device.read(server)
    const lineId = server.lines[0]!.id
    device.edit(lineId, 2, 'Mission')
    device.outbox[0]!.claimed = true
    device.edit(lineId, 3, 'Mission')
    device.edit(lineId, 4, 'Mission')
    expect(device.outbox.map((entry) => (entry.kind === 'update-qty' ? entry.qty : 0))).toEqual([
      2, 4,
    ])
  })

  it('sends an edit made signed out that replaces one made signed in where that one would go', () => {
    const server = new FakeServer()
    server.apply(add('MISSION'))
    const device = new Device()
    device.read(server)
    const lineId = server.lines[0]!.id
    device.edit(lineId, 2, 'Mission', 'pilot@example.com')
    device.edit(lineId, 3, 'Mission')
    expect(device.outbox.map((entry) => [entry.kind, entry.by])).toEqual([
      ['update-qty', 'pilot@example.com'],
    ])
    device.edit(lineId, 4, 'Mission', 'other@example.com')
    expect(device.outbox.map((entry) => entry.by)).toEqual(['other@example.com'])
  })

  it('keeps the issue’s repro to two Mission bags and no Uratul bag', () => {
    const device = new Device()
    device.push(add('MISSION', 1, 'mission-add'))
    device.edit('mission-add', 2, 'Mission')
    device.push(add('URATUL', 1, 'uratul-add'))
    device.edit('uratul-add', 0, 'Uratul')
    const server = new FakeServer()
    while (device.outbox.length > 0) device.send(server, false)
    expect(qtyByIdentity(server.lines)).toEqual({ [lineIdentity('MISSION', [], [])]: 2 })
    expect(device.refusals).toEqual([])
  })
})

describe('the outbox', () => {
  it('sends the oldest entry first, by seq', () => {
    const outbox = [
      { ...add('B'), seq: 5 },
      { ...add('A'), seq: 2 },
    ]
    expect(nextToSend(outbox)?.seq).toBe(2)
  })

  it('never rewrites a claimed entry', () => {
    const claimed = { ...add('A'), seq: 1, claimed: true }
    expect(() =>
      applyPlan([claimed], { remove: [], update: [{ ...claimed, at: 9 }], append: [] }, () => 2),
    ).toThrow(/frozen/)
  })

  it('turns an older release’s queued requests into intents', () => {
    const intent = intentFromRequest('/api/order/add', {
      sku: 'MISSION',
      qty: 1,
      meta: [],
      child: [],
    })
    expect(intent).toMatchObject({ kind: 'add', request: { sku: 'MISSION', qty: 1 } })
    expect(
      requestOf({ ...(intent as OutboxEntry), key: 'k'.repeat(8), claimed: false, at: 0 }),
    ).toEqual({ path: '/api/order/add', body: { sku: 'MISSION', qty: 1, meta: [], child: [] } })
    expect(intentFromRequest('/api/order/item/abc/update-qty', { qty: 2 })).toMatchObject({
      kind: 'update-qty',
      lineId: 'abc',
      qty: 2,
    })
    expect(intentFromRequest('/api/user', {})).toBeUndefined()
  })
})

type Action =
  | { type: 'add'; sku: string; qty: number }
  | { type: 'edit'; pick: number; op: 'more' | 'fewer' | 'remove' }
  | { type: 'send' }
  | { type: 'lose' }
  | { type: 'read' }
  | { type: 'submit' }

const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    type: fc.constant('add' as const),
    sku: fc.constantFrom('MISSION', 'URATUL', 'WEEKEND'),
    qty: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    type: fc.constant('edit' as const),
    pick: fc.nat(),
    op: fc.constantFrom('more' as const, 'fewer' as const, 'remove' as const),
  }),
  fc.constant({ type: 'send' as const }),
  fc.constant({ type: 'lose' as const }),
  fc.constant({ type: 'read' as const }),
  fc.constant({ type: 'submit' as const }),
)

describe('property: what is shown is what the server will hold', () => {
  it('for any sequence of adds, edits, submits, sends, lost answers and reads', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { maxLength: 40 }), (actions) => {
        const server = new FakeServer()
        const device = new Device()
        /** Each submit orders exactly what the cart showed when the customer pressed it. */
        const submitted: Record<string, number>[] = []
        for (const action of actions) {
          if (action.type === 'add') device.push(add(action.sku, action.qty))
          else if (action.type === 'submit') {
            const shown = device.shown().items
            // The checkout offers Submit only for a cart with lines.
            if (shown.length === 0) continue
            submitted.push(qtyByIdentity(shown))
            device.push(submit())
          } else if (action.type === 'edit') {
            const items = device.shown().items
            const line = items[action.pick % Math.max(1, items.length)]
            if (!line) continue
            const qty =
              action.op === 'remove'
                ? 0
                : action.op === 'more'
                  ? Math.min(99, line.qty + 1)
                  : Math.max(1, line.qty - 1)
            device.edit(line.id, qty, line.name)
          } else if (action.type === 'send') device.send(server, false)
          else if (action.type === 'lose') device.send(server, true)
          else device.read(server)
          // At every step: the shown cart is what the server holds once the outbox is sent.
          const future = server.clone()
          for (const entry of device.outbox) future.apply(entry)
          expect(qtyByIdentity(device.shown().items)).toEqual(qtyByIdentity(future.lines))
        }
        const expected = qtyByIdentity(device.shown().items)
        while (device.outbox.length > 0) device.send(server, false)
        expect(qtyByIdentity(server.lines)).toEqual(expected)
        // Nothing the customer did was refused: no edit ever named a line the server lacks.
        expect(device.refusals.filter((refusal) => refusal.status === 404)).toEqual([])
        expect(device.refusals).toEqual([])
        expect(server.orders).toEqual(submitted)
      }),
      { numRuns: 300 },
    )
  })
})
