import { useCartBadge } from '../lib/cart-badge.ts'
import { useOfflineDataStatus } from '../lib/offline-data-status.ts'
import { useOnlineStatus } from '../lib/use-online-status.ts'
import { AccountLink } from './account-link.tsx'
import { MainNavLinks, MoreNavLinks } from './site-nav.tsx'
import { AppBarCartLink, TabBar } from './tab-bar.tsx'

/*
 * The shell's parts that the first view shows but does not need to run: the header's navigation,
 * account and shortcuts, the footer's navigation, and the offline banner (which the
 * prerendered page never shows). SiteLayout hydrates them once the page has loaded (their markup
 * is in the prerendered page all along).
 */

/** The header's navigation (the app bar's search sits between it and the shortcuts). */
export function HeaderNav() {
  return (
    <nav aria-label="Main" className="main-nav">
      <MainNavLinks />
    </nav>
  )
}

/** The header's shortcuts: the cart, the account and (in the installed app) the tab bar. */
export function HeaderLinks() {
  const cart = useCartBadge()
  return (
    <>
      <AppBarCartLink cart={cart} />
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

/**
 * Says plainly when the network is gone; what was saved on this device keeps working. When the
 * worker saved only opened pages (Save-Data, 2g), it says that too.
 */
export function OfflineBanner() {
  const online = useOnlineStatus()
  const offlineData = useOfflineDataStatus()
  if (online) return null
  return (
    <div className="offline-banner" role="status">
      You are offline.{' '}
      {offlineData?.mode === 'on-view' &&
        'To spare your data, only the pages you opened online were saved on this device. '}
      Saved pages and your designs still work; changes sync when the network returns.
    </div>
  )
}
