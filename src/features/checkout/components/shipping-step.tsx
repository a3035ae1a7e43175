import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { formatMoney } from '../../../../contract/money.ts'
import { newChangeKey, saveShippingOption, shippingOptionsQuery } from '../api.ts'
import { checkoutMessages, problemOf } from '../model.ts'
import { FieldError, FormStatus } from '../../../components/form-field.tsx'
import { refusal, StepProblem, type StepRefusal } from './step-problem.tsx'

/** The option chosen now, as the cart answer carries it (camelCase). */
interface ChosenShipping {
  carrier: string
  serviceCode: string
  serviceName: string
}

const optionId = (option: ChosenShipping) => `${option.carrier}/${option.serviceCode}`

/**
 * How the order travels: the options the shop's rates give for the order's address and weight
 * (GET /api/order/shipping-options, cheapest first), one chosen and kept with
 * save-shipping-option {carrier, service_code, service_name}. None chosen: the message stands in
 * the options' group and the first option takes focus; a refusal (offline, the shop's answer) is
 * shown and focused above the button.
 */
export function ShippingStep({
  addressKey,
  chosen,
  online,
  onSaved,
}: {
  /** The order's address, so the options are asked again when it changes. */
  addressKey: string
  chosen: ChosenShipping | null
  online: boolean
  onSaved: () => Promise<void>
}) {
  const uid = useId()
  const options = useQuery(shippingOptionsQuery(addressKey))
  const [picked, setPicked] = useState<string | null>(chosen ? optionId(chosen) : null)
  const [unchosen, setUnchosen] = useState<string>()
  const [problem, setProblem] = useState<StepRefusal>()
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(undefined)
    const option = options.data?.options.find((candidate) => optionId(candidate) === picked)
    setUnchosen(option ? undefined : 'Choose how your order is shipped.')
    if (!option) {
      document.getElementById(`${uid}-options`)?.querySelector('input')?.focus()
      return
    }
    if (!online) {
      setProblem(refusal(checkoutMessages.offline))
      return
    }
    setPending(true)
    try {
      await saveShippingOption(
        {
          carrier: option.carrier,
          service_code: option.serviceCode,
          service_name: option.serviceName,
        },
        newChangeKey(),
      )
      await onSaved()
    } catch (error) {
      setProblem(refusal(problemOf(error, []).form ?? checkoutMessages.failed))
      // A stale option: the rates changed; read them again.
      void options.refetch()
    } finally {
      setPending(false)
    }
  }

  if (options.isPending) return <p role="status">Finding the ways we can ship it…</p>
  if (options.isError && !options.data)
    return (
      <div>
        <FormStatus problem={problemOf(options.error, []).form} />
        <button
          type="button"
          className="button button-secondary"
          onClick={() => void options.refetch()}
        >
          Try again
        </button>
      </div>
    )
  const quotes = options.data.options
  return (
    <form className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
      {quotes.length === 0 ? (
        <p>
          No service takes a parcel of this weight to this address. Change the address, or write to
          us and we find a way.
        </p>
      ) : (
        <fieldset className="checkout-fieldset checkout-options" id={`${uid}-options`}>
          <legend>Shipping method</legend>
          <FieldError id={`${uid}-options`} error={unchosen} />
          {quotes.map((option) => {
            const id = `${uid}-${optionId(option)}`
            return (
              <div className="checkout-option" key={optionId(option)}>
                <input
                  type="radio"
                  id={id}
                  name={`${uid}-shipping`}
                  checked={picked === optionId(option)}
                  onChange={() => {
                    setPicked(optionId(option))
                    setUnchosen(undefined)
                  }}
                  aria-describedby={unchosen ? `${uid}-options-error` : undefined}
                />
                <label htmlFor={id}>
                  <span>{option.serviceName}</span>
                  <span className="checkout-option-price">
                    {formatMoney(option.amount, options.data.currency)}
                  </span>
                </label>
              </div>
            )
          })}
        </fieldset>
      )}
      <StepProblem problem={problem} />
      {!online && !problem && <p className="note">{checkoutMessages.offline}</p>}
      <div className="checkout-actions">
        <button type="submit" className="button" disabled={pending || quotes.length === 0}>
          {pending ? 'Saving…' : 'Continue'}
        </button>
      </div>
    </form>
  )
}
