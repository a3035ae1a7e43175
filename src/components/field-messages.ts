/*
 * A 422's messages under a form's fields (docs/api.md): every form that sends to the API reads
 * them the same way. Pure; tested through the checkout's model (features/checkout/model.test.ts).
 */

/** Messages per field, by the form's field names. */
export type FieldMessages<F extends string> = Partial<Record<F, string>>

const camelToWire = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/**
 * A 422's messages under the form's fields: the server names them `address.postal_code` (the
 * client camelizes answers: `address.postalCode`); `prefix` is dropped. Messages for no field of
 * the form are returned as `other`.
 */
export function fieldMessages<F extends string>(
  errors: Record<string, string[]>,
  fields: readonly F[],
  prefix = '',
): { fields: FieldMessages<F>; other: string[] } {
  const found: FieldMessages<F> = {}
  const other: string[] = []
  for (const [key, messages] of Object.entries(errors)) {
    const message = messages[0]
    if (!message) continue
    const bare = key.startsWith(prefix) ? key.slice(prefix.length) : key
    const name = camelToWire(bare) as F
    if (fields.includes(name) && !found[name]) found[name] = message
    else other.push(message)
  }
  return { fields: found, other }
}
