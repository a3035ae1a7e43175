import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
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
  // the page came prerendered.
  router.ssr = { manifest: undefined }
  await router.load()
  hydrateRoot(container, app)
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

afterFirstView(() => {
  void loadQueryClient()
  void import('./features/catalog/offline.ts')
    .then(({ syncCatalog }) => syncCatalog())
    .catch(() => {
      // Offline or the API is down: the last snapshot stays, and the next start tries again.
    })
  if (import.meta.env.PROD) {
    void import('./lib/sw-registration.ts').then(({ registerServiceWorker }) =>
      registerServiceWorker({ onUpdateWaiting: offerUpdate }),
    )
  }
})
