import type { TypedResponse } from 'hono'

/**
 * An answer whose status and body were decided at run time: a stored idempotent answer sent
 * again, a service's refusal, a gate's 401, 403, 422 or 429. Each route's OpenAPI responses
 * declare every status its call can give (docs/api.md), but the types cannot follow a status
 * held in a number to one of them. This type lets a handler return such an answer as one of its
 * declared responses (the `never` data and status fit any of them); `declared` is the one place
 * that says so, so handlers carry no casts.
 */
export type DeclaredAnswer = Response & TypedResponse<never, never, 'json'>

/** `response` as one of the route's declared answers (see DeclaredAnswer). */
export function declared(response: Response): DeclaredAnswer {
  return response as DeclaredAnswer
}
