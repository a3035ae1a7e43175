import type { Read } from '../../../lib/kept-orders.ts'

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/**
 * Says when a back-office read was made when it came from the device (no network): "Offline:
 * as of 30 Nov 2026, 14:02". Nothing when the shop answered just now.
 */
export function AsOf({ read }: { read: Pick<Read<unknown>, 'savedAt' | 'fromDevice'> }) {
  if (!read.fromDevice) return null
  return (
    <p className="admin-as-of" role="status">
      <strong>Offline:</strong> as of{' '}
      <time dateTime={new Date(read.savedAt).toISOString()}>{when.format(read.savedAt)}</time>.
      Actions need the network.
    </p>
  )
}
