import { z } from 'zod'
import { plainText } from './plain-text.ts'

/*
 * Paying a submitted order (docs/payments.md: /api/payment/braintree/{orderId},
 * /api/payment/bitpay/{orderId}, /api/payment/apple-pay-finalize), shared by the server's routes
 * and the payment step. Card data never reaches the shop: the browser turns a card into a one-time
 * nonce at the provider (braintree-web's hosted fields, Apple Pay), or, with the built-in test
 * gateway, picks one of the test cards below, which stand for Braintree's documented test nonces.
 * Amounts are integer minor units of the order's currency. Every attempt carries its own
 * Idempotency-Key: a replay of an attempt is never charged twice, and a declined attempt is tried
 * again under a new key.
 */

/*
 * `{orderId}` of the payment calls: the order's id (contract/uuid.ts; for its owner: the session
 * or device that submitted it), or the order's payment code (anyone holding the payment link
 * /checkout/{code}).
 */
/** A payment code as submit makes it: 32 random bytes, base64url (43 characters). */
export const paymentCodePattern = /^[A-Za-z0-9_-]{43}$/

/**
 * The pages that mount the payment step, whose Content-Security-Policy opens the card provider's
 * origins: the checkout (`/checkout/…`, the payment link `/checkout/{code}` included) and Apple
 * Pay's (`/apple-pay/…`). Matched in any letter case.
 */
export function isPaymentPagePath(pathname: string): boolean {
  const first = pathname.split('/').find(Boolean)?.toLowerCase()
  return first === 'checkout' || first === 'apple-pay'
}

/** Which gateway takes cards: the built-in test gateway (TEST_PAYMENTS), or Braintree (BRAINTREE_* set). */
export const CardGatewayName = z.enum(['test', 'braintree'])
export type CardGatewayName = z.infer<typeof CardGatewayName>

/**
 * GET /api/payment/config: what the payment step offers. A provider that is not configured is
 * null (not offered); with none at all `online_payment` is false and the store takes no payment
 * online for now (orders are still submitted).
 */
export const PaymentConfig = z.object({
  /** The card gateway, or null: no card payments. */
  card_gateway: CardGatewayName.nullable(),
  /** Braintree's client token for braintree-web; null with the test gateway or no gateway. */
  client_token: z.string().nullable(),
  /** BitPay invoices: `live` with BITPAY_TOKEN, `test` (the built-in test invoice page), or null: none. */
  bitpay: z.enum(['live', 'test']).nullable(),
  /** Apple Pay goes through Braintree, or the test gateway's Apple Pay test nonces. */
  apple_pay: z.boolean(),
  /** Whether any payment can be made online now. */
  online_payment: z.boolean(),
  /** The built-in test gateways are on (TEST_PAYMENTS): no real payment is taken. */
  test_payments: z.boolean(),
})
export type PaymentConfig = z.infer<typeof PaymentConfig>

const Nonce = plainText(
  z
    .string({ error: 'Choose a card to pay with.' })
    .min(1, 'Choose a card to pay with.')
    .max(4096, 'This payment method is not one we can read.'),
)
const DeviceData = plainText(z.string().max(8192, 'The device data is too long.'))
const Amount = z
  .number({ error: 'Give the amount as a whole number of cents.' })
  .int('Give the amount as a whole number of cents.')
  .positive('The amount must be more than zero.')
  .max(100_000_000, 'The amount is more than this order’s balance.')

/**
 * POST /api/payment/braintree/{orderId}: a nonce from braintree-web (or a test card's), the
 * device data Braintree's fraud tools collect, and how much to pay (the whole balance when not
 * given; never more than it).
 */
export const CardPaymentRequest = z.object({
  nonce: Nonce,
  device_data: DeviceData.optional(),
  amount: Amount.optional(),
})
export type CardPaymentRequest = z.infer<typeof CardPaymentRequest>

/** A site path the test or real invoice page sends the customer back to. */
const ReturnPath = z
  .string()
  .max(512, 'The return path is too long.')
  .regex(/^\/(?![/\\])[A-Za-z0-9/_.~%?=&-]*$/, 'Give a path of this site, such as /checkout/….')

/** POST /api/payment/bitpay/{orderId}: an invoice for the amount (the balance when not given). */
export const BitpayPaymentRequest = z.object({
  amount: Amount.optional(),
  return_path: ReturnPath.optional(),
})
export type BitpayPaymentRequest = z.infer<typeof BitpayPaymentRequest>

/**
 * POST /api/payment/apple-pay-finalize {data}: the order (its id or payment code) and the nonce
 * braintree-web's Apple Pay tokenize gave for the customer's authorised payment.
 */
export const ApplePayFinalizeRequest = z.object({
  data: z.object({
    order_id: z
      .string({ error: 'Say which order to pay.' })
      .max(128, 'Say which order to pay.')
      .regex(/^[A-Za-z0-9_-]{1,128}$/, 'Say which order to pay.'),
    nonce: Nonce,
    device_data: DeviceData.optional(),
    amount: Amount.optional(),
  }),
})
export type ApplePayFinalizeRequest = z.infer<typeof ApplePayFinalizeRequest>

