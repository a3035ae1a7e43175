import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import type { CheckoutStep } from '../../../../contract/checkout-steps.ts'
import type { OrderSubmittedRecord } from '../../../../store-db/store-db.ts'
import { AUTH_COOKIE, readCookie } from '../../../lib/cookies.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { orderNumber } from '../../../../contract/order-number.ts'
import { useSignedIn } from '../../../lib/signed-in.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { revealAndFocus } from '../../../lib/use-announce-focus.ts'
import {
  forgetSubmittedOrder,
  keepCheckoutDraft,
  useCheckoutDraft,
  useSubmittedOrder,
  useWaitingSubmit,
} from '../draft.ts'
import {
  addressDraftOf,
  addressLine,
  addressTyped,
  checkoutFlags,
  emptyCheckoutDraft,
  shownStep,
  stepNames,
  stepsFor,
  type CheckoutCart,
  type CheckoutDraft,
} from '../model.ts'
import { AddressStep, type SavedAddress } from './address-step.tsx'
import { CheckoutLoading, CheckoutPage } from './checkout-page.tsx'
import { OrderSummary } from './order-summary.tsx'
import { ShippingStep } from './shipping-step.tsx'
import {
  SubmitStep,
  type SubmitOrder,
  type SubmitOutcome,
  type SubmittedOrder,
} from './submit-step.tsx'
import { WaiverStep } from './waiver-step.tsx'

export type { SubmitOrder, SubmittedOrder } from './submit-step.tsx'

/** The cart as the device shows it (the cart feature's view: server's last cart + outbox). */
export interface CheckoutCartView {
  cart: CheckoutCart
  /** Changes (and a submit) waiting in the outbox. */
  waiting: number
  /** The server has answered this device at least once. */
  known: boolean
}

/**
 * The checkout (docs/checkout.md): one screen whose step the step machine picks
 * (contract/checkout-steps.ts) from the cart answer and the session; every step done can be
 * changed again, and the order's summary stays in view. The route composes it with the features
 * it may not import itself: the sign-in form, the saved addresses, the cart's outbox (submit),
 * the cart's refusal notices, the payment step and a dealer's choice of whom the order is for.
 */
