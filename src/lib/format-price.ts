/** Formats a price given in minor units, e.g. 189000 USD → "$1,890.00". */
export function formatPrice(minor: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 100)
}

/** "6 weeks", "1 week", "In stock" for zero. */
export function formatLeadTime(weeks: number): string {
  if (weeks === 0) return 'Ships from stock'
  return `Made to order in ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`
}
