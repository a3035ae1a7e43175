import { RouterProvider } from '@tanstack/react-router'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { loadQueryClient } from './lib/data-layer.ts'
import { offerUpdate } from './lib/sw-update.ts'
import { createAppRouter } from './router.tsx'
import './styles.css'

const router = createAppRouter({ loadQueryClient })

createRoot(document.getElementById('app')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
)

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
