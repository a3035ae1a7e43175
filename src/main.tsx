import { RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { loadQueryClient } from './lib/data-layer.ts'
import { offerUpdate } from './lib/sw-update.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

const router = createAppRouter({ loadQueryClient })

const app = (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
)
const container = document.getElementById('app')!
if (container.hasChildNodes()) {
  // A prerendered page: load the same data the prerender used, then hydrate its markup. The
  // router renders as it did on the server (no suspense boundary at the root) once it knows
  // the page came prerendered. (A promise chain, not top-level await, which would make the
  // bundler split every route module out of the entry chunk.)
  router.ssr = { manifest: undefined }
  // Hydrating as a transition lets React do it in slices that yield to the browser, instead of
  // one long task that blocks input while the page is already on screen.
  void router.load().then(() => startTransition(() => void hydrateRoot(container, app)))
} else {
  createRoot(container).render(app)
}

// What the first view does not need starts once it has been rendered and the browser is idle.
function afterFirstView(run: () => void): void {
  const unsubscribe = router.subscribe('onRendered', () => {
    unsubscribe()
    if ('requestIdleCallback' in window) requestIdleCallback(run, { timeout: 2000 })
    else setTimeout(run, 200)
  })
}

// SPEC §8: a chunk that fails to load (a new release replaced it, or the network dropped)
// becomes a full navigation to the page, once per page so an offline failure cannot loop.
window.addEventListener('vite:preloadError', (event) => {
  const href = router.latestLocation.href
  const key = `chunk-reload:${href}`
  if (sessionStorage.getItem(key)) return
  sessionStorage.setItem(key, '1')
  event.preventDefault()
  window.location.assign(href)
})

afterFirstView(() => {
  const queryClient = loadQueryClient()
  queryClient.catch(() => undefined)
  void import('./after-first-view.ts').then(({ startBackgroundWork }) =>
    startBackgroundWork(router, { onUpdateWaiting: offerUpdate }, queryClient),
  )
})
