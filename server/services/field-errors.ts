import type { WorkAnswer } from './idempotency.ts'

/** A 422 naming each field's problems; its message is the first problem. */
export function fieldErrors(errors: Record<string, string[]>): WorkAnswer {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.'
  return { status: 422, body: { message: first, errors } }
}
