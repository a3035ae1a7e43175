/**
 * Prices as the store shows them. The store's own prices (en-US, dollars, euros, pounds) are
 * written without Intl: a page's first Intl formatter loads the browser's ICU data, tens of
 * milliseconds of main-thread work (several times that on a phone) in the middle of hydrating a
 * product page. Any other locale or currency goes to Intl, whose output the fast path matches
 * (format-price.test.ts holds the two together).
 */

/** Building an Intl.NumberFormat costs far more than using one: the configurator formats dozens of prices per change. */
const formatters = new Map<string, Intl.NumberFormat>()

const enUsSymbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' }

function groupThousands(digits: string): string {
  let grouped = ''
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end)
    grouped = grouped ? `${group},${grouped}` : group
  }
  return grouped
}

/** Formats a price given in minor units, e.g. 189000 USD → "$1,890.00". */
export function formatPrice(minor: number, currency: string, locale = 'en-US'): string {
  const symbol = locale === 'en-US' ? enUsSymbols[currency] : undefined
  if (symbol !== undefined && Number.isSafeInteger(minor)) {
    const cents = Math.abs(minor)
    const whole = groupThousands(String(Math.floor(cents / 100)))
    const fraction = String(cents % 100).padStart(2, '0')
    return `${minor < 0 ? '-' : ''}${symbol}${whole}.${fraction}`
  }
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
