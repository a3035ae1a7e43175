import { isRecaptchaPagePath } from '../../contract/recaptcha-pages.ts'
import { recaptchaSiteKey } from './config.ts'

/*
 * A document's Content-Security-Policy is the one its first page was sent with, for the whole
 * visit: Google's reCAPTCHA origins are open only on the form pages (contract/recaptcha-pages.ts),
 * so a form page reached by a link inside the app could not load the script. When a site key is
 * configured and the device is online, such a navigation becomes a full page load, which brings
 * the form page's own policy; every other page keeps the strict one. Offline nothing is reloaded
 * (the form is queued and sent without a token, as it would be anyway).
 */

/** The path this document was loaded on (the navigation's, not where the app went since). */
export function documentLoadPath(): string | undefined {
  if (typeof document === 'undefined') return undefined
  const [entry] = globalThis.performance?.getEntriesByType?.('navigation') ?? []
  const url = entry?.name || globalThis.location?.href
  try {
    return url ? new URL(url).pathname : undefined
  } catch {
    return undefined
  }
}

export interface PageLoadState {
  siteKey: string
  online: boolean
  /** documentLoadPath(); undefined where there is no document (the prerender). */
  loadedOn: string | undefined
}

/** Whether going to `pathname` needs a full page load so its form gets a working reCAPTCHA. */
export function needsFullPageLoad(pathname: string, state: PageLoadState): boolean {
  if (!state.siteKey || !state.online || state.loadedOn === undefined) return false
  return isRecaptchaPagePath(pathname) && !isRecaptchaPagePath(state.loadedOn)
}

/** The same, for this document and this device now. */
export function recaptchaPageNeedsFullLoad(pathname: string): boolean {
  // Every navigation asks, the first too: the document's navigation entry, costly to read the
  // first time, is read only for a form page with a site key.
  if (!isRecaptchaPagePath(pathname)) return false
  const siteKey = recaptchaSiteKey()
  if (!siteKey) return false
  return needsFullPageLoad(pathname, {
    siteKey,
    online: typeof navigator !== 'undefined' && navigator.onLine,
    loadedOn: documentLoadPath(),
  })
}
