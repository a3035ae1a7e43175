import { useOfflineDataStatus } from '../lib/offline-data-status.ts'
import { useOnlineStatus } from '../lib/use-online-status.ts'

/**
 * Says plainly when the network is gone; what was saved on this device keeps working. When the
 * worker saved only opened pages (Save-Data, 2g), it says that too.
 */
export function OfflineBanner() {
  const online = useOnlineStatus()
  const offlineData = useOfflineDataStatus()
  if (online) return null
  return (
    <div className="offline-banner" role="status">
      You are offline.{' '}
      {offlineData?.mode === 'on-view' &&
        'To spare your data, only the pages you opened online were saved on this device. '}
      Saved pages and your designs still work; changes sync when the network returns.
    </div>
  )
}
