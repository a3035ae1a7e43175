import { RECAPTCHA_SITE_KEY_META } from '../../contract/recaptcha-pages.ts'
import { withTestStoreNotice } from './test-store-notice.ts'

/*
 * Settings the page learns when it is served rather than when it is built, so one build serves
 * any of them: the test store's notice (test-store-notice.ts) and the reCAPTCHA site key. The key
 * goes into the page's head as a `<meta>` the app reads (src/lib/config.ts): no inline script,
 * so the Content-Security-Policy stays as it is. The service worker keeps pages as the server
 * sent them, so a page it serves offline carries the key it was served with.
 */

export interface PageSettings {
  /** TEST_PAYMENTS: every HTML page says this is a test store. */
  testStoreNotice?: boolean
  /** RECAPTCHA_SITE_KEY: the invisible reCAPTCHA's site key; unset, the forms go without it. */
  recaptchaSiteKey?: string
}

const headTag = /<head\b[^>]*>/i

function escapeAttribute(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/** The `<meta>` that hands the page the site key. */
export function recaptchaSiteKeyMeta(siteKey: string): string {
  return `<meta name="${RECAPTCHA_SITE_KEY_META}" content="${escapeAttribute(siteKey)}">`
}

/** The page with the site key's `<meta>` first in its head (at its start without one). */
export function withRecaptchaSiteKey(html: string, siteKey: string): string {
  const head = headTag.exec(html)
  const at = head ? head.index + head[0].length : 0
  return `${html.slice(0, at)}${recaptchaSiteKeyMeta(siteKey)}${html.slice(at)}`
}

/** What every HTML page goes through as it is served; undefined when nothing is to be added. */
export function pageSettingsTransform({
  testStoreNotice = false,
  recaptchaSiteKey,
}: PageSettings): ((html: string) => string) | undefined {
  if (!testStoreNotice && !recaptchaSiteKey) return undefined
  return (html) => {
    let page = testStoreNotice ? withTestStoreNotice(html) : html
    if (recaptchaSiteKey) page = withRecaptchaSiteKey(page, recaptchaSiteKey)
    return page
  }
}
