import { afterEach, describe, expect, it, vi } from 'vitest'

/** config.ts as a fresh document would load it (it reads the key once per document). */
async function freshConfig() {
  vi.resetModules()
  return import('./config.ts')
}

afterEach(() => {
  document.head.replaceChildren()
})

describe('the reCAPTCHA site key', () => {
  it('is the one the server put into the page', async () => {
    document.head.innerHTML = '<meta name="recaptcha-site-key" content="site-key-1">'
    const { recaptchaSiteKey } = await freshConfig()
    expect(recaptchaSiteKey()).toBe('site-key-1')
  })

  it('is empty when the server has none', async () => {
    const { recaptchaSiteKey } = await freshConfig()
    expect(recaptchaSiteKey()).toBe('')
  })

  it('stays the document’s first one, whatever the head becomes', async () => {
    document.head.innerHTML = '<meta name="recaptcha-site-key" content="site-key-1">'
    const { recaptchaSiteKey } = await freshConfig()
    expect(recaptchaSiteKey()).toBe('site-key-1')
    document.head.replaceChildren()
    expect(recaptchaSiteKey()).toBe('site-key-1')
  })
})
