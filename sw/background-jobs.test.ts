import { describe, expect, it } from 'vitest'
import { createBackgroundJobRunner } from './background-jobs.ts'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((r) => (resolve = r))
  return { promise, resolve }
}

describe('background job runner', () => {
  it('runs the jobs one after another, never two at once', async () => {
    const log: string[] = []
    const first = deferred()
    const runner = createBackgroundJobRunner([
      {
        name: 'catalog',
        run: async () => {
          log.push('catalog started')
          await first.promise
          log.push('catalog done')
        },
      },
      { name: 'pages', run: async () => log.push('pages started') },
    ])
    const run = runner.run()
    await Promise.resolve()
    expect(log).toEqual(['catalog started'])
    first.resolve()
    expect(await run).toEqual([])
    expect(log).toEqual(['catalog started', 'catalog done', 'pages started'])
  })

  it('joins a run under way instead of starting a second one', async () => {
    let runs = 0
    const gate = deferred()
    const runner = createBackgroundJobRunner([
      {
        name: 'catalog',
        run: async () => {
          runs++
          await gate.promise
        },
      },
    ])
    const first = runner.run()
    const second = runner.run()
    expect(second).toBe(first)
    gate.resolve()
    await Promise.all([first, second])
    expect(runs).toBe(1)
    await runner.run()
    expect(runs).toBe(2)
  })

  it('reports a failed job and still runs the others', async () => {
    let pagesRan = false
    const runner = createBackgroundJobRunner([
      {
        name: 'catalog',
        run: () => Promise.reject(new TypeError('Failed to fetch')),
      },
      { name: 'pages', run: async () => (pagesRan = true) },
    ])
    expect(await runner.run()).toEqual(['catalog'])
    expect(pagesRan).toBe(true)
  })
})
