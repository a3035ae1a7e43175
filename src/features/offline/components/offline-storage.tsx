import { useEffect, useState } from 'react'
import type { OfflineStorageReply } from '../../../../sw/messages.ts'
import { cacheLabel, formatBytes } from '../model.ts'

interface Stored {
  caches: OfflineStorageReply['caches']
  usage?: number
  quota?: number
  persisted?: boolean
}

/** The worker's channel loads in the browser only: the prerender has no worker. */
async function ask(type: 'OFFLINE_STORAGE' | 'CLEAR_OFFLINE_DATA'): Promise<Stored | undefined> {
  const { askOfflineStorage } = await import('../../../lib/sw-registration.ts')
  const reply = await askOfflineStorage(type)
  if (!reply) return undefined
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined)
  const persisted = await navigator.storage?.persisted?.().catch(() => undefined)
  return { caches: reply.caches, usage: estimate?.usage, quota: estimate?.quota, persisted }
}

/**
 * What this device keeps for offline use (per kind, and the site's whole share of the device's
 * storage), with a way to clear it. The app itself stays installed.
 */
export function OfflineStorage() {
  const [stored, setStored] = useState<Stored | 'loading' | 'none'>('loading')
  const [clearing, setClearing] = useState(false)
  useEffect(() => {
    let current = true
    void ask('OFFLINE_STORAGE').then((result) => current && setStored(result ?? 'none'))
    return () => {
      current = false
    }
  }, [])

  async function clear() {
    setClearing(true)
    setStored((await ask('CLEAR_OFFLINE_DATA')) ?? 'none')
    setClearing(false)
  }

  if (stored === 'loading') return <p role="status">Looking at what this device keeps…</p>
  if (stored === 'none') {
    return (
      <p>
        This browser keeps nothing for offline use yet: the offline store starts after your first
        visit over a secure connection.
      </p>
    )
  }
  return (
    <section aria-labelledby="offline-storage-heading" className="offline-storage panel">
      <h2 id="offline-storage-heading">Stored on this device</h2>
      <table>
        <tbody>
          {stored.caches.map((cache) => (
            <tr key={cache.name}>
              <th scope="row">{cacheLabel(cache.name)}</th>
              <td>{cache.entries === 1 ? '1 file' : `${cache.entries} files`}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {stored.usage !== undefined && (
        <p>
          In all, the store uses {formatBytes(stored.usage)} of this device
          {stored.quota !== undefined && ` (it may use up to ${formatBytes(stored.quota)})`}.
          {stored.persisted && ' The browser keeps it even when space runs low.'}
        </p>
      )}
      <button
        type="button"
        className="button button-secondary"
        disabled={clearing}
        onClick={() => void clear()}
      >
        {clearing ? 'Clearing…' : 'Clear offline data'}
      </button>
    </section>
  )
}
