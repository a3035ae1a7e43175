import type { Database } from '../../db/index.ts'
import type { Env } from '../../env.ts'
import { createBitpay, createTestBitpay } from './bitpay.ts'
import { braintreeSdk, createBraintreeGateway } from './braintree-gateway.ts'
import type { PaymentProviders } from './gateway.ts'
import { createTestGateway } from './test-gateway.ts'

/**
 * The providers the environment names. TEST_PAYMENTS=true: the built-in test gateway takes cards
 * (and Apple Pay's test nonces) and the built-in test BitPay makes invoices, whatever credentials
 * are set, so no real money moves while every page says so. Otherwise only providers with
 * credentials: Braintree with BRAINTREE_* (cards and Apple Pay), BitPay with BITPAY_TOKEN; one
 * without is not offered, and with neither the store takes no payment online.
 */
export function paymentProviders(
  db: Database,
  env: Pick<Env, 'braintree' | 'bitpay' | 'testPayments'>,
): PaymentProviders {
  if (env.testPayments) {
    const testInvoices = createTestBitpay(db)
    return {
      cards: createTestGateway(db),
      invoices: testInvoices,
      testInvoices,
      applePay: true,
    }
  }
  return {
    cards: env.braintree
      ? createBraintreeGateway(braintreeSdk(env.braintree), env.braintree)
      : null,
    invoices: env.bitpay ? createBitpay(env.bitpay) : null,
    applePay: env.braintree !== undefined,
  }
}

/** What takes payments, in words for the start summary and the check command. */
export function paymentsSummary(env: Pick<Env, 'braintree' | 'bitpay' | 'testPayments'>): string {
  if (env.testPayments) return 'test (built-in test gateways; no real payment is taken)'
  const live = [
    env.braintree ? `Braintree (${env.braintree.environment})` : undefined,
    env.bitpay ? `BitPay (${env.bitpay.environment})` : undefined,
  ].filter(Boolean)
  return live.length > 0 ? live.join(', ') : 'off (no payment provider is configured)'
}
