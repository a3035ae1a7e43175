import type { Env } from '../../env.ts'

/**
 * Origins a provider's browser SDK needs, opened on the pages that use it only (the payment
 * pages: isPaymentPagePath; the reCAPTCHA pages). http/security-headers.ts writes them into the
 * Content-Security-Policy.
 */
export interface ProviderSources {
  script: string[]
  frame: string[]
  connect: string[]
  img: string[]
}

/*
 * The origins braintree-web needs in the page, from its own constants (lib/constants.js: the
 * client API, hosted fields' iframes on the assets host, the GraphQL API, PayPal's analytics
 * logger; data-collector: fraudnet's script and counter). Opened on the payment pages only
 * (contract/payment.ts isPaymentPagePath), and only with Braintree configured: the test gateway
 * and the test BitPay need nothing beyond the shop's own origin. BitPay's invoice page is a
 * navigation away, which the policy does not govern.
 */
export function paymentPageSources(
  env: Pick<Env, 'braintree' | 'testPayments'>,
): ProviderSources | undefined {
  // TEST_PAYMENTS puts the test gateway in Braintree's place, credentials or not.
  if (!env.braintree || env.testPayments) return undefined
  const sandbox = env.braintree.environment === 'sandbox'
  return {
    script: ['https://c.paypal.com'],
    frame: ['https://assets.braintreegateway.com', 'https://c.paypal.com'],
    connect: [
      sandbox ? 'https://api.sandbox.braintreegateway.com' : 'https://api.braintreegateway.com',
      sandbox ? 'https://payments.sandbox.braintree-api.com' : 'https://payments.braintree-api.com',
      'https://www.paypal.com',
    ],
    img: ['https://assets.braintreegateway.com', 'https://b.stats.paypal.com'],
  }
}
