import { describe, expect, it } from 'vitest'
import { testStoreNoticeHtml } from './test-store-notice.ts'
import {
  pageSettingsTransform,
  recaptchaSiteKeyMeta,
  withRecaptchaSiteKey,
} from './page-settings.ts'

const page =
  '<!doctype html><html lang="en"><head><title>Glidecraft</title></head><body><div id="app"></div></body></html>'

describe('the reCAPTCHA site key handed to the page', () => {
  it('is a meta tag first in the page’s head', () => {
    expect(withRecaptchaSiteKey(page, 'site-key-1')).toBe(
      '<!doctype html><html lang="en"><head><meta name="recaptcha-site-key" content="site-key-1"><title>Glidecraft</title></head><body><div id="app"></div></body></html>',
    )
  })

  it('goes at the start of a page without a head', () => {
    expect(withRecaptchaSiteKey('<h1>Not found</h1>', 'k')).toBe(
      '<meta name="recaptcha-site-key" content="k"><h1>Not found</h1>',
    )
  })

  it('cannot break out of its attribute', () => {
    expect(recaptchaSiteKeyMeta('a"><script>x</script>&')).toBe(
      '<meta name="recaptcha-site-key" content="a&quot;&gt;&lt;script&gt;x&lt;/script&gt;&amp;">',
    )
  })
})

describe('the settings put into each page as it is served', () => {
  it('change nothing when there is none', () => {
    expect(pageSettingsTransform({})).toBeUndefined()
    expect(pageSettingsTransform({ testStoreNotice: false, recaptchaSiteKey: '' })).toBeUndefined()
  })

  it('are the test store’s notice and the site key together', () => {
    const served = pageSettingsTransform({ testStoreNotice: true, recaptchaSiteKey: 'k' })!(page)
    expect(served).toContain(`<head>${recaptchaSiteKeyMeta('k')}<title>`)
    expect(served).toContain(`<body>${testStoreNoticeHtml}<div id="app">`)
  })

  it('are each on its own', () => {
    expect(pageSettingsTransform({ recaptchaSiteKey: 'k' })!(page)).not.toContain(
      testStoreNoticeHtml,
    )
    expect(pageSettingsTransform({ testStoreNotice: true })!(page)).not.toContain(
      'recaptcha-site-key',
    )
  })
})
