import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { checkAddress } from '../../../contract/address.ts'
import { checkoutSteps, selectCheckoutStep } from '../../../contract/checkout-steps.ts'
import rates from '../../../content/shipping-rates.json'
import { isRequiredAddressField } from '../../components/address-form.ts'
import { ApiError, NetworkError, ValidationError } from '../../lib/api-client.ts'
import {
  addressDraftOf,
  addressFields,
  addressInput,
  addressLine,
  checkAddressDraft,
  checkoutFlags,
  checkoutMessages,
  checkWaiver,
  emptyAddress,
  fieldMessages,
  preferredSavedAddress,
  problemOf,
  reviveCheckoutDraft,
  shownStep,
  stepsFor,
  type CheckoutCart,
} from './model.ts'

const address = {
  name: 'Dana Flyer',
  line1: '1200 Skydive Lane',
  line2: null,
  city: 'Eloy',
  region: 'AZ',
  postalCode: '85131',
  country: 'US',
  phone: null,
}

const cart = (order: Partial<CheckoutCart> = {}): CheckoutCart => ({
  id: 'c0ffee00-0000-4000-8000-000000000000',
  currency: 'USD',
  itemCount: 1,
  total: 18900,
  items: [{ name: 'Mission bag', qty: 1 }],
  ...order,
})

