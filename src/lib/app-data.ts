import { APP_DATA_URL, type AppData } from '../../contract/page-data.ts'

/*
 * Noticing a new build (docs/architecture.md: `/page-data/app-data.json`): the build writes its id
 * there (webpackCompilationHash, the hashed name of the app's entry script). After the first view,
 * when the page shows again and after a navigation (at most every 5 minutes), the app reads it from
 * the network (the worker answers it network first) and compares it with the build it runs. A new
 * one makes the service worker look for its new version at once, which then offers "Reload to
 * update" as soon as it is installed; where no worker runs, the prompt is offered directly and
 * reloads.
 */

export const APP_DATA_CHECK_INTERVAL_MS = 5 * 60 * 1000

/** The build this page runs: the hash in its entry script's name (`/assets/index-{hash}.js`). */
export function runningBuildId(doc: Pick<Document, 'querySelectorAll'>): string | undefined {
  for (const script of doc.querySelectorAll<HTMLScriptElement>('script[src]')) {
    const match = /\/assets\/index-([\w-]+)\.js$/.exec(script.getAttribute('src') ?? '')
    if (match) return match[1]
  }
  return undefined
}

/** The build the site serves now, or undefined when it cannot be read (offline, an error page). */
export async function servedBuildId(fetcher: typeof fetch = fetch): Promise<string | undefined> {
  try {
    const response = await fetcher(APP_DATA_URL, { cache: 'no-cache' })
    if (!response.ok) return undefined
    const data = (await response.json()) as Partial<AppData>
    return typeof data.webpackCompilationHash === 'string' ? data.webpackCompilationHash : undefined
  } catch {
    return undefined
  }
}

export interface NewBuildWatch {
  /** Reads app-data.json unless it was read less than the interval ago (or `force`). */
  check(force?: boolean): Promise<boolean>
}

/**
 * `onNewBuild` is called once, the first time app-data.json names a build other than `running`.
 * Resolves each check with whether a new build is known.
 */
export function watchForNewBuild({
  running,
  served = () => servedBuildId(),
  onNewBuild,
  now = Date.now,
}: {
  running: string | undefined
  served?: () => Promise<string | undefined>
  onNewBuild: (buildId: string) => void
  now?: () => number
}): NewBuildWatch {
  let lastCheck = -Infinity
  let found = false
  return {
    async check(force = false) {
      if (found) return true
      if (!running || (!force && now() - lastCheck < APP_DATA_CHECK_INTERVAL_MS)) return false
      lastCheck = now()
      const buildId = await served()
      if (!buildId || buildId === running || found) return found
      found = true
      onNewBuild(buildId)
      return true
    },
  }
}

interface Updatable {
  update(): Promise<unknown>
}

/** Wires the watch to the page: after the first view, on showing again and on navigations. */
export function startNewBuildWatch(
  router: { subscribe(event: 'onResolved', listener: () => void): () => void },
  worker: Promise<Updatable | undefined>,
  offerUpdate: (activate: () => void) => void,
): NewBuildWatch {
  const watch = watchForNewBuild({
    running: runningBuildId(document),
    onNewBuild: () => {
      void worker.then((wb) => {
        // The worker's own `waiting` event offers the prompt once the new version is installed.
        if (wb) void wb.update().catch(() => undefined)
        else offerUpdate(() => window.location.reload())
      })
    },
  })
  void watch.check(true)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void watch.check(true)
  })
  router.subscribe('onResolved', () => void watch.check())
  return watch
}
