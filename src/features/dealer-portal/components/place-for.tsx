import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { dealerCustomersQuery, placeCartFor } from '../api.ts'
import { customerLabel } from '../../../lib/customer-label.ts'
import { placeForProblem, placedForText, readProblem } from '../model.ts'
import './dealer.css'

type Customer = { id: string; email: string; name: string | null }

/**
 * "This order is for" at the checkout, for a dealer (docs/dealers.md: it places orders for its
 * customers through the same checkout). The choice shown is the server's, read back from the cart
 * (`placedFor`); a choice is sent at once (POST /api/order/place-for) and never kept on the device
 * to send later, so offline it says so and stays as it was. Only the customer's name and e-mail:
 * the dealer types the ship-to address itself (a customer's saved addresses are its own).
 */
export function PlaceForControl({
  placedFor,
  online,
  onPlaced,
}: {
  /** The cart's customer as the server last said; null: the dealer itself. */
  placedFor: Customer | null
  online: boolean
  /** Reads the cart again, so the choice shown is the server's. */
  onPlaced: () => Promise<unknown>
}) {
  const read = useQuery(dealerCustomersQuery())
  const [sending, setSending] = useState<string | null | undefined>(undefined)
  const [problem, setProblem] = useState<string | null>(null)
  const customers = read.data?.customers
  const current = placedFor?.id ?? null
  const shown = sending === undefined ? current : sending

  if (!customers) {
    if (read.error)
      return (
        <p className="note" role="alert">
          {readProblem(read.error, 'your customers')}
        </p>
      )
    return null
  }
  if (customers.length === 0)
    return (
      <p className="note" data-testid="place-for-none">
        Ordering for a customer? Customers who register through your invitation link (in your{' '}
        <a href="/account#dealer-customers">account</a>) can be chosen here.
      </p>
    )

  const choose = async (customerId: string | null) => {
    if (customerId === current || sending !== undefined) return
    setProblem(null)
    if (!online) {
      setProblem(placeForProblem('offline', placedForText(placedFor)))
      return
    }
    setSending(customerId)
    try {
      await placeCartFor(customerId)
      await onPlaced()
    } catch (error) {
      setProblem(placeForProblem(error, placedForText(placedFor)))
    } finally {
      setSending(undefined)
    }
  }

  // A customer no longer the dealer's still shows while the cart names it (the server decides).
  const choices: Customer[] =
    placedFor && !customers.some((customer) => customer.id === placedFor.id)
      ? [...customers, placedFor]
      : customers
  return (
    <fieldset className="panel place-for" data-testid="place-for" aria-busy={sending !== undefined}>
      <legend className="place-for-legend">This order is for</legend>
      <label className="place-for-choice">
        <input
          type="radio"
          name="place-for"
          value=""
          checked={shown === null}
          disabled={sending !== undefined}
          onChange={() => void choose(null)}
        />
        <span>Myself</span>
      </label>
      {choices.map((customer) => (
        <label key={customer.id} className="place-for-choice">
          <input
            type="radio"
            name="place-for"
            value={customer.id}
            checked={shown === customer.id}
            disabled={sending !== undefined}
            onChange={() => void choose(customer.id)}
          />
          <span>
            {customer.name ?? customer.email}
            {customer.name && <span className="place-for-email">{customer.email}</span>}
          </span>
        </label>
      ))}
      <p className="field-hint" role="status" data-testid="place-for-status">
        {sending !== undefined
          ? 'Saving…'
          : placedFor
            ? `Placed by you for ${customerLabel(placedFor)}. Type the address it ships to below; your customer’s saved addresses stay theirs.`
            : 'Placed for yourself.'}
      </p>
      {!online && !problem && (
        <p className="note">Whom an order is for changes only online: this device is offline.</p>
      )}
      {problem && (
        <p className="form-problem" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  )
}
