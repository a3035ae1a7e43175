import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { CatchAllLink } from './catch-all-link.tsx'
import { OfflineBanner } from './offline-banner.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

const mainNav = [
  { to: '/wingsuits', label: 'Wingsuits' },
  { to: '/trackingsuits', label: 'Tracking suits' },
  { to: '/parachutes/base-jumping', label: 'BASE canopies' },
  { to: '/parachutes/skydiving', label: 'Skydiving canopies' },
  { to: '/equipment', label: 'Equipment' },
  { to: '/products', label: 'Apparel' },
  { to: '/learn', label: 'Learn' },
  { to: '/news', label: 'News' },
] as const

const footerNav = [
  { to: '/dealers', label: 'Dealers' },
  { to: '/coaches', label: 'Coaches' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/production-time', label: 'Production time' },
  { to: '/manuals', label: 'Manuals' },
] as const

export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-inner">
          <Link to="/" className="brand">
            Glidecraft
          </Link>
          <nav aria-label="Main" className="main-nav">
            {mainNav.map((item) => (
              <Link key={item.to} to={item.to} activeProps={{ 'aria-current': 'page' }}>
                {item.label}
              </Link>
            ))}
          </nav>
          <nav aria-label="Account" className="account-nav">
            <CatchAllLink to="/account">Account</CatchAllLink>
            <CatchAllLink to="/cart">Cart</CatchAllLink>
          </nav>
        </div>
      </header>
      <OfflineBanner />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="site-footer">
        <nav aria-label="Footer">
          <CatchAllLink to="/about">About</CatchAllLink>
          {footerNav.map((item) => (
            <Link key={item.to} to={item.to}>
              {item.label}
            </Link>
          ))}
          <CatchAllLink to="/contact">Contact</CatchAllLink>
          <CatchAllLink to="/newsletter">Newsletter</CatchAllLink>
        </nav>
        <p>Built by flyers for flyers. Made to order in our own workshop.</p>
      </footer>
      <UpdatePrompt />
    </>
  )
}
