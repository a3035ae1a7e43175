import { afterEach, describe, expect, it, vi } from 'vitest'
import { inTasks, nextTask } from './next-task.ts'

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
