/**
 * The back office's built code (vite.config.ts puts routes/admin* and features/back-office into
 * one chunk of this name): left out of the customer's precache, cached by the service worker when
 * the owner opens the back office (sw/caching-routes.ts), so it opens offline after that.
 */
export const BACK_OFFICE_CHUNK = 'admin'

/** A built file of the back office: `/assets/admin-<hash>.js` or `.css`. */
export function isBackOfficeAsset(pathname: string): boolean {
  return pathname.startsWith(`/assets/${BACK_OFFICE_CHUNK}-`)
}
