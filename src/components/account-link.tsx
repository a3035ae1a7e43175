import { Link } from '@tanstack/react-router'
import { useSignedIn } from '../lib/signed-in.ts'

/**
 * Who is signed in (name or e-mail, and "Guest"), as a link to their account, or "Sign in".
 * `compact` is the phone's app-bar button: the name's first letter in a ring (styles.css draws
 * it from `data-initial`), the full name its accessible name.
 */
export function AccountLink({ className, compact }: { className?: string; compact?: boolean }) {
  const who = useSignedIn()
  const name = who.slice(1)
  return who ? (
    <Link
      to="/account"
      className={className}
      data-initial={compact && name ? name[0]!.toUpperCase() : undefined}
    >
      {name ? (
        <>
          <span className="visually-hidden">Account: </span>
          <span className="account-name">{name}</span>
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
