import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  checkoutSteps,
  initialCheckoutFlags,
  readyToSubmit,
  refreshCheckoutFlags,
  selectCheckoutStep,
  type CheckoutFlags,
  type CheckoutOrderData,
  type CheckoutStep,
} from '../../contract/checkout-steps.ts'

const flagNames = [
  'hasShippingAddress',
  'requireShippingMethod',
  'hasShippingMethod',
  'requireSignedWaiver',
  'hasSignedWaiver',
  'requierPaymentToday',
] as const satisfies readonly (keyof CheckoutFlags)[]

/** All 64 combinations of the six flags. */
const everyCombination: CheckoutFlags[] = Array.from({ length: 64 }, (_, bits) =>
  Object.fromEntries(flagNames.map((name, index) => [name, (bits & (1 << index)) !== 0])),
) as unknown as CheckoutFlags[]

const order = (over: Partial<CheckoutOrderData> = {}): CheckoutOrderData => ({
  isMto: false,
  shippingAddress: null,
  shipping: null,
  requireSignature: false,
  signed: false,
  ...over,
})

/** What the customer does on a step: it gives the order what that step asks for. */
function fulfil(flags: CheckoutFlags, step: CheckoutStep): CheckoutFlags {
  if (step === 'stepShippingAddress') return { ...flags, hasShippingAddress: true }
  if (step === 'stepShippingMethod') return { ...flags, hasShippingMethod: true }
  if (step === 'stepWaiver') return { ...flags, hasSignedWaiver: true }
  return flags
}

describe('the checkout step', () => {
  it('is stepLogin before sign-in, whatever the flags', () => {
    for (const flags of everyCombination) expect(selectCheckoutStep(flags, false)).toBe('stepLogin')
    expect(checkoutSteps[0]).toBe('stepLogin')
  })

  it('asks for the address first, whatever else is missing', () => {
    for (const flags of everyCombination.filter((f) => !f.hasShippingAddress))
      expect(selectCheckoutStep(flags)).toBe('stepShippingAddress')
  })

  it('is a submit exactly when nothing required is missing, paying only when payment is due', () => {
    for (const flags of everyCombination) {
      const complete =
        flags.hasShippingAddress &&
        (!flags.requireShippingMethod || flags.hasShippingMethod) &&
        (!flags.requireSignedWaiver || flags.hasSignedWaiver)
      expect(readyToSubmit(flags), JSON.stringify(flags)).toBe(complete)
      if (complete) {
        expect(selectCheckoutStep(flags)).toBe(
          flags.requierPaymentToday ? 'stepSubmitPayment' : 'stepSubmitNoPayment',
        )
      }
    }
  })

  it('moves only forward, in the checkout’s order, as each step is done, and reaches a submit', () => {
    const order: readonly CheckoutStep[] = checkoutSteps
    for (const start of everyCombination) {
      let flags = start
      let step = selectCheckoutStep(flags)
      const seen = [step]
      while (!readyToSubmit(flags)) {
        flags = fulfil(flags, step)
        const next = selectCheckoutStep(flags)
        expect(order.indexOf(next)).toBeGreaterThan(order.indexOf(step))
        step = next
        seen.push(step)
      }
      expect(seen.length).toBeLessThanOrEqual(4)
    }
  })

  it('never asks for a waiver that is not required, or a method that is not', () => {
    for (const flags of everyCombination) {
      const step = selectCheckoutStep(flags)
      if (step === 'stepWaiver') expect(flags.requireSignedWaiver).toBe(true)
      if (step === 'stepShippingMethod') expect(flags.requireShippingMethod).toBe(true)
    }
  })
})

describe('the flags refreshed from the order', () => {
  it('asks a made-to-order order for no shipping method and no payment today', () => {
    const mto = refreshCheckoutFlags(
      initialCheckoutFlags,
      order({ isMto: true, shippingAddress: { city: 'Lodi' } }),
    )
    expect(mto).toMatchObject({ requireShippingMethod: false, requierPaymentToday: false })
    expect(selectCheckoutStep(mto)).toBe('stepSubmitNoPayment')
    const ordinary = refreshCheckoutFlags(mto, order({ shippingAddress: { city: 'Lodi' } }))
    expect(ordinary).toMatchObject({ requireShippingMethod: true, requierPaymentToday: true })
    expect(selectCheckoutStep(ordinary)).toBe('stepShippingMethod')
  })

  it('has a shipping method when shipping is present and not 0', () => {
    const method = (shipping: unknown) =>
      refreshCheckoutFlags(initialCheckoutFlags, order({ shipping })).hasShippingMethod
    expect([null, undefined, 0].map(method)).toEqual([false, false, false])
    expect([1500, { carrier: 'UPS', service_code: '03' }].map(method)).toEqual([true, true])
  })

  it('follows the address and requireSignature both ways', () => {
    const signed = refreshCheckoutFlags(
      initialCheckoutFlags,
      order({ shippingAddress: { city: 'Lodi' }, requireSignature: true }),
    )
    expect(signed).toMatchObject({ hasShippingAddress: true, requireSignedWaiver: true })
    const after = refreshCheckoutFlags(signed, order())
    expect(after).toMatchObject({ hasShippingAddress: false, requireSignedWaiver: false })
  })

  it('only ever sets hasSignedWaiver to true, over any sequence of orders', () => {
    const orders = fc.record({
      isMto: fc.boolean(),
      shippingAddress: fc.option(fc.constant({ city: 'Lodi' }), { nil: null }),
      shipping: fc.oneof(fc.constant(null), fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
      requireSignature: fc.boolean(),
      signed: fc.boolean(),
    })
    fc.assert(
      fc.property(fc.array(orders, { maxLength: 20 }), (sequence) => {
        let flags = initialCheckoutFlags
        let everSigned = false
        for (const next of sequence) {
          const before = flags.hasSignedWaiver
          flags = refreshCheckoutFlags(flags, next)
          everSigned ||= next.signed
          if (before) expect(flags.hasSignedWaiver).toBe(true)
          expect(flags.hasSignedWaiver).toBe(everSigned)
        }
      }),
    )
  })
})
