/**
 * A customer as the shop names it to a dealer or on an order a dealer placed: its name with its
 * e-mail, or the e-mail alone.
 */
export function customerLabel(customer: { email: string; name: string | null }): string {
  return customer.name ? `${customer.name} (${customer.email})` : customer.email
}

/**
 * What the header shows of who is signed in, where a row has room for one short word: the first
 * name, or an e-mail's part before the "@". The whole name stays the link's accessible name.
 */
export function shortCustomerName(nameOrEmail: string): string {
  const trimmed = nameOrEmail.trim()
  const at = trimmed.indexOf('@')
  if (at > 0) return trimmed.slice(0, at)
  return trimmed.split(/\s+/)[0] ?? trimmed
}
