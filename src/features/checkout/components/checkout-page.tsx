import type { ReactNode } from 'react'
import './checkout.css'

/*
 * The checkout's frame and its loading state, apart from the screen (checkout-screen.tsx): the
 * route paints and hydrates these alone, and the screen, with IndexedDB and the steps, loads
 * after the page is up. The prerendered /checkout is this markup, so the first paint is already
 * what the screen shows until the device's cart has been read. The lead stays at every step: it is
 * painted first and is the page's largest text, so what the steps show later is not a later,
 * larger paint (LCP).
 */

export function CheckoutPage({
  children,
  notices,
  summary,
}: {
  children: ReactNode
  notices?: ReactNode
  summary?: ReactNode
}) {
  return (
    <article className="page checkout-page">
      <h1>Checkout</h1>
      <p className="lead">
        Address, shipping, waiver and submit, step by step. A made-to-order suit can be submitted
        offline: it reaches the shop once the network returns.
      </p>
      {notices}
      <div className={summary ? 'checkout-layout' : undefined}>
        {summary}
        <div className="checkout-main">{children}</div>
      </div>
    </article>
  )
}

export function CheckoutLoading() {
  return (
    <CheckoutPage>
      <p role="status">Loading your checkout…</p>
    </CheckoutPage>
  )
}
