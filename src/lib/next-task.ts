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

/** What counts as the page being busy: its main thread's long tasks and its own requests. */
export type ActivityWatch = (onActivity: () => void) => () => void

/** Long tasks and finished requests, as the browser's performance timeline reports them. */
const pageActivity: ActivityWatch = (onActivity) => {
  if (typeof PerformanceObserver === 'undefined') return () => undefined
  const observer = new PerformanceObserver(() => onActivity())
  for (const type of ['longtask', 'resource'])
    if (PerformanceObserver.supportedEntryTypes?.includes(type)) observer.observe({ type })
  return () => observer.disconnect()
}

/** The visitor's own doings: scrolling, a tap, a key. */
const visitorInput: ActivityWatch = (onInput) => {
  const types = ['scroll', 'wheel', 'pointerdown', 'keydown'] as const
  const options = { capture: true, passive: true }
  for (const type of types) window.addEventListener(type, onInput, options)
  return () => {
    for (const type of types) window.removeEventListener(type, onInput, options)
  }
}

const SETTLED_QUIET_MS = 3000
const SETTLED_AT_MOST_MS = 12000
const INPUT_PAUSE_MS = 1000

/**
 * Resolves once the page has loaded and then been quiet for `quietMs` (no long task, no request
 * of its own finished, no scroll, tap or key), for heavy background work (a first visit's service
 * worker install) that would otherwise compete with the page's own start, and with what the
 * visitor is doing, for a phone's few cores and its network. A page that never goes quiet waits
 * `atMostMs` after its load, and then for the visitor's first pause of `inputPauseMs` (a thumb
 * scrolling through the back office's 200 suit drawings is not kept waiting by the install).
 */
export function whenPageSettled({
  quietMs = SETTLED_QUIET_MS,
  atMostMs = SETTLED_AT_MOST_MS,
  inputPauseMs = INPUT_PAUSE_MS,
  watch = pageActivity,
  input = visitorInput,
}: {
  quietMs?: number
  atMostMs?: number
  inputPauseMs?: number
  watch?: ActivityWatch
  input?: ActivityWatch
} = {}): Promise<void> {
  return new Promise((resolve) => {
    const afterLoad = () => {
      let quiet: ReturnType<typeof setTimeout> | undefined
      // Pending while the visitor is acting (an input less than `inputPauseMs` ago).
      let acting: ReturnType<typeof setTimeout> | undefined
      let capped = false
      const done = () => {
        stopWatch()
        stopInput()
        clearTimeout(quiet)
        clearTimeout(acting)
        clearTimeout(cap)
        resolve()
      }
      const busy = () => {
        clearTimeout(quiet)
        quiet = setTimeout(done, quietMs)
      }
      const onInput = () => {
        clearTimeout(acting)
        acting = setTimeout(() => {
          acting = undefined
          if (capped) done()
        }, inputPauseMs)
        busy()
      }
      const cap = setTimeout(() => {
        if (acting === undefined) done()
        else capped = true
      }, atMostMs)
      const stopWatch = watch(busy)
      const stopInput = input(onInput)
      busy()
    }
    if (document.readyState === 'complete') afterLoad()
    else window.addEventListener('load', afterLoad, { once: true })
  })
}
