/** Building an Intl.NumberFormat costs far more than using one: the configurator formats dozens of prices per change. */
const formatters = new Map<string, Intl.NumberFormat>()

/** Formats a price given in minor units, e.g. 189000 USD → "$1,890.00". */
export function formatPrice(minor: number, currency: string, locale = 'en-US'): string {
  const key = `${locale} ${currency}`
  let formatter = formatters.get(key)
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency })
    formatters.set(key, formatter)
  }
  return formatter.format(minor / 100)
}

/** "6 weeks", "1 week", "In stock" for zero. */
export function formatLeadTime(weeks: number): string {
  if (weeks === 0) return 'Ships from stock'
  return `Made to order in ${weeks} ${weeks === 1 ? 'week' : 'weeks'}`
}
