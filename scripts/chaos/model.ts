// The model of `npm run chaos` (issue 15): what every owner's cart on the server must hold after a
// customer's actions, whatever the network did meanwhile. Pure: the chaos run feeds it the actions
// it drove in Chromium (and the few facts only the app can tell, such as a refused add or what a
// discard dropped), then compares its carts with the server's, line by line and quantity by
// quantity.
//
// The rules (README "Cart API" and "Cart and offline sync"):
// - A change goes to the cart of whoever the device acts for: the signed-in account (or guest
//   account), else the device's cart (its X-Cart-Token). A guest session on an e-mail that has an
//   account with a password acts for the device's cart, never the account's.
// - An add sums into the line of the same identity (sku + meta), at most 99 (past it: refused, the
//   line is unchanged); else it is a new line at the end. One more, one fewer and remove set the
//   line's quantity (0 removes it). A discount code changes totals, never lines.
// - Signing in merges the device's cart into the account's (identical lines summed up to 99,
//   others appended); the device's cart is then empty. Changes still waiting land in the account.
// - A session that ends (expired, revoked) changes no cart: waiting changes wait for the same
//   customer to sign in again, and land where they would have. Once the page has noticed the end
//   (it forgets the session and shows the customer signed out), the customer acts as a visitor:
//   new changes go to the device's cart, and a later sign-in merges it like any sign-in.
// - Signing out: "send first" changes no cart; "discard" leaves the account's cart as the server
//   held it at that moment (what the customer was told had not reached the shop never does).
//   Either way the device forgets its cart: the next changes go to a new device cart.

export const MAX_QTY = 99

/** A cart line as the model and the comparison see it: identity (sku + meta) and quantity. */
export interface Line {
  sku: string
  /** The line's meta (and children) as canonical JSON; '' for a product's plain sku. */
  meta: string
  qty: number
}

export type Owner = string

export interface Session {
  /** Whose cart the device acts for while this session lasts. */
  owner: Owner
  kind: 'account' | 'guest'
  email: string
  expired: boolean
}

export interface Model {
  carts: Readonly<Record<Owner, readonly Line[]>>
  /** The device's own cart (its current cart token). */
  device: Owner
  session: Session | null
  /** How many device carts (cart tokens) there have been, to name the next one. */
  devices: number
  /** A session that ended and that the page has forgotten: whom "sign in again" signs in. */
  ended?: { kind: 'account' | 'guest' | 'guest-on-account'; email: string }
  /** Codes the server accepted, per owner (totals only: kept for the report). */
  codes: Readonly<Record<Owner, readonly string[]>>
}

export const identityOf = (line: Pick<Line, 'sku' | 'meta'>): string =>
  line.meta ? `${line.sku} ${line.meta}` : line.sku

export function accountOwner(email: string): Owner {
  return `account:${email.trim().toLowerCase()}`
}

export function initialModel(accounts: Record<Owner, readonly Line[]> = {}): Model {
  return {
    carts: { ...accounts, 'device:1': [] },
    device: 'device:1',
    session: null,
    devices: 1,
    codes: {},
  }
}

/** The owner whose cart the device's changes go to now. */
export function currentOwner(model: Model): Owner {
  return model.session?.owner ?? model.device
}

export function cartOf(model: Model, owner: Owner = currentOwner(model)): readonly Line[] {
  return model.carts[owner] ?? []
}

function withCart(model: Model, owner: Owner, lines: readonly Line[]): Model {
  return { ...model, carts: { ...model.carts, [owner]: lines } }
}

/** An add of one; `refused` when the line is already at 99 (the server refuses the sum). */
export function add(
  model: Model,
  item: Pick<Line, 'sku' | 'meta'>,
): { model: Model; refused: boolean } {
  const owner = currentOwner(model)
  const lines = cartOf(model, owner)
  const identity = identityOf(item)
  const same = lines.find((line) => identityOf(line) === identity)
  if (!same)
    return { model: withCart(model, owner, [...lines, { ...item, qty: 1 }]), refused: false }
  if (same.qty + 1 > MAX_QTY) return { model, refused: true }
  return {
    model: withCart(
      model,
      owner,
      lines.map((line) => (line === same ? { ...line, qty: line.qty + 1 } : line)),
    ),
    refused: false,
  }
}

/** One more, one fewer, remove: the quantity the customer set (0 removes the line). */
export function setQty(model: Model, identity: string, qty: number): Model {
  const owner = currentOwner(model)
  const lines = cartOf(model, owner)
  if (!lines.some((line) => identityOf(line) === identity)) {
    throw new Error(`no line ${identity} in ${owner}'s cart`)
  }
  if (qty < 0 || qty > MAX_QTY) throw new Error(`quantity ${qty} out of range`)
  return withCart(
    model,
    owner,
    qty === 0
      ? lines.filter((line) => identityOf(line) !== identity)
      : lines.map((line) => (identityOf(line) === identity ? { ...line, qty } : line)),
  )
}

/** A discount code: an accepted one is recorded, a refused one changes nothing; lines never change. */
export function applyCode(model: Model, code: string, accepted: boolean): Model {
  if (!accepted) return model
  const owner = currentOwner(model)
  return { ...model, codes: { ...model.codes, [owner]: [...(model.codes[owner] ?? []), code] } }
}

