import { describe, expect, it } from 'vitest'
import { needsFullPageLoad } from './recaptcha-page-load.ts'

const online = { siteKey: 'site-key', online: true, loadedOn: '/' }

describe('a reCAPTCHA form page reached inside the app', () => {
  it('is loaded afresh when the document was loaded on a page without Google’s origins', () => {
    for (const path of ['/contact', '/coaches/elin-vardal', '/login', '/checkout'])
      expect(needsFullPageLoad(path, online), path).toBe(true)
  })

  it('is not when the document already came with a form page’s policy', () => {
    expect(needsFullPageLoad('/coaches/elin-vardal', { ...online, loadedOn: '/contact' })).toBe(
      false,
    )
    expect(needsFullPageLoad('/login', { ...online, loadedOn: '/Login' })).toBe(false)
  })

  it('is not for other pages, which keep the strict policy', () => {
    for (const path of ['/', '/coaches', '/wingsuits/corvid-2', '/account', '/newsletter'])
      expect(needsFullPageLoad(path, online), path).toBe(false)
  })

  it('is not offline, with no site key, or with no document (the prerender)', () => {
    expect(needsFullPageLoad('/contact', { ...online, online: false })).toBe(false)
    expect(needsFullPageLoad('/contact', { ...online, siteKey: '' })).toBe(false)
    expect(needsFullPageLoad('/contact', { ...online, loadedOn: undefined })).toBe(false)
  })
})
