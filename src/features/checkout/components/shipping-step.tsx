import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { formatMoney } from '../../../../contract/money.ts'
import { newChangeKey, saveShippingOption, shippingOptionsQuery } from '../api.ts'
import { checkoutMessages, problemOf } from '../model.ts'
import { FormStatus } from '../../../components/form-field.tsx'

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
 * save-shipping-option {carrier, service_code, service_name}.
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
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(undefined)
    const option = options.data?.options.find((candidate) => optionId(candidate) === picked)
    if (!option) {
      setProblem('Choose how your order is shipped.')
      document.getElementById(`${uid}-options`)?.querySelector('input')?.focus()
      return
    }
    if (!online) {
      setProblem(checkoutMessages.offline)
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
      setProblem(problemOf(error, []).form)
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
          {quotes.map((option) => {
            const id = `${uid}-${optionId(option)}`
            return (
              <div className="checkout-option" key={optionId(option)}>
                <input
                  type="radio"
                  id={id}
                  name={`${uid}-shipping`}
                  checked={picked === optionId(option)}
                  onChange={() => setPicked(optionId(option))}
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
      <FormStatus problem={problem} />
      {!online && !problem && <p className="note">{checkoutMessages.offline}</p>}
      <div className="checkout-actions">
        <button type="submit" className="button" disabled={pending || quotes.length === 0}>
          {pending ? 'Saving…' : 'Continue'}
        </button>
      </div>
    </form>
  )
}
