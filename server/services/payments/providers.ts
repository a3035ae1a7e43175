import type { Database } from '../../db/index.ts'
import type { Env } from '../../env.ts'
import { createBitpay, createTestBitpay } from './bitpay.ts'
import { braintreeSdk, createBraintreeGateway } from './braintree-gateway.ts'
import type { PaymentProviders } from './gateway.ts'
import { createTestGateway } from './test-gateway.ts'

/**
 * The providers the environment names: Braintree with BRAINTREE_* (else the built-in test
 * gateway), BitPay with BITPAY_TOKEN (else the built-in test BitPay). Apple Pay goes through the
 * card gateway either way.
 */
export function paymentProviders(
  db: Database,
  env: Pick<Env, 'braintree' | 'bitpay'>,
): PaymentProviders {
  const cards = env.braintree
    ? createBraintreeGateway(braintreeSdk(env.braintree), env.braintree)
    : createTestGateway(db)
  if (env.bitpay) return { cards, invoices: createBitpay(env.bitpay), applePay: true }
  const testInvoices = createTestBitpay(db)
  return { cards, invoices: testInvoices, testInvoices, applePay: true }
}
