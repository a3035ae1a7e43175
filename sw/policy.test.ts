import { describe, expect, it } from 'vitest'
import {
  apiOrigins,
  cacheKeyFor,
  isCachedApiRequest,
  isFilePath,
  isPageNavigation,
  isSecretPagePath,
  mayCache,
} from './policy.ts'

const site = 'https://shop.example'

function answer(headers: Record<string, string> = {}, status = 200): Response {
  return new Response('{}', { status, headers: { 'Content-Type': 'application/json', ...headers } })
}

const publicRequest = () => new Request(`${site}/api/product/corvid-2?active=1`)
const signedInRequest = () =>
  new Request(`${site}/api/product/corvid-2?active=1`, {
    headers: { Authorization: 'Bearer secret-token', Accept: 'application/json' },
  })

describe('navigations', () => {
  it('answers pages from the app, and leaves files, the API and the worker script alone', () => {
    expect(isPageNavigation('/')).toBe(true)
    expect(isPageNavigation('/wingsuits/corvid-2')).toBe(true)
    expect(isPageNavigation('/news/view/corvid-2-launch')).toBe(true)
    expect(isPageNavigation('/api/product/corvid-2')).toBe(false)
    expect(isPageNavigation('//api/product/corvid-2')).toBe(false)
    expect(isPageNavigation('/sw.js')).toBe(false)
    expect(isPageNavigation('/robots.txt')).toBe(false)
    expect(isPageNavigation('/images/products/corvid-2.webp')).toBe(false)
  })

  it('leaves the server’s development pages to the network, never keeping a copy', () => {
    expect(isPageNavigation('/dev/mail')).toBe(false)
    expect(isPageNavigation('//dev/mail')).toBe(false)
    expect(isPageNavigation('/dev/mail/')).toBe(false)
    expect(isPageNavigation('/developers')).toBe(true)
    expect(isPageNavigation('/learn/dev')).toBe(true)
  })

  it('leaves the API reference and its script to the network, never keeping a copy', () => {
    expect(isPageNavigation('/api/reference')).toBe(false)
    const script = new URL(`${site}/api/reference/scalar-1.46.4.js`)
    expect(isCachedApiRequest({ method: 'GET' }, script, new Set([site]))).toBe(false)
  })

  it('tells a file by the dot inside its last segment only', () => {
    expect(isFilePath('/sitemap.xml')).toBe(true)
    expect(isFilePath('/v1.2/notes')).toBe(false)
    expect(isFilePath('/.well-known')).toBe(false)
    expect(isFilePath('/trailing.')).toBe(false)
    expect(isFilePath('/...')).toBe(true)
  })

  it('decides on hostile paths of millions of dots and slashes', () => {
    // The old denylist regex took 3 s on 50,000 dots and grew with the square of the length:
    // on these it would not finish within the test's timeout. A linear scan takes milliseconds.
    const dots = '.'.repeat(2_000_000)
    expect(isPageNavigation(`/${dots}`)).toBe(false)
    expect(isPageNavigation(`/${dots}/x`)).toBe(true)
    expect(isPageNavigation(`/a${'/.'.repeat(1_000_000)}`)).toBe(true)
    expect(isPageNavigation(`/${'a.'.repeat(1_000_000)}b`)).toBe(false)
    expect(isSecretPagePath(`/${'/'.repeat(2_000_000)}LoginFromAdmin/t`)).toBe(true)
  })

  it('knows the pages whose URL carries a token, however the path is written', () => {
    expect(isSecretPagePath('/LoginFromAdmin/abc123')).toBe(true)
    expect(isSecretPagePath('/checkout/pay-code-abc')).toBe(true)
    expect(isSecretPagePath('/add-to-order/pay-code-abc')).toBe(true)
    expect(isSecretPagePath('/checkout')).toBe(false)
    expect(isSecretPagePath('//LoginFromAdmin/abc123')).toBe(true)
    expect(isSecretPagePath('/loginfromadmin/abc123')).toBe(true)
    expect(isSecretPagePath('/PasswordResets/newpassword/abc123')).toBe(true)
    expect(isSecretPagePath('/PasswordResets//newpassword/abc123')).toBe(true)
    expect(isSecretPagePath('/reset-password')).toBe(false)
    expect(isSecretPagePath('/login')).toBe(false)
    expect(isSecretPagePath('/wingsuits/loginfromadmin')).toBe(false)
  })
})

describe('the API route', () => {
  const origins = apiOrigins(site, 'https://api.example/v1')

  it('keeps product and production-time GETs of the site and of API_URL only', () => {
    const get = { method: 'GET' }
    expect(isCachedApiRequest(get, new URL(`${site}/api/product/corvid-2`), origins)).toBe(true)
    expect(isCachedApiRequest(get, new URL('https://api.example/api/product/a5'), origins)).toBe(
      true,
    )
    expect(isCachedApiRequest(get, new URL(`${site}/api/order/production-time`), origins)).toBe(
      true,
    )
    expect(isCachedApiRequest(get, new URL('https://evil.example/api/product/a5'), origins)).toBe(
      false,
    )
    expect(isCachedApiRequest({ method: 'POST' }, new URL(`${site}/api/product/a5`), origins)).toBe(
      false,
    )
    expect(isCachedApiRequest(get, new URL(`${site}/api/user`), origins)).toBe(false)
  })

  it('has only the site origin when the API is served with the site', () => {
    expect([...apiOrigins(site, '')]).toEqual([site])
  })
})

describe('cache keys', () => {
  it('are the URL alone: no header of the request is stored', () => {
    const key = cacheKeyFor(signedInRequest())
    expect(key.url).toBe(`${site}/api/product/corvid-2?active=1`)
    expect([...key.headers.keys()]).toEqual([])
  })
})

describe('what may be kept', () => {
  it('keeps a public 200 and nothing else of a public request', () => {
    expect(mayCache(publicRequest(), answer())).toBe(true)
    expect(mayCache(publicRequest(), answer({}, 404))).toBe(false)
    expect(mayCache(publicRequest(), answer({ 'Cache-Control': 'no-store, private' }))).toBe(false)
    expect(mayCache(publicRequest(), answer({ 'Cache-Control': 'private, max-age=60' }))).toBe(
      false,
    )
  })

  it('never keeps an authenticated answer unless the server marks it public', () => {
    expect(mayCache(signedInRequest(), answer())).toBe(false)
    expect(mayCache(signedInRequest(), answer({ 'Cache-Control': 'max-age=60' }))).toBe(false)
    expect(mayCache(signedInRequest(), answer({ 'Cache-Control': 'public, max-age=60' }))).toBe(
      true,
    )
    expect(mayCache(signedInRequest(), answer({ 'Cache-Control': 'public, no-store' }))).toBe(false)
  })

  it('treats an answer that varies by who asks as the customer’s own', () => {
    expect(mayCache(publicRequest(), answer({ Vary: 'Accept-Encoding, Authorization' }))).toBe(
      false,
    )
    expect(mayCache(publicRequest(), answer({ Vary: 'Cookie' }))).toBe(false)
    expect(
      mayCache(publicRequest(), answer({ Vary: 'Cookie', 'Cache-Control': 'public, max-age=5' })),
    ).toBe(true)
  })
})
