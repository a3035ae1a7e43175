const longDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/**
 * A calendar date written `YYYY-MM-DD`, as a reader sees it: "March 5, 2024". Read and shown
 * in UTC, so the prerendered page and the browser agree whatever the browser's time zone.
 */
export function formatDate(isoDate: string): string {
  return longDate.format(new Date(`${isoDate}T00:00:00Z`))
}

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })

/** A moment on this device's clock, in its time zone: "Nov 21, 2026, 9:30 AM". Browser only. */
export function formatDateTime(epochMs: number): string {
  return dateTime.format(epochMs)
}
