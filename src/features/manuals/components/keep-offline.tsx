import { useEffect, useState } from 'react'
import type { KeptOfflineReply } from '../../../../sw/messages.ts'
import { askPersistentStorage } from '../../../lib/persistent-storage.ts'

/**
 * The worker's channel loads on first use, in the browser only: it stays out of the manual's
 * chunk and of the prerender, which has no worker.
 */
async function askKeptOffline(
  type: 'KEEP_OFFLINE' | 'FORGET_OFFLINE' | 'IS_KEPT_OFFLINE',
  urls: string[],
): Promise<KeptOfflineReply | undefined> {
  const { askKeptOffline: ask } = await import('../../../lib/sw-registration.ts')
  return ask(type, urls)
}

type State = 'unavailable' | 'not-kept' | 'saving' | 'kept' | 'quota' | 'failed'

/**
 * "Keep offline" for one manual: the worker keeps its page, data and files until the visitor
 * removes them. Shown only where a worker controls the page; a full device is said plainly.
 */
export function KeepOffline({ urls }: { urls: string[] }) {
  const [state, setState] = useState<State>('unavailable')
  const key = urls.join(' ')
  useEffect(() => {
    let current = true
    void askKeptOffline('IS_KEPT_OFFLINE', key.split(' ')).then((reply) => {
      if (current) setState(reply ? (reply.kept ? 'kept' : 'not-kept') : 'unavailable')
    })
    return () => {
      current = false
    }
  }, [key])
  if (state === 'unavailable') return null

  async function keep() {
    setState('saving')
    const reply = await askKeptOffline('KEEP_OFFLINE', urls).catch(() => undefined)
    if (reply?.kept) void askPersistentStorage()
    setState(reply?.kept ? 'kept' : reply?.error === 'quota' ? 'quota' : 'failed')
  }
  async function remove() {
    await askKeptOffline('FORGET_OFFLINE', urls).catch(() => undefined)
    setState('not-kept')
  }

  return (
    <div className="keep-offline panel" role="group" aria-label="Offline copy">
      {state === 'kept' ? (
        <>
          <p role="status">Kept on this device: this manual opens without a network.</p>
          <button type="button" className="button button-secondary" onClick={() => void remove()}>
            Remove from this device
          </button>
        </>
      ) : (
        <>
          <button
            type="button"
            className="button"
            disabled={state === 'saving'}
            onClick={() => void keep()}
          >
            {state === 'saving' ? 'Keeping…' : 'Keep offline'}
          </button>
          {state === 'quota' && (
            <p role="alert">
              This device has no room left to keep the manual. Free some space and try again.
            </p>
          )}
          {state === 'failed' && (
            <p role="alert">The manual could not be kept: check the connection and try again.</p>
          )}
        </>
      )}
    </div>
  )
}
