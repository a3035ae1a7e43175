import { Link } from '@tanstack/react-router'
import { shortCustomerName } from '../lib/customer-label.ts'
import { useSignedIn } from '../lib/signed-in.ts'

/**
 * Who is signed in (and "Guest"), as a link to their account, or "Sign in". It shows the first
 * name (or an e-mail's part before the "@"), so the header keeps to one row; the whole name or
 * e-mail is its accessible name and its tooltip. `compact` is the phone's app-bar button: the
 * name's first letter in a ring (styles.css draws it from `data-initial`).
 */
export function AccountLink({ className, compact }: { className?: string; compact?: boolean }) {
  const who = useSignedIn()
  const name = who.slice(1)
  return who ? (
    <Link
      to="/account"
      className={className}
      title={name || undefined}
      data-initial={compact && name ? name[0]!.toUpperCase() : undefined}
    >
      {name ? (
        <>
          <span className="visually-hidden">Account: {name}</span>
          <span className="account-name" aria-hidden="true">
            {shortCustomerName(name)}
          </span>
        </>
      ) : (
        'Account'
      )}
      {who[0] === 'g' && <span className="guest-marker">Guest</span>}
    </Link>
  ) : (
    <Link to="/login" className={className}>
      Sign in
    </Link>
  )
}
