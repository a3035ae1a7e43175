// The calendar date is written the same way by the server (mail) and the app: contract/.
export { formatDate } from '../../contract/calendar-date.ts'

let dateTime: Intl.DateTimeFormat | undefined

/** A moment on this device's clock, in its time zone: "Nov 21, 2026, 9:30 AM". Browser only. */
export function formatDateTime(epochMs: number): string {
  dateTime ??= new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' })
  return dateTime.format(epochMs)
}
