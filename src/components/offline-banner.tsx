import { useOnlineStatus } from '../lib/use-online-status.ts'

/** Says plainly when the network is gone; what was saved on this device keeps working. */
export function OfflineBanner() {
  const online = useOnlineStatus()
  if (online) return null
  return (
    <div className="offline-banner" role="status">
      You are offline. Pages you have visited and your saved designs still work; changes sync when
      the network returns.
    </div>
  )
}
