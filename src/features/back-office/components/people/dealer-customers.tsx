import { Link } from '@tanstack/react-router'
import { useId, useRef, useState, type FormEvent } from 'react'
import { linkCustomer, unlinkCustomer, type DealerDetail } from '../../api/people.ts'
import { fieldError } from '../../query.ts'
import { ActionFailure } from '../action-failure.tsx'
import { ActionButton } from '../action-button.tsx'
import { Announcement, say, type Said } from '../announcement.tsx'
import { formatWhen, linkedByLabels, personName } from './people-model.ts'
import { useDealerAction } from './use-dealer-action.ts'

/**
 * The dealer's customers: each with how it came and the orders credited to the dealer, and
 * unlinked with one press (linking again undoes it); an account linked by its e-mail address,
 * moved from another dealer if it had one. Orders already submitted stay credited where they were.
 */
export function DealerCustomers({ dealer }: { dealer: DealerDetail }) {
  const link = useDealerAction((email: string) => linkCustomer(dealer.id, email))
  const unlink = useDealerAction((customerId: string) => unlinkCustomer(dealer.id, customerId))
  const [email, setEmail] = useState('')
  const [said, setSaid] = useState<Said>()
  const saidRef = useRef<HTMLParagraphElement>(null)
  const emailRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const emailError = fieldError(link.error, 'email')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const typed = email.trim()
    if (!typed) {
      emailRef.current?.focus()
      return
    }
    unlink.reset()
    link.mutate(typed, {
      onSuccess: () => {
        setEmail('')
        setSaid(say(`${typed} is now this dealer’s customer.`))
      },
      onError: () => emailRef.current?.focus(),
    })
  }

  const remove = (customer: DealerDetail['customers'][number]) => {
    link.reset()
    unlink.mutate(customer.id, {
      onSuccess: () => setSaid(say(`${customer.email} is no longer this dealer’s customer.`)),
    })
  }

  return (
    <section className="people-section" aria-labelledby="dealer-customers">
      <h2 id="dealer-customers">Customers</h2>
      {dealer.customers.length === 0 ? (
        <p>No customer yet.</p>
      ) : (
        <ul className="people-cards">
          {dealer.customers.map((customer) => (
            <li key={customer.id} className="people-card">
              <h3>
                <Link to="/admin/$" params={{ _splat: `customers/${customer.id}` }}>
                  {personName(customer)}
                </Link>
              </h3>
              {customer.name && <p className="people-card-sub">{customer.email}</p>}
              <p>
                {linkedByLabels[customer.linkedBy]} on {formatWhen(customer.linkedAt)};{' '}
                {customer.orderCount === 1
                  ? '1 order credited'
                  : `${customer.orderCount} orders credited`}
                .
              </p>
              <div className="admin-no-print">
                <ActionButton
                  variant="secondary"
                  pending={unlink.isPending && unlink.variables === customer.id}
                  disabled={unlink.isPending}
                  onClick={() => remove(customer)}
                >
                  Unlink <span className="visually-hidden">{customer.email}</span>
                </ActionButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ActionFailure error={unlink.error} />
      <form className="people-form admin-no-print" onSubmit={submit} noValidate>
        <div className="people-field">
          <label htmlFor={id}>Link a customer by e-mail</label>
          <input
            ref={emailRef}
            id={id}
            type="email"
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            value={email}
            aria-invalid={emailError ? true : undefined}
            aria-describedby={emailError ? `${id}-error` : undefined}
            onChange={(event) => setEmail(event.target.value)}
          />
          {emailError && (
            <p id={`${id}-error`} className="field-error">
              {emailError}
            </p>
          )}
        </div>
        <ActionButton type="submit" pending={link.isPending}>
          Link customer
        </ActionButton>
      </form>
      {!emailError && <ActionFailure error={link.error} />}
      <Announcement said={said} ref={saidRef} />
    </section>
  )
}
