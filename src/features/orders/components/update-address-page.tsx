import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { AddressInput } from '../../../../contract/address.ts'
import { orderNumber } from '../../../../contract/order-number.ts'
import { AddressFields, addressFieldId } from '../../../components/address-fields.tsx'
import {
  addressDraftOf,
  addressFields,
  addressLabels,
  checkAddressDraft,
  type AddressDraft,
  type AddressField,
} from '../../../components/address-form.ts'
import { ErrorSummary } from '../../../components/error-summary.tsx'
import { fieldMessages, type FieldMessages } from '../../../components/field-messages.ts'
import { NetworkError, ValidationError } from '../../../lib/api-client.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import {
  changeShippingAddress,
  newIdempotencyKey,
  orderKeys,
  orderQuery,
  type OrderView,
} from '../api.ts'
import { ReadProblem } from './order-parts.tsx'
import '../../../components/address-fields.css'
import './orders.css'

const checkTheFields = 'Check the fields marked below.'

/**
 * `/update-shipping-address/{id}`: a submitted order's address, until it ships, in the same
 * fields as the checkout's address step, starting from the address the order has. The server
 * checks it field by field (and that the order's paid shipping goes there); a refusal is said at
 * the top of the form, which takes focus, and each message sits under its field. Offline it says
 * the change needs the network and keeps what was typed.
 */
export function UpdateAddressPage({ id }: { id: string }) {
  const read = useQuery(orderQuery(id))
  const order = read.data?.data
  return (
    <article className="page orders-page orders-form-page">
      <h1>Change the shipping address</h1>
      <p className="lead">
        Order{' '}
        <Link to="/orders/$orderId" params={{ orderId: id }}>
          {orderNumber(id)}
        </Link>
      </p>
      {order ? (
        order.canChangeAddress ? (
          <AddressEditor order={order} />
        ) : (
          <p role="status" className="orders-problem">
            This order has shipped, so its address can no longer change. Contact us if the parcel
            needs to go elsewhere.
          </p>
        )
      ) : read.error ? (
        <ReadProblem error={read.error} what="this order" />
      ) : (
        <p role="status">Loading your order…</p>
      )}
    </article>
  )
}

function AddressEditor({ order }: { order: OrderView }) {
  const client = useQueryClient()
  const online = useOnlineStatus()
  const uid = useId()
  // The order's address as it is: only what changes is typed (WCAG 3.3.7).
  const [form, setForm] = useState<AddressDraft>(() => addressDraftOf(order.shipping.address))
  const [errors, setErrors] = useState<FieldMessages<AddressField>>({})
  const [problem, setProblem] = useState<string>()
  // Bumped by each refused send: focus then goes to the summary at the top of the form.
  const [refusals, setRefusals] = useState(0)
  const summary = useRef<HTMLDivElement>(null)
  // One key per attempt at this address: a resend after a lost answer is the same change.
  const key = useRef<string | undefined>(undefined)
  const save = useMutation({
    networkMode: 'always',
    mutationFn: (address: AddressInput) => {
      key.current ??= newIdempotencyKey()
      return changeShippingAddress(order.id, address, key.current)
    },
    onSuccess: (saved) => {
      key.current = undefined
      client.setQueryData(orderQuery(order.id).queryKey, {
        data: saved,
        savedAt: Date.now(),
        fromDevice: false,
      })
      void client.invalidateQueries({ queryKey: orderKeys.lists() })
    },
  })

  useEffect(() => {
    if (refusals > 0) summary.current?.focus()
  }, [refusals])

  const refuse = (found: FieldMessages<AddressField>, message: string) => {
    setErrors(found)
    setProblem(message)
    setRefusals((count) => count + 1)
  }

  const set = (field: AddressField, value: string) => {
    key.current = undefined
    setForm((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((found) => ({ ...found, [field]: undefined }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const missing = checkAddressDraft(form)
    if (Object.keys(missing).length > 0) {
      refuse(missing, checkTheFields)
      return
    }
    try {
      // The form's fields are the wire's (contract/address.ts, snake_case).
      await save.mutateAsync(form)
      setErrors({})
      setProblem(undefined)
    } catch (error) {
      if (error instanceof ValidationError) {
        // `order_id` (shipped meanwhile) names no field: said as it is.
        const { fields, other } = fieldMessages(error.errors, addressFields, 'address.')
        refuse(
          fields,
          other[0] ?? (Object.keys(fields).length > 0 ? checkTheFields : error.message),
        )
      } else if (error instanceof NetworkError) {
        refuse(
          {},
          'You are offline: the new address was not sent. It stays in the form; send it when you are back online.',
        )
      } else {
        refuse({}, 'The address could not be saved. Try again in a moment.')
      }
    }
  }

  const marked = addressFields.flatMap((field) => {
    const message = errors[field]
    return message ? [{ id: addressFieldId(uid, field), label: addressLabels[field], message }] : []
  })
  // Every marked field mended: nothing left to check.
  const shownProblem = problem === checkTheFields && marked.length === 0 ? undefined : problem

  return (
    <form className="orders-form" onSubmit={(event) => void submit(event)} noValidate>
      {!online && (
        <p role="status" className="orders-as-of">
          You are offline: changing the address needs a connection. What you type stays here.
        </p>
      )}
      <ErrorSummary ref={summary} problem={shownProblem} fields={marked} />
      <AddressFields idPrefix={uid} address={form} onChange={set} errors={errors} />
      <div role="status">
        {save.isSuccess && (
          <p className="orders-done">
            Saved: order {orderNumber(order.id)} goes to the new address.
          </p>
        )}
      </div>
      <p className="order-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save the address'}
        </button>
        <Link to="/orders/$orderId" params={{ orderId: order.id }}>
          Back to the order
        </Link>
      </p>
    </form>
  )
}
