import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { NetworkError, ValidationError } from '../../../lib/api-client.ts'
import { formatMoney } from '../../../../contract/money.ts'
import {
  addableItemsQuery,
  addToSubmittedOrder,
  newIdempotencyKey,
  orderKeys,
  orderWaiverQuery,
  paymentLinkQuery,
  signForOrder,
  type PaymentLinkOrder,
} from '../api.ts'
import { orderNumber } from '../../../../contract/order-number.ts'
import { statusText } from '../model.ts'
import { OrderAmounts, paymentLinkAmounts, ReadProblem } from './order-parts.tsx'
import './orders.css'

/**
 * `/add-to-order/{code}`: through an order's payment link (no sign-in), add an item to the order
 * while it is submitted or partly paid. The server prices it as a cart add; the order's total
 * rises and the balance is paid through the same link.
 */
export function AddToOrderPage({ code }: { code: string }) {
  const read = useQuery(paymentLinkQuery(code))
  const order = read.data
  return (
    <article className="page orders-page orders-form-page">
      <h1>Add to your order</h1>
      {order ? (
        <>
          <p className="lead">
            Order {orderNumber(order.id)} · {statusText(order.status)}
          </p>
          <section className="panel" aria-labelledby="add-order-now">
            <h2 id="add-order-now">In the order now</h2>
            <ul className="order-line-summary">
              {order.lines.map((line) => (
                <li key={line.id}>
                  {line.qty} × {line.name}: {formatMoney(line.lineAmount, order.currency)}
                </li>
              ))}
            </ul>
            <OrderAmounts {...paymentLinkAmounts(order)} />
            {order.signatureNeeded ? (
              <SignAgainForm code={code} />
            ) : (
              order.paymentDue && (
                <p>
                  <a className="button" href={`/checkout/${code}`}>
                    Pay the balance
                  </a>
                </p>
              )
            )}
          </section>
          {order.canAddToOrder ? (
            <AddItemForm code={code} order={order} />
          ) : (
            <p role="status" className="orders-problem">
              Items can no longer be added to this order: it is{' '}
              {statusText(order.status).toLowerCase()}. Start a new order in the store.
            </p>
          )}
        </>
      ) : read.error ? (
        <ReadProblem
          error={read.error}
          what="the order"
          link={{ offline: 'You are offline: this page needs a connection.' }}
        />
      ) : (
        <p role="status">Loading the order…</p>
      )}
    </article>
  )
}

function AddItemForm({ code, order }: { code: string; order: PaymentLinkOrder }) {
  const client = useQueryClient()
  const items = useQuery(addableItemsQuery())
  const [sku, setSku] = useState('')
  const [qty, setQty] = useState('1')
  const key = useRef<string | undefined>(undefined)
  const add = useMutation({
    networkMode: 'always',
    mutationFn: () => {
      key.current ??= newIdempotencyKey()
      return addToSubmittedOrder(code, { sku, qty: Number(qty), meta: [], child: [] }, key.current)
    },
    onSuccess: (updated) => {
      key.current = undefined
      client.setQueryData(paymentLinkQuery(code).queryKey, updated)
      void client.invalidateQueries({ queryKey: orderKeys.all })
    },
  })
  const errors = add.error instanceof ValidationError ? add.error.errors : {}
  const problem =
    add.error instanceof NetworkError
      ? 'You are offline: nothing was added. Try again when you are back online.'
      : add.error instanceof ValidationError
        ? (errors.paymentCode?.[0] ?? errors.idempotencyKey?.[0])
        : add.error
          ? 'The item could not be added. Try again in a moment.'
          : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    add.mutate()
  }
  const options = (items.data ?? []).flatMap((product) =>
    product.variants.map((variant) => ({
      sku: variant.sku,
      label: `${variant.name} — ${formatMoney(variant.price, product.currency)}`,
      currency: product.currency,
    })),
  )
  return (
    <form className="orders-form panel" onSubmit={submit} noValidate>
      <h2>Add an item</h2>
      <p className="field-hint">
        Bags, accessories and apparel in stock. To add a suit or a canopy you design, order it from
        its page.
      </p>
      <div className="orders-field">
        <label htmlFor="add-sku">Item</label>
        <select
          id="add-sku"
          value={sku}
          aria-invalid={errors.sku ? true : undefined}
          aria-describedby={errors.sku ? 'add-sku-error' : undefined}
          onChange={(event) => {
            key.current = undefined
            setSku(event.target.value)
          }}
        >
          <option value="">{items.isPending ? 'Loading the items…' : 'Choose an item'}</option>
          {options
            .filter((option) => option.currency === order.currency)
            .map((option) => (
              <option key={option.sku} value={option.sku}>
                {option.label}
              </option>
            ))}
        </select>
        {errors.sku && (
          <p id="add-sku-error" className="field-error">
            {errors.sku[0]}
          </p>
        )}
      </div>
      <div className="orders-field">
        <label htmlFor="add-qty">Quantity</label>
        <input
          id="add-qty"
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          value={qty}
          aria-invalid={errors.qty ? true : undefined}
          aria-describedby={errors.qty ? 'add-qty-error' : undefined}
          onChange={(event) => {
            key.current = undefined
            setQty(event.target.value)
          }}
        />
        {errors.qty && (
          <p id="add-qty-error" className="field-error">
            {errors.qty[0]}
          </p>
        )}
      </div>
      <div aria-live="polite">
        {problem && (
          <p role="alert" className="orders-problem">
            {problem}
          </p>
        )}
        {add.isSuccess && (
          <p role="status" className="orders-done">
            Added. Shipping is now {formatMoney(add.data.shippingAmount, add.data.currency)}, and
            the order’s total {formatMoney(add.data.total, add.data.currency)}.
          </p>
        )}
      </div>
      <p className="order-actions">
        <button type="submit" className="button" disabled={add.isPending || sku === ''}>
          {add.isPending ? 'Adding…' : 'Add to the order'}
        </button>
      </p>
    </form>
  )
}

