import { RECAPTCHA_SITE_KEY_META } from '../../contract/recaptcha-pages.ts'

/** Values fixed at build time (see vite.config.ts). */
export const config = {
  /** The product's API host; empty means the same origin as the site. */
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined) ?? '',
  /** Changes with every build; busts the persisted query cache. */
  buildId: (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev',
}

let siteKey: string | undefined

/**
 * The invisible reCAPTCHA's site key, a setting of the server (RECAPTCHA_SITE_KEY) that it puts
 * into each page it sends (server/site/page-settings.ts); empty: none. Read once per document,
 * and never where there is no document (the prerender).
 */
export function recaptchaSiteKey(): string {
  if (typeof document === 'undefined') return ''
  siteKey ??=
    document
      .querySelector<HTMLMetaElement>(`meta[name="${RECAPTCHA_SITE_KEY_META}"]`)
      ?.getAttribute('content') ?? ''
  return siteKey
}
