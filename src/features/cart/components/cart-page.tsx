import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Suspense, useContext, useId, useState, type FormEvent } from 'react'
import { ValidationError } from '../../../lib/api-client.ts'
import { cartLineAvailabilityText } from '../../../../contract/availability.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { cartQuery, useAddDiscount, useUpdateQty } from '../api.ts'
import { heldSignInText, heldText, waitingReason, waitingText, type CartLine } from '../model.ts'
import { useCartView } from '../outbox.ts'
import { CartFrame, CartLoading } from './cart-frame.tsx'
import { isDesignedLine, LineDesignContext } from './line-design-slot.ts'
import { RefusalNotices } from './refusal-notices.tsx'

/**
 * The cart: its lines with their configuration, quantities, a discount code and the totals, as
 * the customer left them, also offline: the server's last cart with the waiting changes on top,
 * read live from IndexedDB (outbox.ts). The query asks the server again when online.
 */
export function CartPage() {
  const { error, isPending } = useQuery(cartQuery)
  const view = useCartView()
  const cart = view?.cart
  const waiting = view?.waiting ?? 0
  const held = view?.held ?? 0
  const heldFor = view?.heldFor ?? []
  // Held changes say for themselves what they wait for.
  const reason =
    view && waiting > 0 && !(held > 0 && view.state === 'signed-out')
      ? waitingReason(view.state)
      : null

  return (
    <CartFrame>
      {waiting > 0 && (
        <div className="cart-waiting" role="status" data-testid="cart-waiting">
          <p>{waitingText(waiting)}</p>
          {reason && (
            <p data-testid="cart-waiting-reason">
              {reason}
              {view?.state === 'signed-out' && (
                <>
                  {' '}
                  <Link to="/login" search={{ redirect: '/cart' }}>
                    Sign in
                  </Link>
                </>
              )}
            </p>
          )}
        </div>
      )}
      {held > 0 && (
        <p className="cart-waiting" role="status" data-testid="cart-held">
          {heldText(held, heldFor)}{' '}
          <Link to="/login" search={{ redirect: '/cart' }}>
            {heldSignInText(held)}
          </Link>
        </p>
      )}
      <RefusalNotices />
      {!cart || (isPending && !view.known && cart.items.length === 0) ? (
        <CartLoading />
      ) : cart.items.length === 0 ? (
        cart.submitting ? (
          <section className="panel" data-testid="cart-submitting">
            <h2>Your order is submitted, waiting to send</h2>
            <p>
              It reaches the shop once when the network returns.{' '}
              <Link to="/checkout/$" params={{ _splat: '' }}>
                See your order
              </Link>
            </p>
          </section>
        ) : error && !view.known ? (
          <p>
            Your cart could not be loaded: you seem to be offline. It shows here once you are back.
          </p>
        ) : (
          <section className="panel">
            <h2>Your cart is empty</h2>
            <p>
              Find a suit, a canopy or a bag in the <Link to="/store">store</Link>, or design your
              own.
            </p>
          </section>
        )
      ) : (
        <>
          <ul className="cart-lines" aria-label="Lines">
            {cart.items.map((line) => (
              <CartLineItem key={line.id} line={line} currency={cart.currency} />
            ))}
          </ul>
          {cart.id && <DiscountForm cartId={cart.id} />}
          <dl className="cart-totals" aria-label="Totals">
            <dt>Subtotal</dt>
            <dd data-testid="cart-subtotal">{formatMoney(cart.subtotal, cart.currency)}</dd>
            {cart.discounts.map((discount) => (
              <div key={discount.code}>
                <dt>
                  Discount {discount.code}
                  {discount.description ? ` (${discount.description})` : ''}
                </dt>
                <dd>−{formatMoney(discount.amount, cart.currency)}</dd>
              </div>
            ))}
            {cart.discounts.length === 0 && cart.discountTotal > 0 && (
              <>
                <dt>Discount</dt>
                <dd>−{formatMoney(cart.discountTotal, cart.currency)}</dd>
              </>
            )}
            <dt className="cart-total">Total</dt>
            <dd className="cart-total" data-testid="cart-total">
              {formatMoney(cart.total, cart.currency)}
            </dd>
          </dl>
          {cart.estimated && (
            <p className="note">
              Totals are updating: the shop confirms prices and discounts when your changes sync.
            </p>
          )}
          <p className="cart-checkout">
            <Link to="/checkout/$" params={{ _splat: '' }} className="button">
              Checkout
            </Link>
          </p>
        </>
      )}
    </CartFrame>
  )
}

