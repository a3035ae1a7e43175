/**
 * When heavy background work may start: once the page has loaded and then gone quiet. Apart from
 * next-task.ts, which the entry loads: only the work after the first view (after-first-view.ts)
 * waits for this, so it comes with that work's code and not with the first view's.
 */

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
