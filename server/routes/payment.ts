import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeyPattern } from '../../contract/cart.ts'
import {
  ApplePayFinalizeRequest,
  BitpayPaymentRequest,
  CardPaymentRequest,
  PaymentAnswer,
  PaymentConfig,
  paymentCodePattern,
  PaymentRefusal,
} from '../../contract/payment.ts'
import { uuidPattern } from '../../contract/uuid.ts'
import type { Database } from '../db/index.ts'
import { declared, type DeclaredAnswer } from '../http/declared-answer.ts'
import { errorResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { findOwnedOrder } from '../services/cart/open-cart.ts'
import {
  orderOfPaymentCode,
  paymentMessages,
  type AttemptInput,
  type PayAnswer,
  type Payments,
} from '../services/payments/payments.ts'
import { cartHeaders, orderCalls, ownerRules, unauthenticated } from './order-calls.ts'

/*
 * The payment calls (docs/payments.md): a card nonce (Braintree or the built-in test gateway), a
 * BitPay invoice, Apple Pay through Braintree, BitPay's webhook, and what the payment step offers.
 * The work is services/payments/payments.ts's.
 *
 * Who may pay: the order's owner, found as every order call finds it (services/cart-owner.ts),
 * with the order's id in the path; or anyone holding the order's payment link, with its payment
 * code in the path in place of the id. Anything else is a 404, as an unknown order is.
 */

type OrderRow = NonNullable<Awaited<ReturnType<typeof orderOfPaymentCode>>>

const exampleAttempt = {
  id: '5d2c9a1e-7f7b-4a7e-9d3b-0e6a1c2b3d4e',
  provider: 'test' as const,
  amount: 45900,
  currency: 'USD',
  status: 'settled' as const,
  message: null,
  invoice_url: null,
  created_at: '2026-11-25T10:00:00.000Z',
}

const PaymentAnswerSchema = component(PaymentAnswer, 'PaymentAnswer').openapi({
  example: {
    order_id: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
    status: 'paid',
    currency: 'USD',
    total: 45900,
    paid: 45900,
    balance: 0,
    payment: exampleAttempt,
  },
})
const PaymentRefusalSchema = component(PaymentRefusal, 'PaymentRefusal').openapi({
  example: {
    message: 'Do Not Honor',
    errors: { payment: ['Do Not Honor'] },
    payment: { ...exampleAttempt, status: 'declined', message: 'Do Not Honor' },
  },
})

const PathParam = z.object({
  orderId: z
    .string()
    .max(128)
    .openapi({
      param: { name: 'orderId', in: 'path' },
      description:
        'The order’s id (uuid), for its owner; or the order’s payment code (43 base64url ' +
        'characters, from the payment link /checkout/{code}), for anyone holding the link.',
    }),
})

const keyHeaders = cartHeaders.extend({
  // Checked in the handler, so a missing or bad key is a 422 under the header's own name.
  'idempotency-key': z
    .string()
    .optional()
    .openapi({
      description:
        'Required: made on the device for this payment attempt (8–128 of [A-Za-z0-9_-]). The same ' +
        'key sent again (a lost answer, a double click, a second tab) is the same attempt: never ' +
        'charged twice, and answered as the first was, byte for byte, once it is settled, declined ' +
        'or failed. A declined attempt stays declined: try again with a new key. The same key with ' +
        'another body is a 422.',
      example: 'pay-7c1f0f3e-1b1a-4f7e-9d7b-5d1a2f3e4b5c',
    }),
})

const paid = {
  description:
    'The attempt settled (or, for BitPay, its invoice was made: `payment.invoice_url`), and ' +
    'the order’s money after it: `status` partly_paid or paid, `paid`, `balance`',
  content: { 'application/json': { schema: PaymentAnswerSchema } },
}
const refused = {
  description:
    'The provider declined or failed the attempt: its message under `errors.payment` and in ' +
    '`message` (try again with a new Idempotency-Key); or no provider takes this kind of ' +
    `payment, under \`payment\` (“${paymentMessages.cardsOff}”); or bad input per field: \`nonce\`, ` +
    `\`amount\` (“${paymentMessages.tooMuch(1000, 'USD')}”), \`order_id\` (“${paymentMessages.notPayable}”, ` +
    `“${paymentMessages.nothingDue}”, “${paymentMessages.inProgress}”), \`signature\` ` +
    `(an item added after submit needs the waiver signed again: “${paymentMessages.signatureNeeded}”), ` +
    `\`Idempotency-Key\` ` +
    `(missing, malformed, or used for another request)`,
  content: { 'application/json': { schema: PaymentRefusalSchema } },
}
const notFound = errorResponse(
  `No such order, not the caller’s, or a payment code no order has: “${paymentMessages.orderGone}”`,
)
const charging = {
  description: `Another request is asking the provider about this attempt right now: “${paymentMessages.charging}” (\`Retry-After\`)`,
  headers: z.object({ 'Retry-After': z.string() }),
  content: { 'application/json': { schema: PaymentRefusalSchema } },
}
const pending = {
  description:
    `The provider did not answer: the attempt is pending. “${paymentMessages.pending}” Send the ` +
    'same request with the same Idempotency-Key again (`Retry-After`): it asks the provider what ' +
    'became of the attempt before anything is charged.',
  headers: z.object({ 'Retry-After': z.string() }),
  content: { 'application/json': { schema: PaymentRefusalSchema } },
}
const responses = {
  200: paid,
  401: unauthenticated,
  404: notFound,
  409: charging,
  422: refused,
  503: pending,
}

const whoMayPay =
  ' Who may pay: the order’s owner with the order’s id in the path, or anyone holding the ' +
  'payment link with its payment code in the path. Only a submitted or partly paid order with ' +
  'a balance can be paid; `amount` (minor units) defaults to what is left, and never more: ' +
  'pending attempts hold their amounts, so two attempts racing for the last of a balance get one ' +
  'payment and one 422. An open BitPay invoice holds the balance against another invoice but not ' +
  'against a card: a card payment may take it, and the invoices it leaves no room for are voided ' +
  '(failed, “' +
  paymentMessages.invoiceVoided +
  '”).' +
  ownerRules

export function paymentRoutes({ db, payments }: { db: Database; payments: Payments }) {
  const { send, ownerOf } = orderCalls(db)

  /** The order the path names, if the caller may pay it; else the refusal to send. */
  async function payableOrder(c: Context, id: string): Promise<OrderRow | Response> {
    const gone = () => c.json({ message: paymentMessages.orderGone }, 404)
    if (paymentCodePattern.test(id)) {
      return (await orderOfPaymentCode(db, id)) ?? gone()
    }
    if (!uuidPattern.test(id)) return gone()
    const resolved = await ownerOf(c)
    if ('answer' in resolved) return send(c, resolved.answer)
    if (!resolved.owner)
      return send(c, { status: 401, body: { message: paymentMessages.orderGone } })
    return (await findOwnedOrder(db, resolved.owner, id)) ?? gone()
  }

  /** The attempt's key: required, and of the shared pattern. */
  function attemptKey(c: Context): string | Response {
    const key = c.req.header(IDEMPOTENCY_KEY_HEADER)
    const message =
      key === undefined
        ? paymentMessages.keyRequired
        : 'The Idempotency-Key must be 8 to 128 of [A-Za-z0-9_-].'
    if (key !== undefined && idempotencyKeyPattern.test(key)) return key
    return c.json({ message, errors: { [IDEMPOTENCY_KEY_HEADER]: [message] } }, 422)
  }

  const respond = (c: Context, answer: PayAnswer) =>
    declared(
      c.body(answer.text, answer.status as ContentfulStatusCode, {
        'Content-Type': 'application/json',
        ...(answer.retryAfter === undefined ? {} : { 'Retry-After': String(answer.retryAfter) }),
      }),
    )

  async function payOrder(
    c: Context,
    id: string,
    call: (orderId: string) => string,
    body: unknown,
    amount: number | undefined,
    attempt: AttemptInput | { kind: 'off'; message: string },
  ): Promise<DeclaredAnswer> {
    const order = await payableOrder(c, id)
    if (order instanceof Response) return declared(order)
    // No gateway takes cards: nothing to charge, whatever the body says.
    if (attempt.kind === 'off')
      return declared(
        c.json({ message: attempt.message, errors: { payment: [attempt.message] } }, 422),
      )
    const key = attemptKey(c)
    if (key instanceof Response) return declared(key)
    return respond(
      c,
      await payments.pay({ order, key, call: call(order.id), body, amount, attempt }),
    )
  }

  const config = createRoute({
    method: 'get',
    path: '/payment/config',
    tags: ['payment'],
    summary: 'What the payment step offers',
    description:
      'Which card gateway is active (`test`: the built-in test gateway, TEST_PAYMENTS=true; ' +
      '`braintree` with BRAINTREE_* set; null: no card payments), a Braintree client token for ' +
      'braintree-web (null otherwise), whether BitPay invoices are `live` (BITPAY_TOKEN), `test` ' +
      '(the built-in test invoice page, TEST_PAYMENTS=true) or null (not offered), and whether ' +
      'Apple Pay is offered (shown only where ApplePaySession exists). `online_payment` is false ' +
      'when no provider is configured: the store takes no payment online for now, and every ' +
      'payment call answers 422 under `errors.payment`. `test_payments` is true while the test ' +
      'gateways are on: no real payment is taken.',
    responses: {
      200: {
        description: 'The payment configuration',
        content: {
          'application/json': {
            schema: component(PaymentConfig, 'PaymentConfig').openapi({
              example: {
                card_gateway: 'test',
                client_token: null,
                bitpay: 'test',
                apple_pay: true,
                online_payment: true,
                test_payments: true,
              },
            }),
          },
        },
      },
      503: errorResponse('Braintree gave no client token'),
    },
  })

  const braintreePay = createRoute({
    method: 'post',
    path: '/payment/braintree/{orderId}',
    tags: ['payment'],
    summary: 'Pay by card (Braintree, or the test gateway)',
    description:
      'Charges a payment method nonce: from braintree-web’s hosted fields with Braintree ' +
      'configured, or one of Braintree’s test nonces with the built-in test gateway ' +
      '(TEST_PAYMENTS=true only; with neither, a 422 says paying by card is off) ' +
      '(`fake-valid-nonce` settles, `fake-processor-declined-visa-nonce` is declined with “Do Not ' +
      'Honor”, …; see the README). Card data never reaches the shop. The sale is submitted for ' +
      'settlement at once.' +
      whoMayPay,
    request: {
      params: PathParam,
      headers: keyHeaders,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: component(CardPaymentRequest, 'CardPaymentRequest').openapi({
              example: { nonce: 'fake-valid-nonce', device_data: '{"correlation_id":"…"}' },
            }),
          },
        },
      },
    },
    responses,
  })

  const bitpayPay = createRoute({
    method: 'post',
    path: '/payment/bitpay/{orderId}',
    tags: ['payment'],
    summary: 'Pay with a BitPay invoice',
    description:
      'Makes a BitPay invoice for the amount and answers its page (`payment.invoice_url`), where ' +
      'the customer pays; the attempt stays `pending` until BitPay’s notification (read back ' +
      'from BitPay) settles it, or the invoice expires. With TEST_PAYMENTS=true the invoice is the ' +
      'built-in test BitPay’s, whose page pays it or lets it expire; with neither that nor ' +
      'BITPAY_TOKEN, a 422 says BitPay is off. `return_path` is where the ' +
      'invoice page sends the customer back (default: /checkout/{orderId as given}).' +
      whoMayPay,
    request: {
      params: PathParam,
      headers: keyHeaders,
      body: {
        required: false,
        content: {
          'application/json': {
            schema: component(BitpayPaymentRequest, 'BitpayPaymentRequest').openapi({
              example: { return_path: '/checkout/q3Xv0mJ6v2y1bqzS8yq8dJ0bQ9m3Hn1cKk0fVQ2W5tE' },
            }),
          },
        },
      },
    },
    responses,
  })

  const applePay = createRoute({
    method: 'post',
    path: '/payment/apple-pay-finalize',
    tags: ['payment'],
    summary: 'Finish an Apple Pay payment',
    description:
      'Charges the nonce braintree-web’s Apple Pay gave for the customer’s authorised payment ' +
      '(with the test gateway: `fake-apple-pay-visa-nonce`, …), through the card gateway. ' +
      '`data.order_id` is the order’s id or its payment code, as `{orderId}` in the other calls.' +
      whoMayPay,
    request: {
      headers: keyHeaders,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: component(ApplePayFinalizeRequest, 'ApplePayFinalizeRequest').openapi({
              example: {
                data: {
                  order_id: '0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1',
                  nonce: 'fake-apple-pay-visa-nonce',
                },
              },
            }),
          },
        },
      },
    },
    responses,
  })

  const webhook = createRoute({
    method: 'post',
    path: '/payment/bitpay/webhook',
    tags: ['payment'],
    summary: 'BitPay’s invoice notifications',
    description:
      'BitPay posts here when an invoice changes (`{id, …}`, or `{data: {id, …}, event}` with ' +
      'extended notifications). Nothing in the notification is believed: the invoice is read back ' +
      'from BitPay, and its attempt settles (confirmed, complete) or fails (expired, invalid). ' +
      'An invoice paid after its attempt failed (voided when a card paid the order) is not ' +
      'counted toward the order: the attempt’s message and the order’s history say it is to be ' +
      'refunded, and the log warns.',
    request: {
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z
              .object({
                id: z.string().max(128).optional(),
                data: z
                  .object({ id: z.string().max(128).optional() })
                  .loose()
                  .optional(),
              })
              .loose()
              .openapi('BitpayNotification', {
                example: { data: { id: 'JaPqy1cT6rZkDbCxQEm4Vw' } },
              }),
          },
        },
      },
    },
    responses: {
      200: {
        description: 'Read back and applied',
        content: {
          'application/json': {
            schema: z.object({ received: z.boolean(), payment_status: z.string().nullable() }),
          },
        },
      },
      404: errorResponse('BitPay has no such invoice, or no payment waits for it'),
      422: errorResponse('No invoice id in the notification'),
      503: errorResponse('BitPay could not be asked; it sends the notification again'),
    },
  })

  return createRouter()
    .openapi(config, async (c) => {
      try {
        return c.json(await payments.config(), 200)
      } catch {
        return c.json({ message: 'The payment provider could not be reached. Try again.' }, 503)
      }
    })
    .openapi(webhook, async (c) => {
      const body = c.req.valid('json')
      const id = body.data?.id ?? body.id
      if (!id || !/^[A-Za-z0-9_-]{1,128}$/.test(id))
        return c.json(
          { message: 'Send the invoice id.', errors: { id: ['Send the invoice id.'] } },
          422,
        )
      const answer = await payments.onInvoiceNotification(id)
      return respond(c, { status: answer.status, text: JSON.stringify(answer.body) })
    })
    .openapi(braintreePay, async (c) => {
      const { orderId } = c.req.valid('param')
      const body = c.req.valid('json')
      const provider = payments.cardGateway
      return payOrder(
        c,
        orderId,
        (id) => `POST /payment/braintree/${id}`,
        body,
        body.amount,
        provider
          ? { kind: 'card', provider, nonce: body.nonce, deviceData: body.device_data }
          : { kind: 'off', message: paymentMessages.cardsOff },
      )
    })
    .openapi(bitpayPay, async (c) => {
      const { orderId } = c.req.valid('param')
      const body = c.req.valid('json') ?? {}
      return payOrder(c, orderId, (id) => `POST /payment/bitpay/${id}`, body, body.amount, {
        kind: 'invoice',
        returnPath: body.return_path ?? `/checkout/${orderId}`,
      })
    })
    .openapi(applePay, async (c) => {
      const body = c.req.valid('json')
      const { data } = body
      return payOrder(
        c,
        data.order_id,
        (id) => `POST /payment/apple-pay-finalize/${id}`,
        body,
        data.amount,
        {
          kind: 'card',
          provider: 'apple_pay',
          nonce: data.nonce,
          deviceData: data.device_data,
        },
      )
    })
}
