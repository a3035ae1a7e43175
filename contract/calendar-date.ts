const months = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
]

/**
 * A calendar date written `YYYY-MM-DD`, as a reader sees it: "March 5, 2024". The same on the
 * prerendered page and in every browser, whatever its time zone. Written without Intl: a page's
 * first Intl formatter loads the browser's ICU data, a long task in the middle of hydration.
 */
export function formatDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number)
  const name = months[(month ?? 0) - 1]
  if (!name || !year || !day) throw new RangeError(`Not a calendar date: ${isoDate}`)
  return `${name} ${day}, ${year}`
}
