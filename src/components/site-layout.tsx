import { Link } from '@tanstack/react-router'
import { lazy, Suspense, type ReactNode } from 'react'
import { useServiceWorkerUpdate } from '../lib/sw-update.ts'
import { AccountLink } from './account-link.tsx'
import { MenuButton } from './menu-button.tsx'
import { OfflineBanner } from './offline-banner.tsx'
import { MainNavLinks, MoreNavLinks } from './site-nav.tsx'
import { TabBar, type CartBadge } from './tab-bar.tsx'

/**
 * The shell every screen sits in (README, "Phone-first building blocks"). On a phone: a compact
 * app bar (logo, search, menu) and, in the installed app, a bottom tab bar; on a wide screen the
 * full navigation in the header. Which is which is decided by CSS alone.
 */

/** Loaded only once a new version waits (the worker that offers it has already cached it). */
const UpdatePrompt = lazy(() => import('./update-prompt.tsx'))

export function SiteLayout({ children, cart }: { children: ReactNode; cart?: CartBadge }) {
  const activateUpdate = useServiceWorkerUpdate()
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-bar">
        <div className="app-bar-inner">
          <Link to="/" className="brand">
            Glidecraft
          </Link>
          <nav aria-label="Main" className="main-nav">
            <MainNavLinks />
          </nav>
          <Link to="/learnSearch/$" params={{ _splat: '' }} className="icon-button icon-search">
            Search<span className="visually-hidden"> the guides</span>
          </Link>
          <AccountLink className="icon-button app-bar-account" compact />
          <TabBar cart={cart} />
          <MenuButton />
        </div>
      </header>
      <OfflineBanner />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <nav aria-label="Footer" id="site-nav">
          <MainNavLinks />
          <MoreNavLinks />
        </nav>
        <p>Built by flyers for flyers. Made to order in our own workshop.</p>
      </footer>
      {activateUpdate && (
        <Suspense>
          <UpdatePrompt activate={activateUpdate} />
        </Suspense>
      )}
    </>
  )
}
