import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState, type FormEvent } from 'react'
import type { AddressInput } from '../../../../contract/address.ts'
import { NetworkError, ValidationError } from '../../../lib/api-client.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import {
  changeShippingAddress,
  newIdempotencyKey,
  orderKeys,
  orderQuery,
  type OrderView,
} from '../api.ts'
import { orderNumber } from '../../../../contract/orders.ts'
import { addressFieldErrors } from '../model.ts'
import { ReadProblem } from './order-parts.tsx'
import './orders.css'

type AddressForm = Record<
  'name' | 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'country' | 'phone',
  string
>

const fields: {
  name: keyof AddressForm
  label: string
  autoComplete: string
  hint?: string
  required?: boolean
}[] = [
  { name: 'name', label: 'Who receives the parcel', autoComplete: 'name', required: true },
  { name: 'line1', label: 'Street address', autoComplete: 'address-line1', required: true },
  {
    name: 'line2',
    label: 'Apartment, suite, building (optional)',
    autoComplete: 'address-line2',
  },
  { name: 'city', label: 'City or town', autoComplete: 'address-level2', required: true },
  {
    name: 'region',
    label: 'State, province or region',
    autoComplete: 'address-level1',
    hint: 'Needed in the US, Canada, Mexico, Brazil, Australia and Japan.',
  },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'postal-code', required: true },
  {
    name: 'country',
    label: 'Country',
    autoComplete: 'country',
    hint: 'Its two-letter code, such as US, CA or DE.',
    required: true,
  },
  { name: 'phone', label: 'Phone (optional, for the carrier)', autoComplete: 'tel' },
]

function formOf(order: OrderView): AddressForm {
  const address = order.shipping.address
  return {
    name: address?.name ?? '',
    line1: address?.line1 ?? '',
    line2: address?.line2 ?? '',
    city: address?.city ?? '',
    region: address?.region ?? '',
    postalCode: address?.postalCode ?? '',
    country: address?.country ?? '',
    phone: address?.phone ?? '',
  }
}

/** The wire's address (contract/address.ts, snake_case as docs/orders.md writes it). */
function wireAddress(form: AddressForm): AddressInput {
  return {
    name: form.name,
    line1: form.line1,
    line2: form.line2,
    city: form.city,
    region: form.region,
    postal_code: form.postalCode,
    country: form.country,
    phone: form.phone,
  }
}

/**
 * `/update-shipping-address/{id}`: a submitted order's address, until it ships. The server checks
 * it field by field (and that the order's paid shipping goes there); its messages sit under their
 * fields. Offline it says the change needs the network and keeps what was typed.
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
  const [form, setForm] = useState<AddressForm>(() => formOf(order))
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
  const errors = save.error instanceof ValidationError ? addressFieldErrors(save.error.errors) : {}
  const set = (name: keyof AddressForm, value: string) => {
    key.current = undefined
    setForm((current) => ({ ...current, [name]: value }))
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    save.mutate(wireAddress(form))
  }
  const problem =
    save.error instanceof NetworkError
      ? 'You are offline: the new address was not sent. It stays in the form; send it when you are back online.'
      : save.error instanceof ValidationError
        ? (errors.orderId ?? 'Check the fields marked below.')
        : save.error
          ? 'The address could not be saved. Try again in a moment.'
          : undefined
  return (
    <form className="orders-form" onSubmit={submit} noValidate>
      {!online && (
        <p role="status" className="orders-as-of">
          You are offline: changing the address needs a connection. What you type stays here.
        </p>
      )}
      {fields.map((field) => {
        const error = errors[field.name]
        const id = `address-${field.name}`
        const describedBy = [error && `${id}-error`, field.hint && `${id}-hint`]
          .filter(Boolean)
          .join(' ')
        return (
          <div key={field.name} className="orders-field">
            <label htmlFor={id}>{field.label}</label>
            {field.hint && (
              <p id={`${id}-hint`} className="field-hint">
                {field.hint}
              </p>
            )}
            <input
              id={id}
              name={field.name}
              value={form[field.name]}
              autoComplete={field.autoComplete}
              aria-required={field.required || undefined}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy || undefined}
              onChange={(event) => set(field.name, event.target.value)}
            />
            {error && (
              <p id={`${id}-error`} className="field-error">
                {error}
              </p>
            )}
          </div>
        )
      })}
      <div aria-live="polite">
        {problem && (
          <p role="alert" className="orders-problem">
            {problem}
          </p>
        )}
        {save.isSuccess && (
          <p className="orders-done" role="status">
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