export const PaymentProviderName = z.enum(['test', 'braintree', 'bitpay', 'apple_pay'])
export const PaymentStatusName = z.enum(['pending', 'settled', 'declined', 'failed', 'refunded'])

/** One attempt as the customer may see it. */
export const PaymentAttempt = z.object({
  id: z.string(),
  provider: PaymentProviderName,
  amount: z.number().int(),
  currency: z.string(),
  status: PaymentStatusName,
  /** The provider's message on a decline or failure. */
  message: z.string().nullable(),
  /** A BitPay invoice's page. */
  invoice_url: z.string().nullable(),
  created_at: z.string(),
})
export type PaymentAttempt = z.infer<typeof PaymentAttempt>

/** A payment call's 200: the attempt, and the order's money after it. */
export const PaymentAnswer = z.object({
  order_id: z.string(),
  /** contract/order-status.ts */
  status: z.string(),
  currency: z.string(),
  total: z.number().int(),
  paid: z.number().int(),
  balance: z.number().int(),
  payment: PaymentAttempt,
})
export type PaymentAnswer = z.infer<typeof PaymentAnswer>

/**
 * A declined or failed attempt: 422 with the provider's message under `errors.payment`, and the
 * attempt. The same key replays this answer; try again with a new Idempotency-Key.
 */
export const PaymentRefusal = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
  payment: PaymentAttempt.optional(),
})

/** What the built-in test gateway does with each of Braintree's documented test nonces. */
export type TestOutcome = { status: 'settled' } | { status: 'declined' | 'failed'; message: string }

const approved: TestOutcome = { status: 'settled' }
const processorDeclined: TestOutcome = { status: 'declined', message: 'Do Not Honor' }

/**
 * Braintree's test nonces (its SDK's `Test.Nonces`) and the answer its sandbox gives each, which
 * the test gateway gives too. A nonce not listed is refused as Braintree refuses an unknown one.
 */
export const testNonceOutcomes: Readonly<Record<string, TestOutcome>> = {
  'fake-valid-nonce': approved,
  'fake-valid-visa-nonce': approved,
  'fake-valid-mastercard-nonce': approved,
  'fake-valid-amex-nonce': approved,
  'fake-valid-discover-nonce': approved,
  'fake-valid-jcb-nonce': approved,
  'fake-valid-debit-nonce': approved,
  'fake-valid-prepaid-nonce': approved,
  'fake-apple-pay-visa-nonce': approved,
  'fake-apple-pay-mastercard-nonce': approved,
  'fake-apple-pay-amex-nonce': approved,
  'fake-processor-declined-visa-nonce': processorDeclined,
  'fake-processor-declined-mastercard-nonce': processorDeclined,
  'fake-processor-declined-amex-nonce': processorDeclined,
  'fake-processor-declined-discover-nonce': processorDeclined,
  'fake-processor-failure-jcb-nonce': {
    status: 'failed',
    message: 'Processor Network Unavailable - Try Again',
  },
  'fake-gateway-rejected-fraud-nonce': { status: 'declined', message: 'Gateway Rejected: fraud' },
  'fake-gateway-rejected-risk-thresholds-nonce': {
    status: 'declined',
    message: 'Gateway Rejected: risk_threshold',
  },
  'fake-luhn-invalid-nonce': { status: 'failed', message: 'Credit card number is invalid.' },
  'fake-consumed-nonce': {
    status: 'failed',
    message: 'Cannot use a payment_method_nonce more than once.',
  },
}
export const unknownNonceMessage = 'Unknown or expired payment_method_nonce.'

export function testNonceOutcome(nonce: string): TestOutcome {
  return testNonceOutcomes[nonce] ?? { status: 'failed', message: unknownNonceMessage }
}

/** A card the payment step offers with the test gateway: what it is and what it will do. */
export interface TestCard {
  nonce: string
  label: string
  outcome: string
}

/** The test cards the payment step lists (with the test gateway only). */
export const testCards: readonly TestCard[] = [
  { nonce: 'fake-valid-visa-nonce', label: 'Test Visa 4111 1111 1111 1111', outcome: 'approved' },
  {
    nonce: 'fake-valid-mastercard-nonce',
    label: 'Test Mastercard 5555 5555 5555 4444',
    outcome: 'approved',
  },
  {
    nonce: 'fake-processor-declined-visa-nonce',
    label: 'Test Visa 4000 1111 1111 1115',
    outcome: 'declined by the bank (Do Not Honor)',
  },
  {
    nonce: 'fake-processor-failure-jcb-nonce',
    label: 'Test JCB 3530 1113 3330 0000',
    outcome: 'fails: the card network is unavailable',
  },
  {
    nonce: 'fake-gateway-rejected-fraud-nonce',
    label: 'Test card flagged as fraud',
    outcome: 'rejected by the gateway (fraud)',
  },
  {
    nonce: 'fake-luhn-invalid-nonce',
    label: 'Test card with an invalid number',
    outcome: 'refused: the card number is invalid',
  },
]

/** Apple Pay's test nonce with the test gateway. */
export const testApplePayNonce = 'fake-apple-pay-visa-nonce'
