/**
 * A customer as the shop names it to a dealer or on an order a dealer placed: its name with its
 * e-mail, or the e-mail alone.
 */
export function customerLabel(customer: { email: string; name: string | null }): string {
  return customer.name ? `${customer.name} (${customer.email})` : customer.email
}
