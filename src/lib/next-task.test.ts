import { afterEach, describe, expect, it, vi } from 'vitest'
import { inTasks, nextTask, whenPageSettled, type ActivityWatch } from './next-task.ts'

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('start-up work in pieces', () => {
  it('runs what follows nextTask() in a later task, not in the one running now', async () => {
    vi.useFakeTimers()
    const done: string[] = []
    void nextTask().then(() => done.push('after'))
    // Microtasks of this task run: the rest has not.
    await Promise.resolve()
    await Promise.resolve()
    expect(done).toEqual([])
    await vi.advanceTimersToNextTimerAsync()
    expect(done).toEqual(['after'])
  })

  it('uses scheduler.yield() where the browser has it', async () => {
    const yielded = vi.fn(() => Promise.resolve())
    vi.stubGlobal('scheduler', { yield: yielded })
    await nextTask()
    expect(yielded).toHaveBeenCalledOnce()
  })

  it('runs each step in a task of its own, in order, waiting for a step that loads', async () => {
    // Each yield is a task boundary, let through one at a time.
    const boundaries: (() => void)[] = []
    vi.stubGlobal('scheduler', {
      yield: () => new Promise<void>((resolve) => boundaries.push(resolve)),
    })
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    const ran: string[] = []
    let loaded: (value: string) => void = () => undefined
    const result = inTasks(
      () => ran.push('query layer'),
      () =>
        new Promise<string>((resolve) => {
          ran.push('database code')
          loaded = resolve
        }),
      () => {
        ran.push('page')
        return 'the page'
      },
    )
    await settle()
    expect(ran).toEqual([])
    boundaries.shift()!()
    await settle()
    expect(ran).toEqual(['query layer'])
    boundaries.shift()!()
    await settle()
    expect(ran).toEqual(['query layer', 'database code'])
    // The next step waits for the chunk: no task boundary is even asked for until it is there.
    await settle()
    expect(boundaries).toEqual([])
    loaded('loaded')
    await settle()
    expect(ran).toEqual(['query layer', 'database code'])
    boundaries.shift()!()
    await expect(result).resolves.toBe('the page')
    expect(ran).toEqual(['query layer', 'database code', 'page'])
  })

  it('stops at a step that fails (a chunk that could not load), and says so', async () => {
    const later = vi.fn()
    await expect(
      inTasks(
        () => Promise.reject(new TypeError('Failed to fetch dynamically imported module')),
        later,
      ),
    ).rejects.toThrow('Failed to fetch')
    expect(later).not.toHaveBeenCalled()
  })
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
