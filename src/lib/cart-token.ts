import { cartTokenPattern } from '../../contract/cart-headers.ts'

/*
 * The device's anonymous cart token (contract/cart.ts): made here the first time a cart call
 * needs it, offline too, so a guest's first "add" never waits for the server. Kept in
 * localStorage, where the service worker's queued requests already carry it as a header.
 */

const storageKey = 'cart-token'

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '')
}

/** The token, made and kept if the device has none (or a malformed one). */
export function cartToken(storage: Storage = localStorage): string {
  const kept = storage.getItem(storageKey)
  if (kept && cartTokenPattern.test(kept)) return kept
  const made = newToken()
  storage.setItem(storageKey, made)
  return made
}

/** After logout the next guest starts a cart of their own, not the one merged into the account. */
export function forgetCartToken(storage: Storage = localStorage): void {
  storage.removeItem(storageKey)
}
