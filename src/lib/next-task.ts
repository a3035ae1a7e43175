/**
 * Start-up work in pieces. The browser cannot handle a tap or a key while a task runs, and
 * Lighthouse counts every task over 50 ms (on its 4x slower phone) as blocking: so the app's
 * start (evaluate, load the route, hydrate) and what it does once the page is up run as several
 * short tasks, not one long one.
 */

interface Scheduler {
  yield?: () => Promise<void>
}

/**
 * Resolves in a task of its own: the work after it no longer lengthens the task running now.
 * `scheduler.yield()` where the browser has it (the rest runs before tasks queued later, so the
 * page's start keeps its place in line), else a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler
  if (typeof scheduler?.yield === 'function') return scheduler.yield()
  return new Promise((resolve) => setTimeout(resolve, 0))
}

/**
 * Resolves once the browser is idle (at the latest after `timeout` ms), for work the visitor
 * does not wait for. Without `requestIdleCallback` (Safari), a short timeout.
 */
export function whenIdle(timeout = 2000): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in globalThis) requestIdleCallback(() => resolve(), { timeout })
    else setTimeout(resolve, 200)
  })
}

/**
 * Runs `steps` one after another, each in a task of its own, and resolves with the last one's
 * result. A step may return a promise (a chunk's import): the next waits for it.
 */
export async function inTasks<T>(
  ...steps: [...(() => unknown)[], () => T | Promise<T>]
): Promise<T> {
  let result: unknown
  for (const step of steps) {
    await nextTask()
    result = await step()
  }
  return result as T
}
