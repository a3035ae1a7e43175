/**
 * How long browsers and the service worker may keep a public API answer (the catalog, production
 * times, the archive): the same for everyone, and changed only by an owner's edit. A minute keeps
 * an edit visible soon while a busy page still reuses the answer; the ETag makes the revalidation
 * cheap. The service worker keeps only answers marked public (sw/policy.ts), so these are the
 * answers a pilot sees offline. Every other API answer is `no-store, private` (app.ts).
 */
export const publicAnswerCacheControl = 'public, max-age=60'
