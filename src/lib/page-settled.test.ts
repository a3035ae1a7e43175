import { afterEach, describe, expect, it, vi } from 'vitest'
import { whenPageSettled, type ActivityWatch } from './page-settled.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

describe('background work once the page has settled', () => {
  /** A page whose activity the test makes: each call of `busy()` is a long task or a request. */
  function page(): { watch: ActivityWatch; busy: () => void; watching: () => boolean } {
    let listener: (() => void) | undefined
    return {
      watch: (onActivity) => {
        listener = onActivity
        return () => {
          listener = undefined
        }
      },
      busy: () => listener?.(),
      watching: () => listener !== undefined,
    }
  }

  function settled(options: Parameters<typeof whenPageSettled>[0]) {
    const state = { done: false }
    void whenPageSettled(options).then(() => {
      state.done = true
    })
    return state
  }

  it('waits for the load event, then for a quiet spell', async () => {
    vi.useFakeTimers()
    const readyState = vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading')
    const { watch } = page()
    const state = settled({ quietMs: 3000, atMostMs: 12000, watch })
    await vi.advanceTimersByTimeAsync(5000)
    expect(state.done).toBe(false)
    readyState.mockReturnValue('complete')
    window.dispatchEvent(new Event('load'))
    await vi.advanceTimersByTimeAsync(2999)
    expect(state.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(state.done).toBe(true)
  })

  it('starts the quiet spell again on each long task or request, and stops watching after', async () => {
    vi.useFakeTimers()
    const { watch, busy, watching } = page()
    const state = settled({ quietMs: 3000, atMostMs: 12000, watch })
    await vi.advanceTimersByTimeAsync(2000)
    busy()
    await vi.advanceTimersByTimeAsync(2000)
    busy()
    await vi.advanceTimersByTimeAsync(2999)
    expect(state.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(state.done).toBe(true)
    expect(watching()).toBe(false)
  })

  it('does not wait past its limit on a page that never goes quiet', async () => {
    vi.useFakeTimers()
    const { watch, busy } = page()
    const state = settled({ quietMs: 3000, atMostMs: 12000, watch })
    for (let elapsed = 0; elapsed < 11000; elapsed += 1000) {
      busy()
      await vi.advanceTimersByTimeAsync(1000)
    }
    expect(state.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1000)
    expect(state.done).toBe(true)
  })

  it('counts a scroll, tap or key as activity, and past its limit waits for a pause in them', async () => {
    vi.useFakeTimers()
    const { watch } = page()
    const visitor = page()
    const state = settled({
      quietMs: 3000,
      atMostMs: 12000,
      inputPauseMs: 1000,
      watch,
      input: visitor.watch,
    })
    // Scrolling the whole time, a frame every 100 ms: past the limit, still waiting.
    for (let elapsed = 0; elapsed < 20000; elapsed += 100) {
      visitor.busy()
      await vi.advanceTimersByTimeAsync(100)
    }
    expect(state.done).toBe(false)
    // The thumb rests: a second after its last scroll the page counts as settled, and stops
    // listening.
    await vi.advanceTimersByTimeAsync(899)
    expect(state.done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(state.done).toBe(true)
    expect(visitor.watching()).toBe(false)
  })

  it('a tap now and then does not hold it past its limit', async () => {
    vi.useFakeTimers()
    const { watch } = page()
    const visitor = page()
    const state = settled({ quietMs: 3000, atMostMs: 12000, watch, input: visitor.watch })
    for (let elapsed = 0; elapsed < 12000; elapsed += 2000) {
      visitor.busy()
      await vi.advanceTimersByTimeAsync(2000)
    }
    expect(state.done).toBe(true)
  })
})
