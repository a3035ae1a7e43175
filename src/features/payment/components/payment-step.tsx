import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { testApplePayNonce, testCards } from '../../../../contract/payment.ts'
import { formatMoney } from '../../../../contract/money.ts'
import { revealAndFocus } from '../../../lib/use-announce-focus.ts'
import { paymentCalls, paymentConfigQuery, type Payable, type PaymentCalls } from '../api.ts'
import {
  applePayAvailable,
  keepsKey,
  newAttemptKey,
  outcomeOf,
  type AttemptOutcome,
  type PaidAnswer,
} from '../model.ts'
import './payment.css'

// braintree-web is loaded on the payment step only, and only with Braintree configured.
const BraintreeCardForm = lazy(() => import('./braintree-card-form.tsx'))

export interface PaymentStepProps {
  /** The order to pay: its id (the owner), or its payment code (the payment link). */
  payable: Payable
  /** What is left to pay, in minor units of `currency`. */
  balance: number
  currency: string
  onPaid(answer: PaidAnswer): void
  /** Where BitPay's invoice page sends the customer back; this page by default. */
  returnPath?: string
  /** Tests hand in their own calls. */
  calls?: PaymentCalls
  /** Tests: whether Apple Pay can show (ApplePaySession with a card in Wallet). */
  applePay?: boolean
  /** Every way to pay the shop offers here, or Apple Pay alone (the `/apple-pay/{id}` page). */
  methods?: 'all' | 'apple-pay'
}

type Send = (key: string) => Promise<PaidAnswer>

/**
 * The checkout's payment step: test cards with the built-in test gateway, Braintree's hosted
 * fields with Braintree, BitPay, and Apple Pay where the browser has it. A declined card's message
 * is shown and the customer tries again (a new attempt); an attempt whose outcome is unknown is
 * checked again under its own key, never charged twice. A problem is brought to where the customer
 * is looking (scrolled into view and focused): the Pay button they pressed may be far below it on
 * a phone. Once nothing is left to pay (the balance handed in is 0, or this step's payment settled
 * it) no way to pay shows, not even for the moment before the page moves on.
 */
