/*
 * Money as the shop writes it, from integer minor units (cents; yen have none) whose size is the
 * currency's own (ISO 4217, as Intl knows it): a plain decimal for payment providers and CSV
 * (1890.00), an amount in notes, answers and the admin tool (1,890.00 USD), and a price as a
 * customer reads it in mail ($1,890.00).
 */

/** How many decimals a currency's minor unit has (USD 2, JPY 0, BHD 3), as Intl knows it. */
export function currencyExponent(currency: string): number {
  return (
    new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
      .maximumFractionDigits ?? 2
  )
}

/** Minor units as the decimal string providers take: 123456 USD → "1234.56". */
export function toDecimal(amount: number, currency: string): string {
  const exponent = currencyExponent(currency)
  const sign = amount < 0 ? '-' : ''
  const digits = String(Math.abs(amount)).padStart(exponent + 1, '0')
  if (exponent === 0) return `${sign}${digits}`
  return `${sign}${digits.slice(0, -exponent)}.${digits.slice(-exponent)}`
}

/** A provider's decimal string (or number) in minor units: "1234.56" USD → 123456. */
export function fromDecimal(value: string | number, currency: string): number {
  const exponent = currencyExponent(currency)
  const text = typeof value === 'number' ? value.toFixed(exponent) : value.trim()
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (!match) return Number.NaN
  const fraction = (match[3] ?? '').padEnd(exponent, '0')
  if (fraction.length > exponent && /[^0]/.test(fraction.slice(exponent))) return Number.NaN
  const units = Number(`${match[2]}${fraction.slice(0, exponent)}`)
  return match[1] ? -units : units
}

/**
 * Minor units as notes, answers and the admin tool write them, thousands grouped as the locale
 * groups them: 228000 USD → "2,280.00 USD", 1890 JPY → "1,890 JPY".
 */
export function formatAmount(amount: number, currency: string, locale = 'en-US'): string {
  const exponent = currencyExponent(currency)
  const major = (amount / 10 ** exponent).toLocaleString(locale, {
    minimumFractionDigits: exponent,
    maximumFractionDigits: exponent,
  })
  return `${major} ${currency}`
}

/** Building an Intl.NumberFormat costs far more than using one: a page formats dozens of prices per change. */
const currencyFormats = new Map<string, Intl.NumberFormat>()

const enUsSymbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£' }

function groupThousands(digits: string): string {
  let grouped = ''
  for (let end = digits.length; end > 0; end -= 3) {
    const group = digits.slice(Math.max(0, end - 3), end)
    grouped = grouped ? `${group},${grouped}` : group
  }
  return grouped
}

/**
 * An amount as a customer reads it, with the currency's symbol: 189000 USD → "$1,890.00",
 * 1890 JPY → "¥1,890". The store's own prices (en-US; dollars, euros, pounds) are written without
 * Intl: a page's first Intl formatter loads the browser's ICU data, tens of milliseconds of
 * main-thread work (several times that on a phone) in the middle of hydrating a product page.
 * Any other locale or currency goes to Intl, whose output the fast path matches (money.test.ts
 * holds the two together).
 */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  const symbol = locale === 'en-US' ? enUsSymbols[currency] : undefined
  if (symbol !== undefined && Number.isSafeInteger(minor)) {
    const cents = Math.abs(minor)
    const whole = groupThousands(String(Math.floor(cents / 100)))
    const fraction = String(cents % 100).padStart(2, '0')
    return `${minor < 0 ? '-' : ''}${symbol}${whole}.${fraction}`
  }
  const key = `${locale} ${currency}`
  let format = currencyFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency })
    currencyFormats.set(key, format)
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2
  return format.format(minor / 10 ** digits)
}
