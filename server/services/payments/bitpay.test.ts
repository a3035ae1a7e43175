import { describe, expect, it } from 'vitest'
import { createBitpay } from './bitpay.ts'
import { ProviderUnavailable } from './gateway.ts'
import { fromDecimal, toDecimal } from '../../../contract/money.ts'

/* BitPay's REST API as the adapter speaks it, against a fake fetch. */

function fakeFetch(answer: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const requests: { url: string; method: string; body: unknown }[] = []
  const fetch = (async (url: string, init: RequestInit = {}) => {
    requests.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    })
    return answer(url, init)
  }) as typeof globalThis.fetch
  return { fetch, requests }
}

const invoiceJson = {
  id: 'JaPqy1cT6rZkDbCxQEm4Vw',
  url: 'https://test.bitpay.com/invoice?id=JaPqy1cT6rZkDbCxQEm4Vw',
  status: 'new',
  price: 459,
  currency: 'USD',
  orderId: 'order-1',
  guid: 'order-1/attempt-1',
}

describe('the BitPay adapter', () => {
  it('makes an invoice with the token, the price in decimals and the attempt as guid', async () => {
    const { fetch, requests } = fakeFetch(() => Response.json({ data: invoiceJson }))
    const bitpay = createBitpay({ token: 'pos-token', environment: 'test', fetch })
    const invoice = await bitpay.createInvoice({
      orderId: 'order-1',
      attemptKey: 'attempt-1',
      amount: 45900,
      currency: 'USD',
      notificationUrl: 'https://shop.example/api/payment/bitpay/webhook',
      redirectUrl: 'https://shop.example/checkout/order-1',
    })
    expect(requests).toEqual([
      {
        url: 'https://test.bitpay.com/invoices',
        method: 'POST',
        body: {
          token: 'pos-token',
          price: 459,
          currency: 'USD',
          orderId: 'order-1',
          guid: 'order-1/attempt-1',
          notificationURL: 'https://shop.example/api/payment/bitpay/webhook',
          redirectURL: 'https://shop.example/checkout/order-1',
          extendedNotifications: true,
        },
      },
    ])
    expect(invoice).toEqual({
      id: invoiceJson.id,
      url: invoiceJson.url,
      status: 'new',
      guid: 'order-1/attempt-1',
      amount: 45900,
      currency: 'USD',
      orderId: 'order-1',
    })
  })

  it('reads an invoice back from BitPay by id, and by guid; an unknown one is undefined', async () => {
    const { fetch, requests } = fakeFetch((url) =>
      url.includes('nosuch')
        ? Response.json({ error: 'Object not found' }, { status: 404 })
        : Response.json({ data: { ...invoiceJson, status: 'confirmed' } }),
    )
    const bitpay = createBitpay({ token: 'pos token', environment: 'prod', fetch })
    expect((await bitpay.readInvoice(invoiceJson.id))?.status).toBe('confirmed')
    expect(await bitpay.readInvoice('nosuch')).toBeUndefined()
    expect((await bitpay.findInvoice({ orderId: 'order-1', attemptKey: 'attempt-1' }))?.id).toBe(
      invoiceJson.id,
    )
    expect(requests.map((request) => request.url)).toEqual([
      `https://bitpay.com/invoices/${invoiceJson.id}?token=pos%20token`,
      'https://bitpay.com/invoices/nosuch?token=pos%20token',
      'https://bitpay.com/invoices/guid/order-1%2Fattempt-1?token=pos%20token',
    ])
  })

  it('takes no answer or a 5xx for an unknown outcome', async () => {
    const down = createBitpay({
      token: 't',
      environment: 'test',
      fetch: fakeFetch(() => {
        throw new TypeError('fetch failed')
      }).fetch,
    })
    await expect(down.readInvoice('x')).rejects.toBeInstanceOf(ProviderUnavailable)
    const failing = createBitpay({
      token: 't',
      environment: 'test',
      fetch: fakeFetch(() => new Response('bad gateway', { status: 502 })).fetch,
    })
    await expect(failing.readInvoice('x')).rejects.toBeInstanceOf(ProviderUnavailable)
  })
})

describe('minor units and provider decimals', () => {
  it('converts by the currency’s own exponent', () => {
    expect(toDecimal(45900, 'USD')).toBe('459.00')
    expect(toDecimal(5, 'EUR')).toBe('0.05')
    expect(toDecimal(1200, 'JPY')).toBe('1200')
    expect(toDecimal(1234, 'BHD')).toBe('1.234')
    expect(fromDecimal('459.00', 'USD')).toBe(45900)
    expect(fromDecimal(459, 'USD')).toBe(45900)
    expect(fromDecimal('0.1', 'USD')).toBe(10)
    expect(fromDecimal('1200', 'JPY')).toBe(1200)
    expect(fromDecimal('1.005', 'USD')).toBeNaN()
    expect(fromDecimal('abc', 'USD')).toBeNaN()
  })
})
