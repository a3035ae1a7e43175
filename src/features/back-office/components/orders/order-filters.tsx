import { useQuery } from '@tanstack/react-query'
import { useRef, useState, type FormEvent } from 'react'
import { FieldError, fieldDescribedBy } from '../../../../components/form-field.tsx'
import { isPlainText } from '../../../../../contract/plain-text.ts'
import { uuidPattern } from '../../../../../contract/uuid.ts'
import { dealerChoicesQuery } from '../../api/orders.ts'
import { paymentLabels, statusText } from './order-model.ts'
import {
  isCalendarDate,
  isFiltered,
  paymentStates,
  submittedStatuses,
  type OrdersSearch,
} from '../../order-search.ts'

/** The form's fields as typed: every one as text, empty when not narrowing. */
interface Draft {
  q: string
  status: string
  payment: string
  made_to_order: string
  dealer: string
  from: string
  to: string
}
type Problems = Partial<Record<keyof Draft, string>>

function draftOf(search: OrdersSearch): Draft {
  return {
    q: search.q ?? '',
    status: search.status ?? '',
    payment: search.payment ?? '',
    made_to_order: search.made_to_order === undefined ? '' : String(search.made_to_order),
    dealer: search.dealer ?? '',
    from: search.from ?? '',
    to: search.to ?? '',
  }
}

/** The contract's rules, said before anything is asked, each under its field. */
function problemsOf(draft: Draft): Problems {
  const problems: Problems = {}
  const q = draft.q.trim()
  if (q.length > 100) problems.q = 'A search is at most 100 characters.'
  else if (!isPlainText(q)) problems.q = 'Remove the control or text-direction characters.'
  const dealer = draft.dealer.trim()
  if (dealer && !uuidPattern.test(dealer))
    problems.dealer = 'A dealer is its account’s id, such as 0b6f5a38-5d0e-4d55-9c55-1f0c5bd2a6f1.'
  if (draft.from && !isCalendarDate(draft.from)) problems.from = 'Enter a date, YYYY-MM-DD.'
  if (draft.to && !isCalendarDate(draft.to)) problems.to = 'Enter a date, YYYY-MM-DD.'
  else if (draft.from && draft.to && draft.to < draft.from)
    problems.to = 'The last day is on or after the first.'
  return problems
}

function searchOf(draft: Draft): OrdersSearch {
  const search: OrdersSearch = {}
  const q = draft.q.trim()
  if (q) search.q = q
  if (draft.status) search.status = draft.status as NonNullable<OrdersSearch['status']>
  if (draft.payment) search.payment = draft.payment as NonNullable<OrdersSearch['payment']>
  if (draft.made_to_order) search.made_to_order = draft.made_to_order === 'true'
  if (draft.dealer.trim()) search.dealer = draft.dealer.trim()
  if (draft.from) search.from = draft.from
  if (draft.to) search.to = draft.to
  return search
}

/**
 * The list's search and filters. Sent as a whole (not at every keystroke): the new filters go to
 * the URL, page 1, so the back button returns to the list as it was. Remount it (`key`) when the
 * URL's search changes, to show what the URL holds.
 */
