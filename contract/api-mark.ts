/**
 * A header only this store's API sets, on every answer under /api (errors included). A queued
 * change counts as delivered only for an answer that carries it with this value and a JSON body
 * of the expected shape: a Wi-Fi sign-in page, a proxy's error page or a redirect never does.
 * Cross-origin, the API exposes it (Access-Control-Expose-Headers) so the worker can read it.
 */
export const API_MARK_HEADER = 'X-Glidecraft-Api'
export const API_MARK_VALUE = '1'
