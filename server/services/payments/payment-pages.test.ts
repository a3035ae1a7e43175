import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../app.ts'
import { loadEnv } from '../../env.ts'
import { redactPath } from '../../log.ts'
import { createTempDir, openTestDatabase, type TestDatabase } from '../../testing/test-helpers.ts'

/*
 * Payment pages: Braintree's origins are open in the Content-Security-Policy of the pages that
 * mount the payment step, and nowhere else; payment codes and links never reach a log line.
 */

let database: TestDatabase
let site: Awaited<ReturnType<typeof createTempDir>>

beforeAll(async () => {
  database = await openTestDatabase()
  site = await createTempDir({ 'index.html': '<!doctype html><title>shop</title>' })
})
afterAll(async () => {
  await site.cleanup()
  await database.close()
})

const braintree = {
  BRAINTREE_MERCHANT_ID: 'merchant',
  BRAINTREE_PUBLIC_KEY: 'public',
  BRAINTREE_PRIVATE_KEY: 'private',
  BRAINTREE_ENVIRONMENT: 'sandbox',
}

function appWith(env: Record<string, string>) {
  return createApp({
    db: database.db,
    env: loadEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...env }),
    staticDir: site.dir,
  })
}

const policyOf = async (app: ReturnType<typeof appWith>, path: string) =>
  (await app.request(path)).headers.get('content-security-policy') ?? ''

describe('the payment pages’ Content-Security-Policy', () => {
  it('opens Braintree’s origins on /checkout and /apple-pay only, with Braintree configured', async () => {
    const app = appWith(braintree)
    for (const path of [
      '/checkout',
      '/checkout/q3Xv0mJ6v2y1bqzS8yq8dJ0bQ9m3Hn1cKk0fVQ2W5tE',
      '/Checkout/pay',
      '/apple-pay/abc',
    ]) {
      const policy = await policyOf(app, path)
      expect(policy, path).toContain(
        "frame-src 'self' https://assets.braintreegateway.com https://c.paypal.com",
      )
      expect(policy, path).toContain('https://api.sandbox.braintreegateway.com')
      expect(policy, path).toContain("script-src 'self' https://c.paypal.com")
      expect(policy, path).not.toContain('https://api.braintreegateway.com ')
    }
    for (const path of ['/', '/cart', '/checkoutx', '/orders/1', '/api/payment/config'])
      expect(await policyOf(app, path), path).not.toMatch(/braintree|paypal|frame-src/)
  })

  it('opens nothing with the test gateway, payment pages included', async () => {
    const app = appWith({})
    expect(await policyOf(app, '/checkout/abc')).toBe(await policyOf(app, '/'))
    expect(await policyOf(app, '/checkout/abc')).not.toMatch(/braintree|paypal/)
  })

  it('names the production hosts in production', async () => {
    const policy = await policyOf(
      appWith({ ...braintree, BRAINTREE_ENVIRONMENT: 'production' }),
      '/checkout/x',
    )
    expect(policy).toContain('https://api.braintreegateway.com')
    expect(policy).toContain('https://payments.braintree-api.com')
    expect(policy).not.toContain('sandbox')
  })

  it('refuses half a Braintree configuration', () => {
    expect(() => loadEnv({ BRAINTREE_MERCHANT_ID: 'merchant' })).toThrow(
      /BRAINTREE_MERCHANT_ID: set all of/,
    )
  })
})

describe('log redaction of payment codes', () => {
  const code = 'q3Xv0mJ6v2y1bqzS8yq8dJ0bQ9m3Hn1cKk0fVQ2W5tE'
  it('drops the payment code (or order id) from payment calls and payment links', () => {
    expect(redactPath(`/api/payment/braintree/${code}`)).toBe('/api/payment/braintree/[redacted]')
    expect(redactPath(`/api/payment/bitpay/${code}`)).toBe('/api/payment/bitpay/[redacted]')
    expect(redactPath(`/checkout/${code}`)).toBe('/checkout/[redacted]')
    expect(redactPath(`/CHECKOUT//${code}`)).toBe('/checkout/[redacted]')
    expect(redactPath(`/api/order/get-order-with-payment-link/${code}`)).toBe(
      '/api/order/get-order-with-payment-link/[redacted]',
    )
    expect(redactPath('/api/payment/config')).toBe('/api/payment/config')
    expect(redactPath('/checkout')).toBe('/checkout')
  })
})
