import { isRecaptchaPagePath } from '../../contract/recaptcha-pages.ts'
import { recaptchaSiteKey } from './config.ts'
import { documentLoadPath } from './recaptcha-page-load.ts'

/*
 * The invisible reCAPTCHA in the page (docs/forms.md). Its script loads only when the
 * server has a site key (RECAPTCHA_SITE_KEY, handed to the page in each page it sends: config.ts),
 * only for the forms that use it (contact, contact a coach, registration, guest sign-in), and only after the first view: `prepareRecaptcha` is called
 * once such a form is on screen, from idle time. The console warns when the key is missing or the
 * script fails to load; the form is then sent without a token, which the server takes under
 * its rate limits and honeypot. The token is asked for as the form is sent and travels in a header.
 * The Content-Security-Policy opens Google's origins on the form pages only, and the policy is the
 * first page's of a visit: a form page reached inside the app is loaded afresh when online
 * (recaptcha-page-load.ts, the root route). On a document that was still not loaded on such a
 * page the script is not tried (it would be refused), and the console says why.
 */

interface Grecaptcha {
  ready(callback: () => void): void
  render(
    container: HTMLElement,
    parameters: {
      sitekey: string
      size: 'invisible'
      badge?: 'bottomright' | 'bottomleft' | 'inline'
      callback: (token: string) => void
      'error-callback'?: () => void
    },
  ): number
  execute(widget: number): void
  reset(widget: number): void
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha
  }
}

export const recaptchaScriptUrl = 'https://www.google.com/recaptcha/api.js?render=explicit'
/** How long a form waits for a token before it goes without one. */
const TOKEN_WAIT_MS = 8000

let loading: Promise<Grecaptcha | undefined> | undefined
let warned = false

function warnOnce(message: string): void {
  if (warned) return
  warned = true
  console.warn(message)
}

function documentLoadedOnFormPage(): boolean {
  const loadedOn = documentLoadPath()
  return loadedOn !== undefined && isRecaptchaPagePath(loadedOn)
}

/** Loads the script once (resolves undefined, after a console warning, when it cannot). */
export function prepareRecaptcha(siteKey = recaptchaSiteKey()): Promise<Grecaptcha | undefined> {
  loading ??= new Promise((resolve) => {
    if (!siteKey) {
      warnOnce(
        'reCAPTCHA: no site key is configured (RECAPTCHA_SITE_KEY on the server), so forms are sent without a reCAPTCHA token.',
      )
      resolve(undefined)
      return
    }
    if (!documentLoadedOnFormPage()) {
      warnOnce(
        'reCAPTCHA: this page was opened from one whose security policy does not allow reCAPTCHA, so this form is sent without a token. Reload the page to use it.',
      )
      resolve(undefined)
      return
    }
    if (window.grecaptcha) {
      resolve(window.grecaptcha)
      return
    }
    const script = document.createElement('script')
    script.src = recaptchaScriptUrl
    script.async = true
    script.defer = true
    script.addEventListener('load', () => {
      const grecaptcha = window.grecaptcha
      if (!grecaptcha) {
        warnOnce('reCAPTCHA: the script loaded but did not start; forms are sent without a token.')
        resolve(undefined)
        return
      }
      grecaptcha.ready(() => resolve(grecaptcha))
    })
    script.addEventListener('error', () => {
      warnOnce(
        `reCAPTCHA: the script failed to load (${recaptchaScriptUrl}); forms are sent without a token.`,
      )
      // The next form may try again (the network may be back).
      loading = undefined
      resolve(undefined)
    })
    document.head.append(script)
  })
  return loading
}

/** Where the widget goes for a form that has no place of its own for it (sign-in). */
function widgetHolder(): HTMLElement {
  let holder = document.getElementById('recaptcha-holder')
  if (!holder) {
    holder = document.createElement('div')
    holder.id = 'recaptcha-holder'
    document.body.append(holder)
  }
  return holder
}

/** Loads the script in idle time after the first view (a form's page calls it once mounted). */
export function prepareRecaptchaLater(): void {
  const start = () => void prepareRecaptcha()
  if ('requestIdleCallback' in globalThis) globalThis.requestIdleCallback(start, { timeout: 3000 })
  else setTimeout(start, 1)
}

/**
 * A fresh token for one send, or undefined (no key, offline, no script, no answer in time): the
 * form then goes without one.
 */
export async function recaptchaToken(given?: HTMLElement | null): Promise<string | undefined> {
  if (!navigator.onLine) return undefined
  const container = given ?? widgetHolder()
  const grecaptcha = await prepareRecaptcha()
  if (!grecaptcha) return undefined
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), TOKEN_WAIT_MS)
    const done = (token: string | undefined) => {
      clearTimeout(timer)
      resolve(token)
    }
    try {
      container.replaceChildren()
      const widget = grecaptcha.render(container, {
        sitekey: recaptchaSiteKey(),
        size: 'invisible',
        badge: 'inline',
        callback: (token) => done(token),
        'error-callback': () => done(undefined),
      })
      grecaptcha.execute(widget)
    } catch {
      done(undefined)
    }
  })
}
