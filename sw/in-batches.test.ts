import { describe, expect, it } from 'vitest'
import { inBatches } from './in-batches.ts'

/**
 * A task whose calls the test ends one by one, in any order; `starts(n)` resolves once n calls
 * have started.
 */
function controlledTask() {
  const pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>()
  const started: number[] = []
  const waiting: { count: number; resolve: () => void }[] = []
  const task = (item: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(item)
      pending.set(item, { resolve, reject })
      for (const wait of waiting) if (started.length >= wait.count) wait.resolve()
    })
  const starts = (count: number) =>
    started.length >= count
      ? Promise.resolve()
      : new Promise<void>((resolve) => waiting.push({ count, resolve }))
  return { task, started, pending, starts }
}

describe('inBatches', () => {
  it('keeps at most the given number of tasks in flight, taking the items in order', async () => {
    const { task, started, pending, starts } = controlledTask()
    const done = inBatches([1, 2, 3, 4, 5, 6, 7], 3, task)
    await starts(3)
    expect(started).toEqual([1, 2, 3])
    pending.get(2)!.resolve()
    await starts(4)
    expect(started).toEqual([1, 2, 3, 4])
    for (const item of [1, 3, 4]) pending.get(item)!.resolve()
    await starts(7)
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7])
    for (const item of [5, 6, 7]) pending.get(item)!.resolve()
    await expect(done).resolves.toBeUndefined()
  })

  it('rejects with the first failure and starts nothing after it', async () => {
    const { task, started, pending, starts } = controlledTask()
    const done = inBatches([1, 2, 3, 4, 5], 2, task)
    await starts(2)
    pending.get(1)!.reject(new Error('file 1 answered 404'))
    await expect(done).rejects.toThrow('file 1 answered 404')
    // Item 2's lane ends when its task does, a few promise steps later, and takes no next item.
    pending.get(2)!.resolve()
    for (let step = 0; step < 10; step++) await Promise.resolve()
    expect(started).toEqual([1, 2])
  })

  it('ends at once with nothing to do', async () => {
    await expect(inBatches([], 4, () => Promise.reject(new Error('not called')))).resolves.toBe(
      undefined,
    )
  })
})
