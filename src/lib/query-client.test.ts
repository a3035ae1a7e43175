import { onlineManager } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError } from './api-client.ts'
import {
  CACHE_TIME_MS,
  createQueryClient,
  followBrowserOnlineState,
  PERSIST_MAX_AGE_MS,
  persisted,
  shouldRetry,
  startQueryClient,
} from './query-client.ts'

describe('query client defaults', () => {
  const defaults = createQueryClient().getDefaultOptions()

  it('caches for 5 minutes and does not refetch on window focus', () => {
    expect(CACHE_TIME_MS).toBe(300000)
    expect(defaults.queries?.gcTime).toBe(300000)
    expect(defaults.queries?.refetchOnWindowFocus).toBe(false)
  })

  it('waits 1, 2, then 4 s before retrying a failed query (doubling, capped at 30 s)', async () => {
    vi.useFakeTimers()
    try {
      const attempts: number[] = []
      const start = Date.now()
      const read = createQueryClient().fetchQuery({
        queryKey: ['retry-delay'],
        queryFn: () => {
          attempts.push(Date.now() - start)
          return Promise.reject(new ApiError(503, null))
        },
      })
      const failed = expect(read).rejects.toBeInstanceOf(ApiError)
      await vi.runAllTimersAsync()
      await failed
      expect(attempts).toEqual([0, 1000, 3000, 7000])
    } finally {
      vi.useRealTimers()
    }
  })

  it('retries queries 3 times and mutations never', () => {
    const network = new Error('offline')
    expect([0, 1, 2, 3].map((n) => shouldRetry(n, network))).toEqual([true, true, true, false])
    expect(shouldRetry(0, new ApiError(503, null))).toBe(true)
    expect(defaults.queries?.retry).toBe(shouldRetry)
    expect(defaults.mutations?.retry).toBe(0)
  })

  it('does not retry answers that will not change (4xx)', () => {
    expect(shouldRetry(0, new ApiError(404, null))).toBe(false)
    expect(shouldRetry(0, new ApiError(401, null))).toBe(false)
  })

  it('shows a network failure at once when the browser is offline, and retries it online', () => {
    const failure = new NetworkError(new TypeError('Failed to fetch'))
    const onLine = vi.spyOn(navigator, 'onLine', 'get')
    try {
      onLine.mockReturnValue(false)
      expect(shouldRetry(0, failure)).toBe(false)
      onLine.mockReturnValue(true)
      expect(shouldRetry(0, failure)).toBe(true)
    } finally {
      onLine.mockRestore()
    }
  })

  it('keeps persisted queries at least as long as the persister does', () => {
    expect(persisted.gcTime).toBeGreaterThanOrEqual(PERSIST_MAX_AGE_MS)
  })
})

describe('persistence', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('restores persisted queries, and only those, in a new session', async () => {
    vi.useFakeTimers()
    const storage = window.localStorage
    storage.clear()
    const first = await startQueryClient(storage)
    await first.fetchQuery({ queryKey: ['user'], queryFn: () => ({ id: 'u1' }), ...persisted })
    await first.fetchQuery({ queryKey: ['big'], queryFn: () => ['not', 'persisted'] })
    // The sync persister writes after a throttle of one second, not before.
    await vi.advanceTimersByTimeAsync(900)
    expect(storage.getItem('glidecraft-query-cache')).toBeNull()
    await vi.advanceTimersByTimeAsync(200)
    expect(storage.getItem('glidecraft-query-cache')).not.toBeNull()
    first.unmount()

    const second = await startQueryClient(storage)
    expect(second.getQueryData(['user'])).toEqual({ id: 'u1' })
    expect(second.getQueryData(['big'])).toBeUndefined()
    second.unmount()
  })
})

describe('what the device last saw', () => {
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })

  it('keeps a persisted query whose refetch failed, and restores it as the data it held', async () => {
    vi.useFakeTimers()
    const storage = window.localStorage
    storage.clear()
    const first = await startQueryClient(storage)
    const user = { email: 'a@example.com', name: 'Alex' }
    await first.fetchQuery({ queryKey: ['user'], queryFn: () => user, ...persisted })
    // Offline: the refetch fails, the query keeps its data with an error.
    const offline = new NetworkError(new TypeError('Failed to fetch'))
    await first
      .fetchQuery({
        queryKey: ['user'],
        queryFn: () => Promise.reject(offline),
        ...persisted,
        staleTime: 0,
        retry: false,
      })
      .catch(() => undefined)
    expect(first.getQueryState(['user'])?.status).toBe('error')
    await vi.advanceTimersByTimeAsync(1100)
    first.unmount()

    const second = await startQueryClient(storage)
    expect(second.getQueryData(['user'])).toEqual(user)
    expect(second.getQueryState(['user'])).toMatchObject({ status: 'success', error: null })
    second.unmount()

    // The write made as the page is hidden keeps it too.
    storage.clear()
    const third = await startQueryClient(storage)
    await third.fetchQuery({ queryKey: ['user'], queryFn: () => user, ...persisted })
    third
      .getQueryCache()
      .find({ queryKey: ['user'] })!
      .setState({ status: 'error', error: offline })
    window.dispatchEvent(new Event('pagehide'))
    expect(storage.getItem('glidecraft-query-cache')).toContain('a@example.com')
    third.unmount()
  })

  it('believes navigator.onLine, not an `online` event fired while the browser is offline', () => {
    const manager = onlineManager
    const seen: boolean[] = []
    const unsubscribe = manager.subscribe((online) => seen.push(online))
    followBrowserOnlineState(manager)
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    window.dispatchEvent(new Event('offline'))
    window.dispatchEvent(new Event('online'))
    expect(manager.isOnline()).toBe(false)
    onLine.mockReturnValue(true)
    window.dispatchEvent(new Event('online'))
    expect(seen).toEqual([false, true])
    unsubscribe()
  })
})
