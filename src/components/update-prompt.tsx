import { useServiceWorkerUpdate } from '../lib/sw-update.ts'

/** Offers a waiting new version of the app; nothing is shown until one is ready. */
export function UpdatePrompt() {
  const activate = useServiceWorkerUpdate()
  if (!activate) return null
  return (
    <div className="toast" role="status">
      <span>A new version of the store is ready.</span>
      <button type="button" className="button" onClick={activate}>
        Reload to update
      </button>
    </div>
  )
}
