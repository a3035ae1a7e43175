/*
 * Vitest setup for the app's test files, run before each file. The files share their worker's
 * jsdom window (vitest.config.ts), so what one file left in localStorage, sessionStorage or the
 * cookies (a persisted query cache, a cart token, a session cookie) would be there when the next
 * starts, as it never is on a first visit: each file starts with all three empty, as it did in a
 * window of its own.
 */
localStorage.clear()
sessionStorage.clear()
for (const cookie of document.cookie.split(';')) {
  const name = cookie.split('=')[0]!.trim()
  if (name) document.cookie = `${name}=; Path=/; Max-Age=0`
}
