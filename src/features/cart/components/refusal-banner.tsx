import { Link, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import { refusalNoticeText } from '../refusal-text.ts'
import { dismissRefusal, loadRefusals, useCartRefusals } from '../refusals.ts'
import './cart.css'

/**
 * Tells the customer, on whatever page they are, that the server refused a change of their cart
 * when it was finally sent (the cart page and the checkout list them themselves, so not there). The root route loads
 * it only while the header's badge counts refusals. It sits at the top of the page, under the app
 * bar while scrolling, so it never covers the tab bar or a page's sticky action bar.
 */
export default function CartRefusalBanner() {
  const refusals = useCartRefusals()
  // The cart and the checkout list them themselves.
  const onCart = useRouterState({
    select: ({ location }) => location.pathname === '/cart' || location.pathname === '/checkout',
  })
  useEffect(() => {
    void loadRefusals().catch(() => undefined)
  }, [])
  const text = refusalNoticeText(refusals)
  const [first] = refusals
  if (!text || !first || onCart) return null
  return (
    <div className="refusal-banner" role="alert">
      <p>
        {text.heading && <strong>{text.heading} </strong>}
        {text.sentence}
      </p>
      <p className="refusal-banner-actions">
        <Link to="/cart" className="button">
          See your cart
        </Link>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void dismissRefusal(first.key).catch(() => undefined)}
        >
          Dismiss
        </button>
      </p>
    </div>
  )
}