export function CheckoutScreen({
  view,
  refreshCart,
  submit,
  login,
  savedAddresses,
  payment,
  notices,
  placeFor,
}: {
  view: CheckoutCartView | undefined
  refreshCart: () => Promise<unknown>
  submit: SubmitOrder
  /** The sign-in form (stepLogin); `onSignedIn` once signed in, as a guest too. */
  login: (onSignedIn: () => void) => ReactNode
  /** The account's saved addresses; undefined for a guest session. */
  savedAddresses: SavedAddress[] | undefined
  /**
   * The payment step for a submitted order that is to be paid now. `settled` once nothing is
   * left to ask for here (paid, or its payment gone on elsewhere): the checkout stops offering it.
   */
  payment: (order: SubmittedOrder, settled: () => void) => ReactNode
  notices: ReactNode
  /**
   * A dealer's "This order is for" (the dealer feature's), shown above the steps so it stays in
   * view at every step; undefined for everyone else.
   */
  placeFor?: ReactNode
}) {
  const hydrated = useHydrated()
  const who = useSignedIn()
  const [, signedInHere] = useState(0)
  const signedIn = hydrated && (who !== '' || readCookie(AUTH_COOKIE) !== null)
  const online = useOnlineStatus()
  const navigate = useNavigate()
  const kept = useCheckoutDraft()
  const [typed, setTyped] = useState<CheckoutDraft | null>(null)
  const draft = typed ?? kept ?? emptyCheckoutDraft
  const waitingSubmit = useWaitingSubmit()
  const submitted = useSubmittedOrder()
  const [toPay, setToPay] = useState<SubmittedOrder | null>(null)
  const [editing, setEditing] = useState<CheckoutStep | null>(null)
  const [signedWaiver, setSignedWaiver] = useState(false)
  const cart = view?.cart

  const update = (change: Partial<CheckoutDraft>) => {
    const next = { ...draft, ...change }
    setTyped(next)
    // Kept as it is typed: offline and across reloads nothing typed is lost.
    void keepCheckoutDraft(next).catch(() => undefined)
  }

  const lead = (order: SubmittedOrder) => {
    if (order.paymentDueToday) setToPay(order)
    else void navigate({ href: confirmationPath(order.id) })
  }

  // A submit the outbox sent (made offline, landing now or while no page was open): with
  // nothing to pay today, on to the order's confirmation. A cart with lines again is a new order:
  // an old answer is not this checkout's.
  const keptAnswer = submitted && cart ? submitted : null
  const keptOrder = keptAnswer && cart && cart.items.length === 0 ? orderOf(keptAnswer.order) : null
  useEffect(() => {
    if (!keptAnswer) return
    if (keptOrder?.paymentDueToday) return
    void forgetSubmittedOrder(keptAnswer.key)
    if (keptOrder) {
      void navigate({ href: confirmationPath(keptOrder.id) })
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per answer kept
  }, [keptAnswer?.key])
  const owed = toPay ?? (keptOrder?.paymentDueToday ? keptOrder : null)
  // The kept answer would offer the payment again on the next visit: forgotten once settled.
  const settled = () => {
    if (keptAnswer) void forgetSubmittedOrder(keptAnswer.key)
  }

  const onSubmitted = (outcome: SubmitOutcome) => {
    if (outcome.outcome === 'saved') lead(outcome.order)
  }

  const flags = cart ? checkoutFlags(cart, signedWaiver) : undefined
  const step = flags ? shownStep(flags, signedIn, editing) : undefined
  const loading = !hydrated || !view || !cart || waitingSubmit === undefined
  const empty = !cart || cart.items.length === 0 || !step
  // What the screen shows: a step, the payment, or the order waiting to send. When it changes, it
  // is what the customer's tap led to (a step saved or changed, a submit): its heading is scrolled
  // into view and takes focus, so a phone shows it and a keyboard or screen reader lands on it.
  // The first view, and an empty cart (read, or gone into the order), take no focus. Before the
  // paint: no frame shows the old scroll position, an empty area where the result should be.
  let shown: ShownView | undefined
  if (loading) shown = undefined
  else if (owed) shown = 'paying'
  else if (waitingSubmit) shown = 'waiting'
  else if (!empty) shown = step
  const shownBefore = useRef(shown)
  useLayoutEffect(() => {
    if (!shown) return
    const before = shownBefore.current
    shownBefore.current = shown
    if (before && before !== shown)
      revealAndFocus(document.getElementById(headingOf(shown)), 'start')
  }, [shown])

  if (loading) return <CheckoutLoading />

  if (owed) {
    return (
      <CheckoutPage notices={notices}>
        <section className="panel checkout-done" aria-labelledby={headingOf('paying')}>
          <h2 id={headingOf('paying')} tabIndex={-1}>
            Your order is submitted
          </h2>
          <p>
            Order {orderNumber(owed.id)}: {formatMoney(owed.total, owed.currency)} to pay now.
          </p>
          {payment(owed, settled)}
        </section>
      </CheckoutPage>
    )
  }

  if (waitingSubmit) {
    return (
      <CheckoutPage notices={notices}>
        <section
          className="panel checkout-done"
          aria-labelledby={headingOf('waiting')}
          data-testid="checkout-waiting"
        >
          <h2 id={headingOf('waiting')} tabIndex={-1}>
            Submitted, waiting to send
          </h2>
          <p>
            Your order ({waitingSubmit.order.names.join(', ')},{' '}
            {formatMoney(waitingSubmit.order.total, waitingSubmit.order.currency)}) is kept on this
            device and sent to the shop once, as soon as the network returns. You can close this
            page: it is sent even so.
          </p>
          {!online && <p className="note">This device is offline now.</p>}
        </section>
      </CheckoutPage>
    )
  }

  if (empty || !flags) {
    return (
      <CheckoutPage notices={notices}>
        <section className="panel">
          <h2>Your cart is empty</h2>
          <p>
            Find a suit, a canopy or a bag in the <Link to="/store">store</Link>, then come back
            here.
          </p>
        </section>
      </CheckoutPage>
    )
  }

  const steps = stepsFor(flags)
  const after = (done: () => void) => async () => {
    await refreshCart()
    done()
    setEditing(null)
  }
  const address = addressTyped(draft.address)
    ? draft.address
    : cart.shippingAddress
      ? addressDraftOf(cart.shippingAddress)
      : draft.address
  const chosenShipping = cart.shipping as {
    carrier: string
    serviceCode: string
    serviceName: string
  } | null

  return (
    <CheckoutPage notices={notices} summary={<OrderSummary cart={cart} />}>
      {view.waiting > 0 && (
        <p className="note" role="status">
          Changes to your cart are waiting to sync; they reach the shop before your order does.
        </p>
      )}
      {signedIn && placeFor}
      <ol className="checkout-steps" aria-label="Steps">
        {steps.map((candidate) =>
          candidate !== step ? (
            <StepItem
              key={candidate}
              step={candidate}
              done={steps.indexOf(candidate) < steps.indexOf(step)}
              summary={doneSummary(candidate, cart, who)}
              onChange={
                candidate !== 'stepLogin' && steps.indexOf(candidate) < steps.indexOf(step)
                  ? () => setEditing(candidate)
                  : undefined
              }
            />
          ) : (
            <CurrentStep key={candidate} step={step}>
              {step === 'stepLogin' &&
                login(() => {
                  signedInHere((tick) => tick + 1)
                  void refreshCart()
                })}
              {step === 'stepShippingAddress' && (
                <AddressStep
                  orderId={cart.id}
                  address={address}
                  onAddressChange={(next) => update({ address: next })}
                  saveToAccount={draft.saveToAccount}
                  onSaveToAccountChange={(saveToAccount) => update({ saveToAccount })}
                  savedAddresses={savedAddresses}
                  online={online}
                  onSaved={after(() => undefined)}
                />
              )}
              {step === 'stepShippingMethod' && (
                <ShippingStep
                  addressKey={addressLine(cart.shippingAddress)}
                  chosen={chosenShipping}
                  online={online}
                  onSaved={after(() => undefined)}
                />
              )}
              {step === 'stepWaiver' && (
                <WaiverStep
                  name={draft.waiverName}
                  onNameChange={(waiverName) => update({ waiverName })}
                  online={online}
                  onSigned={after(() => setSignedWaiver(true))}
                />
              )}
              {(step === 'stepSubmitNoPayment' || step === 'stepSubmitPayment') && (
                <SubmitStep
                  payNow={step === 'stepSubmitPayment'}
                  notes={draft.notes}
                  optIn={draft.optIn}
                  onChange={update}
                  online={online}
                  cart={cart}
                  submit={submit}
                  onSubmitted={onSubmitted}
                />
              )}
            </CurrentStep>
          ),
        )}
      </ol>
    </CheckoutPage>
  )
}

/** The order's confirmation page (`/orders/confirmation/*`, docs/orders.md). */
function confirmationPath(id: string): string {
  return `/orders/confirmation/${encodeURIComponent(id)}`
}

function orderOf(order: OrderSubmittedRecord['order']): SubmittedOrder {
  return {
    id: order.id,
    status: order.status,
    currency: order.currency,
    total: order.total,
    paymentDueToday: order.payment_due_today,
  }
}

/** What a step done says it holds, to see at a glance and change. */
function doneSummary(step: CheckoutStep, cart: CheckoutCart, who: string): string | undefined {
  switch (step) {
    case 'stepLogin':
      return who
        ? `Signed in as ${who.slice(1) || 'you'}${who.startsWith('g') ? ' (guest)' : ''}`
        : undefined
    case 'stepShippingAddress':
      return cart.shippingAddress ? addressLine(cart.shippingAddress) : undefined
    case 'stepShippingMethod': {
      const shipping = cart.shipping as { serviceName?: string } | null | undefined
      return shipping?.serviceName
    }
    case 'stepWaiver':
      return 'Signed'
    default:
      return undefined
  }
}

/** A step not being done: its name, what it holds once done, and a way back to change it. */
function StepItem({
  step,
  done,
  summary,
  onChange,
}: {
  step: CheckoutStep
  done: boolean
  summary: string | undefined
  onChange: (() => void) | undefined
}) {
  return (
    <li className="checkout-step">
      <div className="checkout-step-head">
        <span className="checkout-step-name">
          {stepNames[step]}
          {done && <span className="visually-hidden"> (done)</span>}
        </span>
        {done && summary && <span className="checkout-step-summary">{summary}</span>}
        {onChange && (
          <button type="button" className="link-button checkout-change" onClick={onChange}>
            Change<span className="visually-hidden"> {stepNames[step].toLowerCase()}</span>
          </button>
        )}
      </div>
    </li>
  )
}

/**
 * The step being done: one title, its heading (focused when the step changes; no name above it
 * saying the same), and its form.
 */
function CurrentStep({ step, children }: { step: CheckoutStep; children: ReactNode }) {
  return (
    <li className="checkout-step checkout-step-current" aria-current="step">
      <section className="checkout-step-body" aria-labelledby={headingOf(step)}>
        <h2 id={headingOf(step)} tabIndex={-1}>
          {stepHeadings[step]}
        </h2>
        {children}
      </section>
    </li>
  )
}

/** What the screen shows: a step, the payment of the order just submitted, or it waiting to send. */
type ShownView = CheckoutStep | 'paying' | 'waiting'

/** The heading of what is shown, focused when it changes (tests/e2e find a step by its id). */
function headingOf(shown: ShownView): string {
  if (shown === 'paying') return 'checkout-paying'
  if (shown === 'waiting') return 'checkout-waiting'
  return 'checkout-step-heading'
}

const stepHeadings: Record<CheckoutStep, string> = {
  stepLogin: 'Sign in, or continue as a guest',
  stepShippingAddress: 'Where should we send it?',
  stepShippingMethod: 'How should it travel?',
  stepWaiver: 'Read and sign the waiver',
  stepSubmitNoPayment: 'Submit your order',
  stepSubmitPayment: 'Submit your order and pay',
}
