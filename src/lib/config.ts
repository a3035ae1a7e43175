/** Values fixed at build time (see vite.config.ts). */
export const config = {
  /** The product's API host; empty means the same origin as the site. */
  apiUrl: (import.meta.env.VITE_API_URL as string | undefined) ?? '',
  /** Changes with every build; busts the persisted query cache. */
  buildId: (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev',
  /** The invisible reCAPTCHA's site key (RECAPTCHA_SITE_KEY at build); empty: none. */
  recaptchaSiteKey: (import.meta.env.VITE_RECAPTCHA_SITE_KEY as string | undefined) ?? '',
}
