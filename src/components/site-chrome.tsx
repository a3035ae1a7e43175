import { Link } from '@tanstack/react-router'
import { useCartBadge } from '../lib/cart-badge.ts'
import { AccountLink } from './account-link.tsx'
import { MainNavLinks, MoreNavLinks } from './site-nav.tsx'
import { TabBar } from './tab-bar.tsx'

/*
 * The shell's links, which the first view shows but does not need to run: the header's
 * navigation, search, account and shortcuts, and the footer's navigation. SiteLayout hydrates
 * them once the page has loaded (their markup is in the prerendered page all along).
 */

export function HeaderLinks() {
  const cart = useCartBadge()
  return (
    <>
      <nav aria-label="Main" className="main-nav">
        <MainNavLinks />
      </nav>
      <Link to="/learnSearch/$" params={{ _splat: '' }} className="icon-button icon-search">
        Search<span className="visually-hidden"> the guides</span>
      </Link>
      <AccountLink className="icon-button app-bar-account" compact />
      <TabBar cart={cart} />
    </>
  )
}

export function FooterLinks() {
  return (
    <nav aria-label="Footer" id="site-nav">
      <MainNavLinks />
      <MoreNavLinks />
    </nav>
  )
}
