import type { ReactNode } from 'react'
import './cart.css'

/*
 * The cart page's frame and its loading state, apart from the page (cart-page.tsx): the route
 * paints and hydrates these alone, and the cart itself, with IndexedDB, loads after the page is
 * up. The prerendered /cart is this markup, so the first paint is already what the page shows
 * until the device's cart has been read. The lead stays in every state: it is painted first and
 * is the page's largest text, so what the cart shows later is not a later, larger paint (LCP).
 */

export function CartFrame({ children }: { children: ReactNode }) {
  return (
    <article className="page cart-page">
      <h1>Your cart</h1>
      <p className="lead">
        What you are about to order. It is kept on this device, offline too: changes made without a
        network reach the shop once it returns.
      </p>
      {children}
    </article>
  )
}

export function CartLoading() {
  return <p role="status">Loading your cart…</p>
}
