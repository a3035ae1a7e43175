import { describe as group, expect, it } from 'vitest'
import {
  accountOwner,
  add,
  applyCode,
  cartOf,
  compare,
  currentOwner,
  describe,
  expire,
  forgetEnded,
  initialModel,
  mergeLines,
  setQty,
  signIn,
  signInAgain,
  signOut,
  type Line,
  type Model,
} from './model.ts'

const BAG = { sku: 'MISSION-BAG-BLACK', meta: '' }
const URATUL = { sku: 'URATUL-BAG-BLACK', meta: '' }
const SUIT = { sku: 'CORVID2-M', meta: '[{"key":"booties"}]' }
const CUSTOMER = 'customer@example.com'

const added = (model: Model, ...items: { sku: string; meta: string }[]) =>
  items.reduce((state, item) => add(state, item).model, model)

group('chaos model', () => {
  it('sums identical adds and appends others, on the device cart before sign-in', () => {
    const model = added(initialModel(), BAG, SUIT, BAG)
    expect(currentOwner(model)).toBe('device:1')
    expect(describe(cartOf(model))).toEqual([
      'CORVID2-M [{"key":"booties"}]×1',
      'MISSION-BAG-BLACK×2',
    ])
  })

  it('tells a suit with a design from the plain sku (identity is sku and meta)', () => {
    const model = added(initialModel(), SUIT, { sku: 'CORVID2-M', meta: '' })
    expect(cartOf(model)).toHaveLength(2)
  })

  it('refuses an add past 99 and leaves the line as it was', () => {
    const full = { carts: { 'device:1': [{ ...BAG, qty: 99 }] } }
    const model = { ...initialModel(), ...full }
    const result = add(model, BAG)
    expect(result.refused).toBe(true)
    expect(cartOf(result.model)).toEqual([{ ...BAG, qty: 99 }])
  })

  it('one more, one fewer and remove set the quantity; 0 removes the line', () => {
    let model = added(initialModel(), BAG, URATUL)
    model = setQty(model, 'MISSION-BAG-BLACK', 2)
    model = setQty(model, 'URATUL-BAG-BLACK', 0)
    expect(describe(cartOf(model))).toEqual(['MISSION-BAG-BLACK×2'])
    expect(() => setQty(model, 'URATUL-BAG-BLACK', 1)).toThrow(/no line/)
  })

  it('a discount code changes no line, accepted or refused', () => {
    const model = added(initialModel(), SUIT)
    expect(applyCode(model, 'NOPE', false)).toBe(model)
    const spring = applyCode(model, 'SPRING', true)
    expect(spring.carts).toEqual(model.carts)
    expect(spring.codes).toEqual({ 'device:1': ['SPRING'] })
  })

  it('sign-in merges the device cart into the account: identical lines summed up to 99', () => {
    const account = accountOwner(CUSTOMER)
    let model = initialModel({
      [account]: [
        { ...BAG, qty: 98 },
        { ...URATUL, qty: 1 },
      ],
    })
    model = added(model, BAG, BAG, SUIT)
    model = signIn(model, 'account', CUSTOMER)
    expect(currentOwner(model)).toBe(account)
    expect(describe(cartOf(model, account))).toEqual([
      'CORVID2-M [{"key":"booties"}]×1',
      'MISSION-BAG-BLACK×99',
      'URATUL-BAG-BLACK×1',
    ])
    expect(cartOf(model, 'device:1')).toEqual([])
    // Changes after sign-in go to the account.
    model = setQty(model, 'URATUL-BAG-BLACK', 3)
    expect(describe(cartOf(model, account))).toContain('URATUL-BAG-BLACK×3')
  })

  it('a guest login acts for the device’s cart and merges nothing, on a new e-mail or an account’s', () => {
    let model = signIn(added(initialModel(), BAG), 'guest', 'New@Example.com ')
    expect(currentOwner(model)).toBe('device:1')
    expect(describe(cartOf(model))).toEqual(['MISSION-BAG-BLACK×1'])

    model = signIn(added(initialModel(), BAG), 'guest-on-account', CUSTOMER)
    expect(currentOwner(model)).toBe('device:1')
    expect(cartOf(model, accountOwner(CUSTOMER))).toEqual([])
    expect(describe(cartOf(model))).toEqual(['MISSION-BAG-BLACK×1'])
  })

  it('an ended session changes no cart, and waiting changes land in the account after signing in again', () => {
    let model = signIn(initialModel(), 'account', CUSTOMER)
    model = expire(model)
    model = added(model, BAG)
    expect(() => signIn(model, 'account', CUSTOMER)).toThrow()
    model = signInAgain(model)
    expect(describe(cartOf(model, accountOwner(CUSTOMER)))).toEqual(['MISSION-BAG-BLACK×1'])
  })

  it('once the page forgets an ended session, new changes go to the device; signing in again merges them', () => {
    const account = accountOwner(CUSTOMER)
    let model = added(signIn(initialModel(), 'account', CUSTOMER), BAG)
    model = forgetEnded(expire(model))
    expect(model.ended).toEqual({ kind: 'account', email: CUSTOMER })
    expect(currentOwner(model)).toBe('device:1')
    model = added(model, URATUL)
    expect(describe(cartOf(model, account))).toEqual(['MISSION-BAG-BLACK×1'])
    model = signIn(model, model.ended!.kind, model.ended!.email)
    expect(model.ended).toBeUndefined()
    expect(describe(cartOf(model, account))).toEqual(['MISSION-BAG-BLACK×1', 'URATUL-BAG-BLACK×1'])
    const guest = forgetEnded(expire(signIn(initialModel(), 'guest-on-account', CUSTOMER)))
    expect(guest.ended?.kind).toBe('guest-on-account')
  })

  it('sign-out with send keeps the cart; with discard the account holds what the server held; the device starts anew', () => {
    const account = accountOwner(CUSTOMER)
    const signedIn = added(signIn(initialModel(), 'account', CUSTOMER), BAG, URATUL)
    const sent = signOut(signedIn, { kind: 'send' })
    expect(describe(cartOf(sent, account))).toEqual(['MISSION-BAG-BLACK×1', 'URATUL-BAG-BLACK×1'])
    expect(sent.session).toBeNull()
    expect(currentOwner(sent)).toBe('device:2')
    expect(cartOf(sent)).toEqual([])

    const held: Line[] = [{ ...BAG, qty: 1 }]
    const discarded = signOut(signedIn, { kind: 'discard', held })
    expect(cartOf(discarded, account)).toEqual(held)
    // The next visitor's adds go to the new device cart, never the account's.
    const next = added(discarded, SUIT)
    expect(cartOf(next, account)).toEqual(held)
    expect(describe(cartOf(next))).toEqual(['CORVID2-M [{"key":"booties"}]×1'])
  })

  it('merging is order-preserving and never exceeds 99', () => {
    expect(
      mergeLines(
        [{ ...BAG, qty: 60 }],
        [
          { ...BAG, qty: 60 },
          { ...SUIT, qty: 2 },
        ],
      ),
    ).toEqual([
      { ...BAG, qty: 99 },
      { ...SUIT, qty: 2 },
    ])
  })

  it('compare counts lost, doubled and moved units per owner', () => {
    const expected = { a: [{ ...BAG, qty: 2 }], b: [{ ...URATUL, qty: 1 }] }
    expect(compare(expected, expected)).toEqual({ differences: [], lost: 0, doubled: 0, moved: 0 })
    const found = {
      a: [{ ...BAG, qty: 1 }],
      b: [
        { ...URATUL, qty: 2 },
        { ...BAG, qty: 1 },
      ],
    }
    const result = compare(expected, found)
    expect(result).toMatchObject({ lost: 0, doubled: 1, moved: 1 })
    expect(result.differences).toHaveLength(3)
  })
})