export function PaymentStep({
  payable,
  balance,
  currency,
  onPaid,
  returnPath,
  calls = paymentCalls,
  applePay = applePayAvailable(),
  methods = 'all',
}: PaymentStepProps) {
  const all = methods === 'all'
  const config = useQuery(paymentConfigQuery(calls.getPaymentConfig))
  const [outcome, setOutcome] = useState<AttemptOutcome | undefined>()
  const [busy, setBusy] = useState(false)
  const [card, setCard] = useState(testCards[0]!.nonce)
  const attempt = useRef<{ key: string; send: Send } | undefined>(undefined)
  const headingId = useId()
  const problem = useRef<HTMLDivElement>(null)
  const due = formatMoney(balance, currency)
  const paidHere = outcome?.kind === 'paid' && outcome.answer.balance === 0
  const nothingLeft = balance <= 0 || paidHere
  const shown = outcome && !busy ? outcome.kind : undefined
  const showsProblem = shown === 'declined' || shown === 'refused' || shown === 'unknown'

  // Each new problem (a new outcome object) is brought into view once, as it appears.
  useEffect(() => {
    if (showsProblem) revealAndFocus(problem.current)
  }, [showsProblem, outcome])

  /** Sends an attempt: the one whose outcome is unknown again, or a new one. */
  async function run(send?: Send) {
    if (busy) return
    const current = attempt.current ?? (send ? { key: newAttemptKey(), send } : undefined)
    if (!current) return
    attempt.current = current
    setBusy(true)
    let result: AttemptOutcome
    try {
      result = outcomeOf({ answer: await current.send(current.key) })
    } catch (error) {
      result = outcomeOf({ error })
    }
    if (!keepsKey(result)) attempt.current = undefined
    setBusy(false)
    setOutcome(result)
    if (result.kind === 'paid') onPaid(result.answer)
    if (result.kind === 'invoice') globalThis.location.assign(result.url)
  }

  const payWithNonce = (nonce: string, deviceData?: string) =>
    run((key) =>
      calls.payByCard(payable, { nonce, ...(deviceData ? { device_data: deviceData } : {}) }, key),
    )
  const payWithBitpay = () =>
    run((key) =>
      calls.payByBitpay(
        payable,
        {
          return_path: returnPath ?? `${globalThis.location.pathname}${globalThis.location.search}`,
        },
        key,
      ),
    )
  const payWithApplePay = async () => {
    if (config.data?.cardGateway === 'test')
      return run((key) => calls.finishApplePay(payable, { nonce: testApplePayNonce }, key))
    const { payWithApplePay: viaBraintree } = await import('../apple-pay.ts')
    return run((key) =>
      viaBraintree({
        clientToken: config.data?.clientToken ?? '',
        amount: balance,
        currency,
        finish: (nonce) => calls.finishApplePay(payable, { nonce }, key),
      }),
    )
  }

  // An attempt whose outcome is unknown keeps its key: only "Check again" may send it.
  const waiting = outcome?.kind === 'unknown'

  function submitTestCard(event: FormEvent) {
    event.preventDefault()
    void payWithNonce(card)
  }

  if (nothingLeft)
    return (
      <section className="payment-step" aria-labelledby={headingId}>
        <h2 id={headingId}>Payment</h2>
        <p role="status" className="payment-paid" data-testid="payment-paid">
          {paidHere ? 'Paid. Thank you.' : 'Nothing is left to pay.'}
        </p>
      </section>
    )

  return (
    <section className="payment-step" aria-labelledby={headingId}>
      <h2 id={headingId}>Payment</h2>
      <p className="payment-due">
        To pay now: <strong>{due}</strong>
      </p>
      <div aria-live="polite" className="payment-status">
        {busy && <p>Paying…</p>}
      </div>
      {showsProblem && outcome && (
        <div role="alert" className="payment-problem" tabIndex={-1} ref={problem}>
          {outcome.kind === 'declined' && (
            <>
              <p>
                <strong>Your payment was declined:</strong> {outcome.message}
              </p>
              <p>Nothing was charged. Try again, with this card or another.</p>
            </>
          )}
          {outcome.kind === 'refused' && <p>{outcome.message}</p>}
          {outcome.kind === 'unknown' && (
            <>
              <p>{outcome.message}</p>
              <button type="button" className="button" onClick={() => void run()}>
                Check again
              </button>
            </>
          )}
        </div>
      )}
      {config.isPending && <p>Loading the ways to pay…</p>}
      {config.isError && (
        <div role="alert" className="payment-problem">
          <p>The ways to pay could not be loaded. Check your connection and try again.</p>
          <button type="button" className="button" onClick={() => void config.refetch()}>
            Try again
          </button>
        </div>
      )}
      {config.data && !config.data.onlinePayment && (
        <p className="payment-off">
          Paying online is off in this shop right now. Your order is kept, and the shop will tell
          you how to pay it.
        </p>
      )}
      {config.data?.cardGateway === 'test' && !all && (
        <p className="payment-test-notice">
          This shop takes test payments only: Apple Pay here makes a test payment, and no money
          moves.
        </p>
      )}
      {config.data?.cardGateway === 'test' && all && (
        <form className="payment-test-cards" onSubmit={submitTestCard}>
          <fieldset disabled={busy || waiting}>
            <legend>Test cards</legend>
            <p className="payment-test-notice">
              This shop takes test payments only: no card is charged and no money moves. Choose a
              test card to see what happens with it.
            </p>
            {testCards.map((testCard) => (
              <label key={testCard.nonce} className="payment-choice">
                <input
                  type="radio"
                  name="test-card"
                  value={testCard.nonce}
                  checked={card === testCard.nonce}
                  onChange={() => setCard(testCard.nonce)}
                />
                <span>
                  {testCard.label}
                  <small>{testCard.outcome}</small>
                </span>
              </label>
            ))}
            <button type="submit" className="button payment-pay">
              Pay {due} with the test card
            </button>
          </fieldset>
        </form>
      )}
      {all && config.data?.cardGateway === 'braintree' && config.data.clientToken && (
        <Suspense fallback={<p>Loading the card form…</p>}>
          <BraintreeCardForm
            clientToken={config.data.clientToken}
            disabled={busy || waiting}
            payLabel={`Pay ${due}`}
            onNonce={(nonce, deviceData) => void payWithNonce(nonce, deviceData)}
          />
        </Suspense>
      )}
      {config.data?.onlinePayment && (
        <div className="payment-other">
          {config.data.applePay && applePay && (
            <button
              type="button"
              className="button payment-apple-pay"
              disabled={busy || waiting}
              onClick={() => void payWithApplePay()}
            >
              Pay {due} with Apple Pay
            </button>
          )}
          {all && config.data.bitpay !== null && (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy || waiting}
              onClick={() => void payWithBitpay()}
            >
              Pay {due} with BitPay{config.data.bitpay === 'test' ? ' (test invoice)' : ''}
            </button>
          )}
        </div>
      )}
    </section>
  )
}
