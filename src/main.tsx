import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { firstChunkReload } from './lib/chunk-reload.ts'
import { loadQueryClient } from './lib/data-layer.ts'
import { nextTask, whenIdle } from './lib/next-task.ts'
import { offerUpdate } from './lib/sw-update.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

type AppRouter = ReturnType<typeof createAppRouter>

let started: AppRouter | undefined
/** Set once a failed chunk has sent the page to be loaded again (the handler at the end). */
let replacingPage = false

// The app starts in short tasks, not one long one (lib/next-task.ts): evaluating its code, making
// the router, loading the page's route and hydrating each run apart, so a tap or key on the
// prerendered page is never kept waiting long. (A promise chain, not top-level await, which would
// make the bundler split every route module out of the entry chunk.)
void nextTask().then(start)

function start(): void {
  const router = createAppRouter({ loadQueryClient })
  started = router
  const app = (
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>
  )
  const container = document.getElementById('app')!
  if (container.hasChildNodes()) {
    // A prerendered page: load the same data the prerender used, then hydrate its markup. The
    // router renders as it did on the server (no suspense boundary at the root) once it knows
    // the page came prerendered. Hydrating as a transition lets React do it in slices that
    // yield to the browser, instead of one long task while the page is already on screen.
    router.ssr = { manifest: undefined }
    void nextTask()
      .then(() => router.load())
      .then(nextTask)
      .then(() => startTransition(() => void hydrateRoot(container, app)))
  } else {
    createRoot(container).render(app)
  }
  afterFirstView(router, function startBackground() {
    const queryClient = loadQueryClient()
    queryClient.catch(() => undefined)
    void import('./after-first-view.ts')
      .then(
        ({ startBackgroundWork }) =>
          startBackgroundWork(router, { onUpdateWaiting: offerUpdate }, queryClient),
        // Offline before its code came (a first visit the worker has not saved yet): it starts
        // when the network returns, the worker's install with it.
        () => window.addEventListener('online', startBackground, { once: true }),
      )
      // A page being replaced after a new release (below): its import answered nothing.
      .catch((error: unknown) => {
        if (!replacingPage) throw error
      })
  })
}

// What the first view does not need starts once it has been rendered and the browser is idle.
function afterFirstView(router: AppRouter, run: () => void): void {
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe()
    void whenIdle().then(run)
  })
}

// docs/architecture.md: a chunk that fails to load (a new release replaced it, or the network
// dropped) becomes a full navigation to the page, once per page so an offline failure cannot loop.
// A worker in control answers that navigation, offline too. With none (a first visit before its
// install), offline it could only bring the browser's own error page: the failure stays with its
// caller (a route shows the offline page, an add says it was not kept), and the page reloads only
// if the shop answers for it (a new release).
window.addEventListener('vite:preloadError', (event) => {
  const href =
    started?.latestLocation.href ?? `${location.pathname}${location.search}${location.hash}`
  if (!navigator.serviceWorker?.controller) {
    void reloadIfServed(href)
    return
  }
  if (!firstChunkReload(href)) return
  // Prevented, the import answers nothing: the navigation replaces the page.
  event.preventDefault()
  replacingPage = true
  window.location.assign(href)
})

async function reloadIfServed(href: string): Promise<void> {
  const served = await fetch(href, { method: 'HEAD', cache: 'no-store' }).then(
    (response) => response.ok,
    () => false,
  )
  if (served && firstChunkReload(href)) window.location.assign(href)
}