describe('the steps a cart goes through', () => {
  it('a bag in stock: address, shipping, then submit and pay', () => {
    const flags = checkoutFlags(cart(), false)
    expect(stepsFor(flags)).toEqual([
      'stepLogin',
      'stepShippingAddress',
      'stepShippingMethod',
      'stepSubmitPayment',
    ])
    expect(shownStep(flags, false, null)).toBe('stepLogin')
    expect(shownStep(flags, true, null)).toBe('stepShippingAddress')
    const addressed = checkoutFlags(cart({ shippingAddress: address }), false)
    expect(shownStep(addressed, true, null)).toBe('stepShippingMethod')
    const shipped = checkoutFlags(
      cart({
        shippingAddress: address,
        shipping: { carrier: 'ups', serviceCode: 'g', serviceName: 'G', amount: 1795 },
      }),
      false,
    )
    expect(shownStep(shipped, true, null)).toBe('stepSubmitPayment')
  })

  it('a made-to-order suit: address, the waiver when the product needs one, then submit without payment', () => {
    const suit = cart({ isMto: true, requireSignature: true, shippingAddress: address })
    expect(stepsFor(checkoutFlags(suit, false))).toEqual([
      'stepLogin',
      'stepShippingAddress',
      'stepWaiver',
      'stepSubmitNoPayment',
    ])
    expect(shownStep(checkoutFlags(suit, false), true, null)).toBe('stepWaiver')
    expect(shownStep(checkoutFlags({ ...suit, signed: true }, false), true, null)).toBe(
      'stepSubmitNoPayment',
    )
  })

  it('keeps a waiver signed on this page signed, whatever a later read says', () => {
    const suit = cart({ isMto: true, requireSignature: true, shippingAddress: address })
    expect(checkoutFlags(suit, true).hasSignedWaiver).toBe(true)
    expect(shownStep(checkoutFlags(suit, true), true, null)).toBe('stepSubmitNoPayment')
  })

  it('goes back to an earlier step on request, never forward past the machine', () => {
    const shipped = checkoutFlags(cart({ shippingAddress: address, shipping: 1795 }), false)
    expect(shownStep(shipped, true, 'stepShippingAddress')).toBe('stepShippingAddress')
    expect(shownStep(shipped, true, 'stepShippingMethod')).toBe('stepShippingMethod')
    const fresh = checkoutFlags(cart(), false)
    expect(shownStep(fresh, true, 'stepSubmitPayment')).toBe('stepShippingAddress')
    // A step this order does not have is not offered.
    expect(shownStep(shipped, true, 'stepWaiver')).toBe('stepSubmitPayment')
    expect(shownStep(shipped, true, 'stepLogin')).toBe('stepSubmitPayment')
    expect(shownStep(shipped, false, 'stepShippingAddress')).toBe('stepLogin')
  })

  it('for every order and every step asked for: the machine’s step, or an earlier one of this order', () => {
    fc.assert(
      fc.property(
        fc.record({
          isMto: fc.boolean(),
          shippingAddress: fc.constantFrom(null, undefined, address),
          shipping: fc.constantFrom(null, undefined, 0, 1795),
          requireSignature: fc.boolean(),
          signed: fc.boolean(),
        }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(null, ...checkoutSteps),
        (order, signedHere, signedIn, editing) => {
          const flags = checkoutFlags(cart(order), signedHere)
          const machine = selectCheckoutStep(flags, signedIn)
          const shown = shownStep(flags, signedIn, editing)
          const steps = stepsFor(flags)
          expect(steps).toContain(machine)
          expect(steps.indexOf(shown)).toBeLessThanOrEqual(steps.indexOf(machine))
          expect(shown === machine || shown === editing).toBe(true)
        },
      ),
    )
  })
})

describe('the address form', () => {
  it('turns a saved address into the form and back into the call’s body', () => {
    const draft = addressDraftOf(address)
    expect(draft).toMatchObject({ postal_code: '85131', line2: '', phone: '' })
    expect(addressInput(draft)).toEqual({
      name: 'Dana Flyer',
      line1: '1200 Skydive Lane',
      line2: null,
      city: 'Eloy',
      region: 'AZ',
      postal_code: '85131',
      country: 'US',
      phone: null,
    })
    expect(addressLine(address)).toBe('Dana Flyer, 1200 Skydive Lane, Eloy AZ 85131, US')
  })

  it('asks for the required fields in the server’s own words before sending', () => {
    expect(checkAddressDraft({ ...emptyAddress, line2: 'Hangar 3' })).toEqual({
      name: 'Enter the name of the person receiving the parcel.',
      line1: 'Enter the street address.',
      city: 'Enter the city or town.',
      postal_code: 'Enter the postal code.',
      country: 'Choose a country.',
    })
    expect(checkAddressDraft(addressDraftOf(address))).toEqual({})
  })

  it('asks for the state where the server does, in its words, and marks it required there only', () => {
    const countries = new Set(rates.zones.flatMap((zone) => zone.countries))
    const names = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' })
    // The server's check (contract/address.ts, as server/services/address.ts calls it), with
    // every postal code taken as good: only the region is in question.
    const rules = {
      countries,
      postalCodeValid: () => true,
      countryName: (c: string) => names.of(c)!,
    }
    const required: string[] = []
    for (const country of countries) {
      const draft = { ...addressDraftOf(address), region: '', country }
      const server = checkAddress(draft, rules)
      const serverSays = server.ok ? undefined : server.errors.region?.[0]
      expect(checkAddressDraft(draft).region, country).toBe(serverSays)
      expect(isRequiredAddressField('region', country), country).toBe(serverSays !== undefined)
      if (serverSays) required.push(country)
    }
    expect(required.sort()).toEqual(['AU', 'BR', 'CA', 'JP', 'MX', 'US'])
    expect(checkAddressDraft({ ...addressDraftOf(address), region: ' ' })).toEqual({
      region: 'Enter the state, province or region: the post in United States needs it.',
    })
  })

  it('starts from the account’s default address, or its only one, when nothing is typed', () => {
    const saved = (id: string, isDefault: boolean) => ({ id, isDefault })
    expect(preferredSavedAddress(undefined)).toBeUndefined()
    expect(preferredSavedAddress([])).toBeUndefined()
    expect(preferredSavedAddress([saved('a', false)])?.id).toBe('a')
    expect(preferredSavedAddress([saved('a', false), saved('b', true)])?.id).toBe('b')
    // Two and none the default: no guess; the customer chooses.
    expect(preferredSavedAddress([saved('a', false), saved('b', false)])).toBeUndefined()
  })

  it('puts each of the server’s messages beside its field', () => {
    const errors = {
      'address.postalCode': ['“ABC” is not a postal code in United States.'],
      'address.region': [
        'Enter the state, province or region: the post in United States needs it.',
      ],
      'Idempotency-Key': ['Bad key.'],
    }
    expect(fieldMessages(errors, addressFields, 'address.')).toEqual({
      fields: {
        postal_code: '“ABC” is not a postal code in United States.',
        region: 'Enter the state, province or region: the post in United States needs it.',
      },
      other: ['Bad key.'],
    })
  })

  it('says what a failure means: offline keeps what was typed, an ended session, a changed cart', () => {
    expect(problemOf(new NetworkError(new TypeError('x')), addressFields)).toEqual({
      fields: {},
      form: checkoutMessages.offline,
    })
    expect(problemOf(new ApiError(401, {}), addressFields).form).toBe(checkoutMessages.sessionEnded)
    expect(problemOf(new ApiError(404, {}), addressFields).form).toBe(checkoutMessages.gone)
    expect(problemOf(new ApiError(500, {}), addressFields).form).toBe(checkoutMessages.failed)
    const invalid = new ValidationError({
      message: 'Invalid.',
      errors: { 'address.city': ['Enter the city or town.'] },
    })
    expect(problemOf(invalid, addressFields, 'address.')).toEqual({
      fields: { city: 'Enter the city or town.' },
    })
  })
})

describe('what the device keeps of what was typed', () => {
  it('revives a kept draft defensively, the opt-in off unless it was ticked', () => {
    expect(reviveCheckoutDraft(undefined)).toEqual({
      address: emptyAddress,
      saveToAccount: false,
      notes: '',
      optIn: false,
      waiverName: '',
    })
    expect(
      reviveCheckoutDraft({
        address: { city: 'Eloy', country: 7, extra: 'x' },
        notes: 'Blue stitching',
        optIn: 'yes',
        waiverName: 'Dana Flyer',
      }),
    ).toEqual({
      address: { ...emptyAddress, city: 'Eloy' },
      saveToAccount: false,
      notes: 'Blue stitching',
      optIn: false,
      waiverName: 'Dana Flyer',
    })
  })

  it('checks the waiver form before it is sent', () => {
    expect(checkWaiver(false, ' ')).toEqual({
      checkbox: 'Tick the box to say you have read and accept the waiver.',
      name: 'Type your full name to sign.',
    })
    expect(checkWaiver(true, 'Dana Flyer')).toEqual({})
  })
})
