import { Link } from '@tanstack/react-router'
import { AccountLink } from './account-link.tsx'

/**
 * What the cart tab shows once a cart exists: its item count, whether changes wait to sync, and
 * whether refused changes wait to be read.
 */
export interface CartBadge {
  count: number
  /** Changes made offline that have not reached the server yet. */
  pending: boolean
  /** Changes the server refused, not dismissed yet. */
  refused: number
  /** What the count is and what needs attention, for a screen reader ("in the cart, …"). */
  label: string
}

/**
 * The cart's count, ringed while changes wait to sync, marked while refusals wait to be read. An
 * empty cart with a change waiting (a submit made offline) shows the ring alone.
 */
export function CartCount({ cart, testId }: { cart?: CartBadge | undefined; testId: string }) {
  if (!cart || (cart.count === 0 && !cart.pending && cart.refused === 0)) return null
  const syncingOnly = cart.count === 0 && cart.pending
  return (
    <span
      className={cart.pending ? 'tab-badge tab-pending' : 'tab-badge'}
      data-refused={cart.refused || undefined}
      data-testid={testId}
    >
      {/* Nothing in the cart, and a change still to send (an order submitted offline): the ring
       * says "waiting to sync" without a count of nothing. */}
      {syncingOnly ? <span aria-hidden="true">↻</span> : cart.count}
      <span className="visually-hidden">
        {syncingOnly ? 'Nothing ' : ' '}
        {cart.label}
      </span>
    </span>
  )
}

/**
 * The cart in a phone's browser: an app-bar button with the same count as the tab bar's Cart
 * (the installed app's tab bar and the wide header show that one instead; CSS decides).
 */
export function AppBarCartLink({ cart }: { cart?: CartBadge | undefined }) {
  return (
    <Link to="/cart" className="icon-button app-bar-cart tab-cart">
      Cart
      <CartCount cart={cart} testId="app-bar-cart-count" />
    </Link>
  )
}

/**
 * The shortcuts every screen offers: Store, Your designs, Cart, and who is signed in (else
 * "Sign in"). One list, placed by CSS alone (src/styles.css, "App shell"): in the installed app on a phone it is the bottom tab
 * bar; in a phone's browser its links live in the menu sheet instead; on a wide screen Cart and
 * Account sit at the end of the header. Icons are CSS masks, so the bar costs no script.
 */
export function TabBar({ cart }: { cart?: CartBadge }) {
  return (
    <nav aria-label="Shortcuts" className="tab-bar">
      <Link to="/store" className="tab tab-store">
        Store
      </Link>
      <Link
        to="/store"
        hash="your-designs"
        activeOptions={{ includeHash: true }}
        className="tab tab-designs"
      >
        Your designs
      </Link>
      <Link to="/cart" className="tab tab-cart">
        Cart
        <CartCount cart={cart} testId="tab-cart-count" />
      </Link>
      <AccountLink className="tab tab-account" />
    </nav>
  )
}
