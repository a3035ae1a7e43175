import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { isPaymentPagePath } from '../../../../contract/payment.ts'
import { documentLoadedOn } from '../model.ts'

/*
 * Braintree's hosted fields: the card number, expiry and CVV are typed into Braintree's own
 * iframes, so card data never touches this page or the shop's server; tokenize gives a one-time
 * nonce, which the payment step sends. Loaded (with braintree-web) on the payment step only.
 */

type HostedFields = {
  tokenize(): Promise<{ nonce: string }>
  teardown(): Promise<void>
}

export interface BraintreeCardFormProps {
  clientToken: string
  disabled: boolean
  payLabel: string
  onNonce(nonce: string, deviceData: string | undefined): void
}

export default function BraintreeCardForm({
  clientToken,
  disabled,
  payLabel,
  onNonce,
}: BraintreeCardFormProps) {
  const id = useId().replace(/:/g, '')
  const fields = useRef<HostedFields | undefined>(undefined)
  const deviceData = useRef<string | undefined>(undefined)
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading')
  const [problem, setProblem] = useState<string | undefined>()

  useEffect(() => {
    // The page's Content-Security-Policy is the first page's of the visit: Braintree's frames
    // are allowed only when the document was loaded on a payment page. Load this one afresh.
    if (!documentLoadedOn(isPaymentPagePath)) {
      globalThis.location.reload()
      return
    }
    let cancelled = false
    void (async () => {
      try {
        const braintree = await import('braintree-web')
        const client = await braintree.client.create({ authorization: clientToken })
        const [hosted, collector] = await Promise.all([
          braintree.hostedFields.create({
            client,
            fields: {
              number: { selector: `#${id}-number`, placeholder: '4111 1111 1111 1111' },
              expirationDate: { selector: `#${id}-expiry`, placeholder: 'MM/YY' },
              cvv: { selector: `#${id}-cvv`, placeholder: '123' },
            },
            styles: { input: { 'font-size': '16px' } },
          }),
          braintree.dataCollector.create({ client }).catch(() => undefined),
        ])
        if (cancelled) {
          await hosted.teardown()
          return
        }
        fields.current = hosted as unknown as HostedFields
        deviceData.current = collector?.deviceData
        setState('ready')
      } catch {
        if (!cancelled) setState('failed')
      }
    })()
    return () => {
      cancelled = true
      void fields.current?.teardown().catch(() => undefined)
      fields.current = undefined
    }
  }, [clientToken, id])

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!fields.current) return
    setProblem(undefined)
    try {
      const { nonce } = await fields.current.tokenize()
      onNonce(nonce, deviceData.current)
    } catch {
      setProblem('Check the card number, expiry date and security code.')
    }
  }

  return (
    <form className="payment-card-form" onSubmit={(event) => void submit(event)}>
      <fieldset disabled={disabled || state !== 'ready'}>
        <legend>Card</legend>
        <label htmlFor={`${id}-number`}>Card number</label>
        <div id={`${id}-number`} className="payment-hosted-field" />
        <label htmlFor={`${id}-expiry`}>Expiry date</label>
        <div id={`${id}-expiry`} className="payment-hosted-field" />
        <label htmlFor={`${id}-cvv`}>Security code</label>
        <div id={`${id}-cvv`} className="payment-hosted-field" />
        {problem && <p role="alert">{problem}</p>}
        {state === 'failed' && (
          <p role="alert">The card form could not be loaded. Check your connection and reload.</p>
        )}
        <button type="submit" className="button payment-pay">
          {payLabel}
        </button>
      </fieldset>
    </form>
  )
}
