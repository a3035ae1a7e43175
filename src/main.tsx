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

// What the first screen does not need starts once the page has loaded.
function afterLoad(run: () => void): void {
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', run, { once: true })
}

afterLoad(() => {
  void loadQueryClient()
  if (import.meta.env.PROD) {
    void import('./lib/sw-registration.ts').then(({ registerServiceWorker }) =>
      registerServiceWorker({ onUpdateWaiting: offerUpdate }),
    )
  }
})
