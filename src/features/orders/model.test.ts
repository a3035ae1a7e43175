import { describe, expect, it } from 'vitest'
import { orderNumber } from '../../../contract/orders.ts'
import {
  addressFieldErrors,
  addressLines,
  afterPayment,
  nextSteps,
  offersPayment,
  productionText,
  progressOf,
} from './model.ts'

describe('order screens say', () => {
  it('the order’s number as the mail writes it', () => {
    expect(orderNumber('0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1')).toBe('0B6F5A38')
  })

  it('where the order is on its way', () => {
    const states = (status: Parameters<typeof progressOf>[0]) =>
      progressOf(status).map((step) => `${step.label}:${step.state}`)
    expect(states('submitted')).toEqual([
      'Submitted:current',
      'Paid:to-come',
      'In production:to-come',
      'Shipped:to-come',
      'Delivered:to-come',
    ])
    expect(states('partly_paid').slice(0, 3)).toEqual([
      'Submitted:done',
      'Partly paid:current',
      'In production:to-come',
    ])
    expect(states('shipped').at(3)).toBe('Shipped:current')
    expect(states('delivered').every((state) => state.endsWith(':done'))).toBe(true)
    expect(progressOf('cancelled')).toEqual([])
    expect(progressOf('refunded')).toEqual([])
  })

  it('each item’s own production time, or that it ships from stock', () => {
    expect(productionText(null, true)).toBe('In stock: ships in 2 working days.')
    expect(productionText(null, false)).toBe('Made to order.')
    expect(
      productionText(
        {
          weeksMin: 6,
          weeksMax: 8,
          note: null,
          readyFrom: '2027-04-13',
          readyBy: '2027-04-27',
        },
        false,
      ),
    ).toBe('Made to order: 6–8 weeks, ready between April 13, 2027 and April 27, 2027.')
    expect(
      productionText(
        {
          weeksMin: 1,
          weeksMax: 1,
          note: null,
          readyFrom: '2027-04-13',
          readyBy: '2027-04-13',
        },
        false,
      ),
    ).toBe('Made to order: 1 week, ready around April 13, 2027.')
  })

  it('no payment due today for a made-to-order order, else what is left to do', () => {
    const base = { status: 'submitted' as const, balance: 228_000, paid: 0, paymentDue: true }
    expect(nextSteps({ ...base, isMto: true }).join(' ')).toContain('No payment is due today')
    expect(nextSteps({ ...base, isMto: false }).join(' ')).toContain('waiting for its payment')
    expect(nextSteps({ ...base, isMto: false, paid: 1000 }).join(' ')).toContain('Part of')
    expect(
      nextSteps({ ...base, isMto: false, paid: 228_000, balance: 0, paymentDue: false }).join(' '),
    ).toContain('Your order is paid')
  })

  it('a made-to-order order paid in full says it is paid, not that a balance will fall due', () => {
    const paid = {
      status: 'paid' as const,
      isMto: true,
      paymentDue: false,
      paid: 235_500,
      balance: 0,
    }
    const said = nextSteps(paid).join(' ')
    expect(said).not.toContain('when the balance is due')
    expect(said).not.toContain('No payment is due today')
    expect(said).toContain('paid in full')
    const part = nextSteps({ ...paid, status: 'partly_paid', paid: 100_000, balance: 135_500 })
    expect(part.join(' ')).toContain('Part of your order is paid')
    // A copy that says a payment is due on a zero balance still says the order is paid.
    expect(nextSteps({ ...paid, isMto: false, paymentDue: true }).join(' ')).toContain(
      'Your order is paid',
    )
  })

  it('offers to pay only an open balance, never a zero one', () => {
    expect(offersPayment({ paymentDue: true, balance: 23_395 })).toBe(true)
    expect(offersPayment({ paymentDue: true, balance: 0 })).toBe(false)
    expect(offersPayment({ paymentDue: false, balance: 23_395 })).toBe(false)
  })

  it('the order as a payment’s answer leaves it: amounts, status and whether anything is due', () => {
    const before = {
      status: 'submitted' as const,
      total: 23_395,
      paid: 0,
      balance: 23_395,
      paymentDue: true,
      id: 'o',
    }
    expect(
      afterPayment(before, { status: 'paid', total: 23_395, paid: 23_395, balance: 0 }),
    ).toEqual({
      id: 'o',
      status: 'paid',
      total: 23_395,
      paid: 23_395,
      balance: 0,
      paymentDue: false,
    })
    expect(
      afterPayment(before, { status: 'partly_paid', total: 23_395, paid: 10_000, balance: 13_395 }),
    ).toMatchObject({ status: 'partly_paid', balance: 13_395, paymentDue: true })
    // A status this build does not know keeps the one read.
    expect(
      afterPayment(before, { status: 'settling', total: 23_395, paid: 0, balance: 23_395 }).status,
    ).toBe('submitted')
  })

  it('an address one part a line, and the server’s messages under the form’s fields', () => {
    expect(
      addressLines({
        name: 'Dana Flyer',
        line1: '1200 Skydive Lane',
        line2: null,
        city: 'Eloy',
        region: 'AZ',
        postalCode: '85131',
        country: 'US',
      }),
    ).toEqual(['Dana Flyer', '1200 Skydive Lane', 'Eloy, AZ 85131', 'US'])
    // Elsewhere the postal code comes first; the country by its name where one is given.
    expect(
      addressLines(
        { name: 'Kari', line1: 'Vangsgata 1', city: 'Voss', postalCode: '5700', country: 'NO' },
        (code) => (code === 'NO' ? 'Norway' : code),
      ),
    ).toEqual(['Kari', 'Vangsgata 1', '5700 Voss', 'Norway'])
    expect(
      addressFieldErrors({
        'address.postal_code': ['“ABC” is not a postal code in United States.'],
        'address.line1': ['Enter the street address.'],
        orderId: ['This order has shipped.'],
      }),
    ).toEqual({
      postalCode: '“ABC” is not a postal code in United States.',
      line1: 'Enter the street address.',
      orderId: 'This order has shipped.',
    })
  })
})
