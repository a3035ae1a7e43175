import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  canUseServiceWorker,
  clearWorkerUserCaches,
  HTTPS_ONLY_MESSAGE,
  registerServiceWorker,
} from './sw-registration.ts'

afterEach(() => {
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('service worker registration', () => {
  it('is allowed over HTTPS and on localhost only', () => {
    expect(canUseServiceWorker({ protocol: 'https:', hostname: 'shop.example' })).toBe(true)
    expect(canUseServiceWorker({ protocol: 'http:', hostname: 'localhost' })).toBe(true)
    expect(canUseServiceWorker({ protocol: 'http:', hostname: '127.0.0.1' })).toBe(true)
    expect(canUseServiceWorker({ protocol: 'http:', hostname: 'shop.example' })).toBe(false)
  })

  it('logs why over plain HTTP elsewhere, even where the browser hides navigator.serviceWorker', async () => {
    // A real browser exposes navigator.serviceWorker only in secure contexts (see the
    // end-to-end test on http://shop.test): the message must not depend on it.
    const withoutWorkers = { ...navigator }
    expect('serviceWorker' in withoutWorkers).toBe(false)
    vi.stubGlobal('navigator', withoutWorkers)
    vi.stubGlobal('location', { protocol: 'http:', hostname: 'shop.example' })
    const log = vi.spyOn(console, 'log').mockImplementation(() => {})
    expect(await registerServiceWorker({ onUpdateWaiting: () => {} })).toBeUndefined()
    expect(log).toHaveBeenCalledWith(HTTPS_ONLY_MESSAGE)
  })
})

describe('clearWorkerUserCaches', () => {
  it('asks the active worker to clear the user caches and waits for its answer', async () => {
    const received: unknown[] = []
    const active = {
      postMessage: (data: unknown, [port]: MessagePort[]) => {
        received.push(data)
        port!.postMessage({ cleared: ['api'] })
      },
    }
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: async () => ({ active }) },
    })
    await clearWorkerUserCaches()
    expect(received).toEqual([{ type: 'CLEAR_USER_CACHES' }])
  })

  it('tells a new build’s worker, waiting or installing, too, without waiting for it', async () => {
    const received: [string, unknown][] = []
    const worker = (name: string) => ({
      postMessage: (data: unknown, ports?: MessagePort[]) => {
        received.push([name, data])
        ports?.[0]?.postMessage({ cleared: ['api'] })
      },
    })
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        getRegistration: async () => ({
          active: worker('active'),
          waiting: worker('waiting'),
          installing: worker('installing'),
        }),
      },
    })
    await clearWorkerUserCaches()
    expect(received).toEqual([
      ['installing', { type: 'CLEAR_USER_CACHES' }],
      ['waiting', { type: 'CLEAR_USER_CACHES' }],
      ['active', { type: 'CLEAR_USER_CACHES' }],
    ])
  })

  it('has nothing to do when no worker is active', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: { getRegistration: async () => undefined },
    })
    await expect(clearWorkerUserCaches()).resolves.toBeUndefined()
  })
})
