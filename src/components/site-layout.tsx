import { Link } from '@tanstack/react-router'
import { lazy, Suspense, type ReactNode } from 'react'
import { useServiceWorkerUpdate } from '../lib/sw-update.ts'
import { MenuButton } from './menu-button.tsx'
import { SearchButton, type SearchSheet } from './search-button.tsx'
import type * as ShellLinks from './site-chrome.tsx'

/**
 * The shell every screen sits in (README, "Phone-first building blocks"). On a phone: a compact
 * app bar (logo, search, menu) and, in the installed app, a bottom tab bar; on a wide screen the
 * full navigation in the header. Which is which is decided by CSS alone.
 */

function pageLoaded(): Promise<void> {
  if (document.readyState === 'complete') return Promise.resolve()
  return new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }))
}

/**
 * The header's and footer's links and the offline banner load once the page has loaded: the first
 * view's script carries only what the page needs to run. Until then the links are the prerendered
 * page's plain links (the prerender renders them in place, entry-server.tsx), and the banner,
 * which a prerendered page never shows, waits. Should the code not arrive (offline before the
 * worker cached it; or a new release, and main.tsx reloads the page, the failed import then giving
 * undefined), the links stay plain links.
 */
const never = () => new Promise<never>(() => undefined)
const loadLinks = () =>
  pageLoaded()
    .then(() => import('./site-chrome.tsx'))
    .then((links: typeof ShellLinks | undefined) => links ?? never(), never)
const LazyHeaderNav = lazy(() => loadLinks().then((links) => ({ default: links.HeaderNav })))
const LazyHeaderLinks = lazy(() => loadLinks().then((links) => ({ default: links.HeaderLinks })))
const LazyFooterLinks = lazy(() => loadLinks().then((links) => ({ default: links.FooterLinks })))
const LazyOfflineBanner = lazy(() =>
  loadLinks().then((links) => ({ default: links.OfflineBanner })),
)
let linksInPlace: typeof ShellLinks | undefined

/** For the prerender, which cannot wait for a lazy component: the links, rendered in place. */
export function renderLinksInPlace(links: typeof ShellLinks): void {
  linksInPlace = links
}

/** Loaded only once a new version waits (the worker that offers it has already cached it). */
const UpdatePrompt = lazy(() => import('./update-prompt.tsx'))

export function SiteLayout({
  children,
  searchSheet,
}: {
  children: ReactNode
  /** The app bar's search sheet, composed by the root route from the features it searches. */
  searchSheet?: SearchSheet
}) {
  const activateUpdate = useServiceWorkerUpdate()
  const HeaderNav = linksInPlace?.HeaderNav ?? LazyHeaderNav
  const HeaderLinks = linksInPlace?.HeaderLinks ?? LazyHeaderLinks
  const FooterLinks = linksInPlace?.FooterLinks ?? LazyFooterLinks
  const OfflineBanner = linksInPlace?.OfflineBanner ?? LazyOfflineBanner
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
          <Suspense>
            <HeaderNav />
          </Suspense>
          <SearchButton sheet={searchSheet} />
          <Suspense>
            <HeaderLinks />
          </Suspense>
          <MenuButton />
        </div>
      </header>
      <Suspense>
        <OfflineBanner />
      </Suspense>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <Suspense>
          <FooterLinks />
        </Suspense>
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