/**
 * An added item needs the waiver: the order is not paid and does not ship until it is signed
 * again (create-order-signature with the payment code). The text shown is the version signed.
 */
function SignAgainForm({ code }: { code: string }) {
  const client = useQueryClient()
  const waiver = useQuery(orderWaiverQuery())
  const [agreed, setAgreed] = useState(false)
  const [name, setName] = useState('')
  const key = useRef<string | undefined>(undefined)
  const sign = useMutation({
    networkMode: 'always',
    mutationFn: () => {
      key.current ??= newIdempotencyKey()
      return signForOrder(code, { name, waiverVersion: waiver.data?.version }, key.current)
    },
    onSuccess: (updated) => {
      key.current = undefined
      client.setQueryData(paymentLinkQuery(code).queryKey, updated)
      void client.invalidateQueries({ queryKey: orderKeys.all })
    },
    onError: () => {
      key.current = undefined
    },
  })
  const errors = sign.error instanceof ValidationError ? sign.error.errors : {}
  const problem =
    sign.error instanceof NetworkError
      ? 'You are offline: the waiver was not signed. Try again when you are back online.'
      : sign.error instanceof ValidationError
        ? Object.values(errors)[0]?.[0]
        : sign.error
          ? 'The waiver could not be signed. Try again in a moment.'
          : undefined
  const submit = (event: FormEvent) => {
    event.preventDefault()
    sign.mutate()
  }
  return (
    <form className="orders-form" onSubmit={submit} noValidate>
      <p role="status" className="orders-problem">
        An item you added needs the waiver. Sign it again: the order is not paid and does not ship
        until you do.
      </p>
      {waiver.data && (
        <details>
          <summary>{waiver.data.title}</summary>
          <p className="waiver-text">{waiver.data.text}</p>
        </details>
      )}
      <div className="orders-field">
        <label>
          <input
            type="checkbox"
            checked={agreed}
            onChange={(event) => setAgreed(event.target.checked)}
          />{' '}
          I have read the waiver and agree to it
        </label>
      </div>
      <div className="orders-field">
        <label htmlFor="sign-name">Your full name, as your signature</label>
        <input
          id="sign-name"
          value={name}
          autoComplete="name"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      {problem && (
        <p role="alert" className="orders-problem">
          {problem}
        </p>
      )}
      <p className="order-actions">
        <button
          type="submit"
          className="button"
          disabled={sign.isPending || !agreed || name.trim() === '' || !waiver.data}
        >
          {sign.isPending ? 'Signing…' : 'Sign the waiver'}
        </button>
      </p>
    </form>
  )
}
