import { describe, expect, it } from 'vitest'
import { checkHuman, googleRecaptcha, siteverifyUrl, testRecaptcha } from './recaptcha.ts'

/** Google's siteverify, as a fetch that answers `answer` and records what it was sent. */
function fakeGoogle(answer: unknown, status = 200) {
  const sent: { url: string; body: string }[] = []
  const fetcher = (async (url: string | URL | Request, init?: RequestInit) => {
    sent.push({ url: String(url), body: String(init?.body) })
    return new Response(JSON.stringify(answer), { status })
  }) as typeof fetch
  return { sent, fetcher }
}

describe('googleRecaptcha', () => {
  it('posts the secret, the token and the client address to siteverify', async () => {
    const google = fakeGoogle({ success: true })
    const verdict = await googleRecaptcha('the-secret', { fetch: google.fetcher }).verify(
      'tok',
      '203.0.113.9',
    )
    expect(verdict).toEqual({ human: true })
    expect(google.sent[0]!.url).toBe(siteverifyUrl)
    expect(new URLSearchParams(google.sent[0]!.body).get('secret')).toBe('the-secret')
    expect(new URLSearchParams(google.sent[0]!.body).get('response')).toBe('tok')
    expect(new URLSearchParams(google.sent[0]!.body).get('remoteip')).toBe('203.0.113.9')
  })

  it('says who Google refused, and tells a refused secret or an outage from a robot', async () => {
    const robot = fakeGoogle({ success: false, 'error-codes': ['timeout-or-duplicate'] })
    expect(await googleRecaptcha('s', { fetch: robot.fetcher }).verify('t', 'ip')).toEqual({
      human: false,
      codes: ['timeout-or-duplicate'],
    })
    const badSecret = fakeGoogle({ success: false, 'error-codes': ['invalid-input-secret'] })
    expect(await googleRecaptcha('s', { fetch: badSecret.fetcher }).verify('t', 'ip')).toEqual({
      unavailable: true,
    })
    const down = fakeGoogle({}, 503)
    expect(await googleRecaptcha('s', { fetch: down.fetcher }).verify('t', 'ip')).toEqual({
      unavailable: true,
    })
    const unreachable = (async () => {
      throw new TypeError('fetch failed')
    }) as typeof fetch
    expect(await googleRecaptcha('s', { fetch: unreachable }).verify('t', 'ip')).toEqual({
      unavailable: true,
    })
  })
})

describe('checkHuman', () => {
  it('is unverified without a verifier or a token, refused or verified by the verifier', async () => {
    const verifier = testRecaptcha()
    expect(await checkHuman(undefined, 'tok', 'ip')).toBe('unverified')
    expect(await checkHuman(verifier, undefined, 'ip')).toBe('unverified')
    expect(await checkHuman(verifier, 'test-human-token', 'ip')).toBe('verified')
    expect(await checkHuman(verifier, 'robot', 'ip')).toBe('refused')
    expect(await checkHuman(verifier, 'x'.repeat(5000), 'ip')).toBe('refused')
    let warned = false
    expect(
      await checkHuman(verifier, 'test-unavailable-token', 'ip', () => {
        warned = true
      }),
    ).toBe('unverified')
    expect(warned).toBe(true)
  })
})