/** `from`'s lines merged into `into`: identical lines summed up to 99, the others appended. */
export function mergeLines(into: readonly Line[], from: readonly Line[]): Line[] {
  const merged = into.map((line) => ({ ...line }))
  for (const line of from) {
    const same = merged.find((candidate) => identityOf(candidate) === identityOf(line))
    if (same) same.qty = Math.min(MAX_QTY, same.qty + line.qty)
    else merged.push({ ...line })
  }
  return merged
}

/**
 * Sign-in. `account`: a password account: the device's cart merges into it. A guest session
 * (`guest` on a new e-mail, `guest-on-account` on the customer's) never reaches the account on its
 * address (docs/accounts-and-guests.md): it acts for the device's cart, and nothing merges.
 */
export function signIn(
  model: Model,
  kind: 'account' | 'guest' | 'guest-on-account',
  email: string,
): Model {
  if (model.session) throw new Error('sign in while signed in: sign out first')
  if (kind !== 'account') {
    return {
      ...model,
      session: { owner: model.device, kind: 'guest', email, expired: false },
      ended: undefined,
    }
  }
  const owner = accountOwner(email)
  const merged = mergeLines(cartOf(model, owner), cartOf(model, model.device))
  return {
    ...withCart(withCart(model, owner, merged), model.device, []),
    session: { owner, kind, email, expired: false },
    ended: undefined,
  }
}

/** The session ends on the server (expired or revoked): no cart changes. */
export function expire(model: Model): Model {
  if (!model.session) throw new Error('no session to expire')
  return { ...model, session: { ...model.session, expired: true } }
}

/** The same customer signs in again after the session ended: the waiting changes land as before. */
export function signInAgain(model: Model): Model {
  if (!model.session?.expired) throw new Error('no ended session to sign in again to')
  return { ...model, session: { ...model.session, expired: false } }
}

/** The page noticed the ended session and forgot it: the customer is shown signed out. */
export function forgetEnded(model: Model): Model {
  const session = model.session
  if (!session?.expired) throw new Error('no ended session to forget')
  const kind =
    session.kind === 'account'
      ? 'account'
      : session.owner === model.device
        ? 'guest-on-account'
        : 'guest'
  return { ...model, session: null, ended: { kind, email: session.email } }
}

/**
 * Sign-out. `send`: what waited was sent first: no cart changes. `discard`: the owner's cart is
 * what the server held when the customer discarded (`held`). The device then starts a new cart.
 */
export function signOut(
  model: Model,
  choice: { kind: 'send' } | { kind: 'discard'; held: readonly Line[] } | { kind: 'none-waiting' },
): Model {
  if (!model.session) throw new Error('sign out while signed out')
  const owner = model.session.owner
  const next = choice.kind === 'discard' ? withCart(model, owner, choice.held) : model
  const devices = model.devices + 1
  const device = `device:${devices}`
  return { ...withCart(next, device, []), session: null, device, devices }
}

/** Carts as `identity×qty`, in identity order: the form the comparison and the report use. */
export function describe(lines: readonly Line[]): string[] {
  return lines.map((line) => `${identityOf(line)}×${line.qty}`).sort()
}

export interface Difference {
  owner: Owner
  identity: string
  expected: number
  found: number
}

/**
 * Every line whose quantity differs between the model and the server, per owner. `lost` and
 * `doubled` count the units missing and extra; a line expected in one owner's cart and found in
 * another's shows as lost there and extra here (moved).
 */
export function compare(
  expected: Record<Owner, readonly Line[]>,
  found: Record<Owner, readonly Line[]>,
): { differences: Difference[]; lost: number; doubled: number; moved: number } {
  const differences: Difference[] = []
  const quantities = (lines: readonly Line[] = []) => {
    const map = new Map<string, number>()
    for (const line of lines) map.set(identityOf(line), (map.get(identityOf(line)) ?? 0) + line.qty)
    return map
  }
  for (const owner of new Set([...Object.keys(expected), ...Object.keys(found)])) {
    const want = quantities(expected[owner])
    const have = quantities(found[owner])
    for (const identity of new Set([...want.keys(), ...have.keys()])) {
      const a = want.get(identity) ?? 0
      const b = have.get(identity) ?? 0
      if (a !== b) differences.push({ owner, identity, expected: a, found: b })
    }
  }
  let lost = 0
  let doubled = 0
  for (const difference of differences) {
    if (difference.found < difference.expected) lost += difference.expected - difference.found
    else doubled += difference.found - difference.expected
  }
  // Moved: units missing from one owner that turn up, of the same identity, in another's.
  let moved = 0
  const missing = new Map<string, number>()
  for (const d of differences)
    if (d.found < d.expected)
      missing.set(d.identity, (missing.get(d.identity) ?? 0) + d.expected - d.found)
  for (const d of differences) {
    if (d.found <= d.expected) continue
    const take = Math.min(missing.get(d.identity) ?? 0, d.found - d.expected)
    moved += take
    missing.set(d.identity, (missing.get(d.identity) ?? 0) - take)
  }
  return { differences, lost: lost - moved, doubled: doubled - moved, moved }
}