function CartLineItem({ line, currency }: { line: CartLine; currency: string }) {
  const updateQty = useUpdateQty()
  const lineDesign = useContext(LineDesignContext)
  const [problem, setProblem] = useState<string | null>(null)
  // Decorative beside the line's name, as the drawing in its place is: the text says what it is.
  const picture = line.image ? <img src={line.image} alt="" width={80} height={80} /> : null
  // The shop's words, or the catalog snapshot's for a line it has not answered for (outbox.ts).
  const availability = cartLineAvailabilityText(line.availability)
  const change = (qty: number) => {
    setProblem(null)
    updateQty.mutate(
      { lineId: line.id, qty, name: line.name },
      { onError: (error) => setProblem(error.message) },
    )
  }
  return (
    <li className={line.pending ? 'cart-line cart-line-pending' : 'cart-line'} data-sku={line.sku}>
      {/* One 80 × 80 box, whatever fills it when: nothing moves as the drawing arrives. */}
      <span className="cart-line-picture">
        {lineDesign && isDesignedLine(line) ? (
          // A configured line: the customer's own design, drawn once its code and data are in.
          <Suspense fallback={null}>{lineDesign({ line, undrawn: picture })}</Suspense>
        ) : (
          picture
        )}
      </span>
      <div>
        <h2>
          <a href={line.productPath}>{line.name}</a>
        </h2>
        {line.variantName && <p className="cart-line-variant">{line.variantName}</p>}
        {availability && (
          <p className="cart-line-availability" data-testid="cart-line-availability">
            {availability}
          </p>
        )}
        {line.summary.length > 0 && (
          <ul className="cart-line-summary">
            {line.summary.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
        {line.child.length > 0 && !line.pending && (
          <p className="cart-line-children">
            With {line.child.map((child) => child.name).join(', ')}
          </p>
        )}
        {line.pending && <p className="note">Not synced yet</p>}
      </div>
      <div className="cart-line-controls">
        <span className="qty-stepper" role="group" aria-label={`Quantity of ${line.name}`}>
          <button
            type="button"
            className="button button-secondary"
            aria-label={`One fewer ${line.name}`}
            disabled={line.qty <= 1}
            onClick={() => change(line.qty - 1)}
          >
            −
          </button>
          <output aria-live="polite">{line.qty}</output>
          <button
            type="button"
            className="button button-secondary"
            aria-label={`One more ${line.name}`}
            disabled={line.qty >= 99}
            onClick={() => change(line.qty + 1)}
          >
            +
          </button>
        </span>
        <button type="button" className="link-button cart-remove" onClick={() => change(0)}>
          Remove<span className="visually-hidden"> {line.name}</span>
        </button>
        <span className="cart-line-price">{formatMoney(line.linePrice, currency)}</span>
        {problem && (
          <p className="field-error" role="alert">
            {problem}
          </p>
        )}
      </div>
    </li>
  )
}

function DiscountForm({ cartId }: { cartId: string }) {
  const addDiscount = useAddDiscount()
  const id = useId()
  const [code, setCode] = useState('')
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const codes = code.trim()
    if (!codes) {
      setMessage({ text: 'Enter a discount code.', error: true })
      return
    }
    setMessage(null)
    addDiscount.mutate(
      { cartId, codes },
      {
        onSuccess: (outcome) =>
          setMessage({
            text:
              outcome === 'saved'
                ? `Code ${codes} applied.`
                : `Code ${codes} will be applied when you are online.`,
            error: false,
          }),
        onError: (error) =>
          setMessage({
            text:
              error instanceof ValidationError
                ? (Object.values(error.errors)[0]?.[0] ?? error.message)
                : error.message,
            error: true,
          }),
      },
    )
  }
  return (
    <form className="discount-form" onSubmit={submit} noValidate>
      <label htmlFor={`${id}-code`}>
        Discount code
        <br />
        <input
          id={`${id}-code`}
          name="discount_codes"
          value={code}
          autoComplete="off"
          aria-invalid={message?.error || undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(event) => setCode(event.target.value)}
        />
      </label>
      <button type="submit" className="button" disabled={addDiscount.isPending}>
        Apply
      </button>
      {message && (
        <p
          id={`${id}-message`}
          className={message.error ? 'field-error' : undefined}
          role={message.error ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </form>
  )
}
