import { describe, expect, it } from 'vitest'
import {
  checkoutProblems,
  ledgerProblems,
  type CheckoutSeen,
  type Ledger,
} from './checkout-model.ts'

const BAG = { sku: 'MISSION-BAG-BLACK', meta: '', qty: 2 }
const SUIT = { sku: 'CORVID2-M', meta: '{"meta":[],"child":[]}', qty: 1 }
const ORDER = '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1'
const PAYMENT = '5d2c9a1e-7f7b-4a7e-9d3b-0e6a1c2b3d4e'

const submitted = JSON.stringify({
  id: ORDER,
  status: 'submitted',
  currency: 'USD',
  total: 45900,
  payment_due_today: true,
})
const paid = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({
    order_id: ORDER,
    status: 'paid',
    currency: 'USD',
    total: 45900,
    paid: 45900,
    balance: 0,
    payment: { id: PAYMENT, status: 'settled', amount: 45900 },
    ...overrides,
  })

const seen = (overrides: Partial<CheckoutSeen> = {}): CheckoutSeen => ({
  seed: 7,
  cart: [BAG, SUIT],
  submitAnswers: [submitted, submitted],
  submitAgain: 422,
  order: [SUIT, BAG],
  cartAfter: [],
  payment: { key: 'chaos-pay-7', answers: [paid(), paid()], byLink: false },
  ...overrides,
})

const ledger = (overrides: Partial<Ledger> = {}): Ledger => ({
  charges: [{ orderId: ORDER, attemptKey: 'chaos-pay-7', status: 'settled', amount: 45900 }],
  payments: [{ orderId: ORDER, attemptKey: 'chaos-pay-7', status: 'settled', id: PAYMENT }],
  mail: [`order-submitted:${ORDER}`, `payment-received:${PAYMENT}`, 'order-submitted:other'],
  ...overrides,
})

describe('chaos checkout model', () => {
  it('passes one order per submit, the cart’s lines in it, and one payment answered alike', () => {
    expect(checkoutProblems(seen())).toEqual([])
    expect(ledgerProblems(seen(), ledger())).toEqual([])
  })

  it('finds a second order from one submit key, or a second submit that made one', () => {
    const other = submitted.replace(ORDER, '11111111-5d0e-4d55-9c55-1f0c5bd2a6f1')
    expect(checkoutProblems(seen({ submitAnswers: [submitted, other] }))).toEqual([
      'one submit key answered 2 different orders',
    ])
    expect(checkoutProblems(seen({ submitAgain: 200 }))).toEqual([
      'a second submit with a new key answered 200, not 422',
    ])
  })

  it('finds a line lost or doubled by the submit, and a cart not emptied', () => {
    expect(checkoutProblems(seen({ order: [{ ...BAG, qty: 3 }], cartAfter: [BAG] }))).toEqual([
      'order MISSION-BAG-BLACK: the cart had 2, the order has 3',
      'order CORVID2-M {"meta":[],"child":[]}: the cart had 1, the order has 0',
      'the cart still holds MISSION-BAG-BLACK×2 after the submit',
    ])
  })

  it('finds a payment answered two ways, or not leaving the order paid', () => {
    expect(
      checkoutProblems(
        seen({
          payment: {
            key: 'chaos-pay-7',
            answers: [paid({ paid: 91800, balance: 0 }), paid()],
            byLink: true,
          },
        }),
      ),
    ).toEqual([
      'one payment key answered 2 different ways',
      'paid 91800 (this payment 45900) of 45900',
    ])
  })

  it('finds a second charge, a charge without its payment, or a mail queued twice or never', () => {
    const twice = ledger({
      charges: [
        ...ledger().charges,
        { orderId: ORDER, attemptKey: 'chaos-pay-8', status: 'settled', amount: 45900 },
      ],
    })
    expect(ledgerProblems(seen(), twice)).toEqual([
      'the gateway holds 2 charges (2 settled) for one payment',
    ])
    expect(
      ledgerProblems(seen(), ledger({ payments: [], mail: [`order-submitted:${ORDER}`] })),
    ).toEqual(['the order has 0 payments (0 settled), not 1', '0 receipts queued'])
    expect(ledgerProblems(seen({ payment: undefined }), ledger({ mail: [] }))).toEqual([
      '0 confirmation mails queued',
      '1 charges and 1 payments for an unpaid order',
    ])
  })
})