export function OrderFilters({
  search,
  onSearch,
}: {
  search: OrdersSearch
  onSearch: (search: OrdersSearch) => void
}) {
  const [draft, setDraft] = useState(() => draftOf(search))
  const [problems, setProblems] = useState<Problems>({})
  const form = useRef<HTMLFormElement>(null)
  const narrowing = isFiltered({ ...search, q: undefined })

  const change = (field: keyof Draft, value: string) => {
    setDraft((all) => ({ ...all, [field]: value }))
    if (problems[field]) setProblems((all) => ({ ...all, [field]: undefined }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const found = problemsOf(draft)
    setProblems(found)
    const first = Object.keys(found).find((field) => found[field as keyof Draft])
    if (first) {
      form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
      return
    }
    onSearch(searchOf(draft))
  }

  const control = (field: keyof Draft) => ({
    id: `orders-${field}`,
    name: field,
    value: draft[field],
    'aria-invalid': problems[field] ? true : undefined,
    'aria-describedby': fieldDescribedBy(`orders-${field}`, problems[field]),
  })

  return (
    <form
      ref={form}
      className="admin-orders-filters"
      role="search"
      aria-label="Search orders"
      onSubmit={submit}
      noValidate
    >
      <div className="field admin-orders-field admin-orders-q">
        <label htmlFor="orders-q">Order number, e-mail or name</label>
        <input
          {...control('q')}
          type="search"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => change('q', event.target.value)}
        />
        <FieldError id="orders-q" error={problems.q} />
      </div>
      <details className="admin-orders-more" open={narrowing || undefined}>
        <summary>Filters{narrowing ? ' (in use)' : ''}</summary>
        <div className="admin-orders-grid">
          <div className="field admin-orders-field">
            <label htmlFor="orders-status">State</label>
            <select
              {...control('status')}
              onChange={(event) => change('status', event.target.value)}
            >
              <option value="">Any state</option>
              {submittedStatuses.map((status) => (
                <option key={status} value={status}>
                  {statusText(status)}
                </option>
              ))}
            </select>
          </div>
          <div className="field admin-orders-field">
            <label htmlFor="orders-payment">Payment</label>
            <select
              {...control('payment')}
              onChange={(event) => change('payment', event.target.value)}
            >
              <option value="">Any payment</option>
              {paymentStates.map((state) => (
                <option key={state} value={state}>
                  {paymentLabels[state]}
                </option>
              ))}
            </select>
          </div>
          <div className="field admin-orders-field">
            <label htmlFor="orders-made_to_order">Made to order</label>
            <select
              {...control('made_to_order')}
              onChange={(event) => change('made_to_order', event.target.value)}
            >
              <option value="">Any order</option>
              <option value="true">Made to order</option>
              <option value="false">Not made to order</option>
            </select>
          </div>
          <DealerField
            control={control('dealer')}
            error={problems.dealer}
            onChange={(value) => change('dealer', value)}
          />
          <div className="field admin-orders-field">
            <label htmlFor="orders-from">Submitted from</label>
            <input
              {...control('from')}
              type="date"
              onChange={(event) => change('from', event.target.value)}
            />
            <FieldError id="orders-from" error={problems.from} />
          </div>
          <div className="field admin-orders-field">
            <label htmlFor="orders-to">Submitted until</label>
            <input
              {...control('to')}
              type="date"
              min={draft.from || undefined}
              onChange={(event) => change('to', event.target.value)}
            />
            <FieldError id="orders-to" error={problems.to} />
          </div>
        </div>
      </details>
      <div className="admin-orders-buttons">
        <button type="submit" className="button">
          Show orders
        </button>
        {isFiltered(search) && (
          <button type="button" className="button button-secondary" onClick={() => onSearch({})}>
            Clear search and filters
          </button>
        )}
      </div>
    </form>
  )
}

type Control = {
  id: string
  name: string
  value: string
  'aria-invalid': boolean | undefined
  'aria-describedby': string | undefined
}

/**
 * The dealer filter: the shop's dealers by name when the network gives them, else (offline, or
 * before they arrive) the dealer's account id, as the URL holds it.
 */
function DealerField({
  control,
  error,
  onChange,
}: {
  control: Control
  error: string | undefined
  onChange: (value: string) => void
}) {
  const dealers = useQuery(dealerChoicesQuery()).data?.dealers
  const known = dealers?.some((dealer) => dealer.id === control.value) ?? false
  return (
    <div className="field admin-orders-field">
      <label htmlFor={control.id}>Dealer</label>
      {dealers && (control.value === '' || known) ? (
        <select {...control} onChange={(event) => onChange(event.target.value)}>
          <option value="">Any dealer, or none</option>
          {dealers.map((dealer) => (
            <option key={dealer.id} value={dealer.id}>
              {dealer.entry?.name ?? dealer.name ?? dealer.email}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...control}
          autoComplete="off"
          spellCheck={false}
          placeholder="The dealer’s account id"
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <FieldError id={control.id} error={error} />
    </div>
  )
}
