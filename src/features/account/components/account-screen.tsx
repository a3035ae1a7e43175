import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState, type ReactNode } from 'react'
import type { Accepted } from '../../../../contract/auth.ts'
import { NetworkError } from '../../../lib/api-client.ts'
import {
  countWaitingCartChanges,
  sendWaitingCartChanges,
  useWaitingCartChanges,
} from '../../../lib/cart-device.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { AUTH_COOKIE, readCookie } from '../../../lib/cookies.ts'
import { forgetEndedSession, sendLoginLink, sendResetLink, signOut, userQuery } from '../api.ts'
import { displayName, failureMessage, isSessionEnded, messages } from '../model.ts'
import { SavedAddresses } from './address-list.tsx'
import { FormStatus } from '../../../components/form-field.tsx'
import { LoginScreen } from './login-screen.tsx'
import { ProfileForm } from './profile-form.tsx'
import './account.css'

/**
 * `/account`: the profile and saved addresses, or for a guest a notice with the way to a
 * password, and (composed in by the route: `orders`) the customer's orders; for a dealer, the
 * dealer portal (`dealer`). Signed out, it is
 * the sign-in screen. The user is kept on the device, so the page shows at once and offline,
 * where it says that changes need a network.
 */
export function AccountScreen({
  orders,
  dealer,
}: {
  orders?: ReactNode
  /** The dealer portal, shown to a dealer account (composed in by the route). */
  dealer?: ReactNode
} = {}) {
  // The screens that sign in or out say so here; the cookie is where a session starts from.
  const [signedIn, setSignedIn] = useState(() => readCookie(AUTH_COOKIE) !== null)
  const [notice, setNotice] = useState<string>()
  if (!signedIn) {
    return (
      <LoginScreen
        heading="Sign in to your account"
        notice={notice ?? 'Sign in to see your profile and saved addresses.'}
        onSignedIn={() => setSignedIn(true)}
      />
    )
  }
  return (
    <SignedInAccount
      orders={orders}
      dealer={dealer}
      onSignedOut={(said) => {
        setNotice(said)
        setSignedIn(false)
      }}
    />
  )
}

function SignedInAccount({
  orders,
  dealer,
  onSignedOut,
}: {
  orders: ReactNode
  dealer: ReactNode
  onSignedOut: (notice: string) => void
}) {
  const client = useQueryClient()
  const user = useQuery(userQuery())
  const sessionEnded = isSessionEnded(user.error)

  useEffect(() => {
    if (!sessionEnded) return
    void forgetEndedSession(client).then(() => onSignedOut(messages.sessionEnded))
  }, [sessionEnded, onSignedOut, client])

  const leave = useMutation({
    networkMode: 'always',
    mutationFn: () => signOut(client),
    onSuccess: ({ revoked }) =>
      onSignedOut(
        revoked
          ? 'You are signed out.'
          : 'You are signed out on this device. The shop could not be told, so the session ends by itself when it expires.',
      ),
  })

  // Offline the user query fails to reach the server, and shows what the device kept.
  const offline = user.error instanceof NetworkError
  const data = user.data
  if (!data) {
    return (
      <article className="page account-screen">
        <h1>Your account</h1>
        {user.error ? (
          <p role="alert" className="form-problem">
            {offline
              ? 'This device is offline and holds no copy of your account yet. It shows here once the device has been online.'
              : failureMessage(user.error)}
          </p>
        ) : (
          <p role="status">Loading your account…</p>
        )}
      </article>
    )
  }

  const guest = data.role === 'guest'
  return (
    <article className="page account-screen account-page">
      <h1>Your account</h1>
      <p className="lead">
        Signed in as <strong>{displayName(data)}</strong>
        {guest && <span className="guest-marker">Guest</span>}
      </p>
      {offline && (
        <p role="status" className="account-offline">
          You are offline. This is your account as this device last saw it: changes need a network
          connection.
        </p>
      )}
      {guest ? (
        <GuestNotice email={data.email} />
      ) : (
        <>
          <section className="panel" aria-labelledby="account-profile">
            <h2 id="account-profile">Profile</h2>
            <dl className="account-facts">
              <div>
                <dt>E-mail address</dt>
                <dd>{data.email}</dd>
              </div>
            </dl>
            <ProfileForm user={data} />
          </section>
          <section className="panel" aria-labelledby="account-addresses">
            <h2 id="account-addresses">Saved addresses</h2>
            <SavedAddresses />
          </section>
        </>
      )}
      {data.role === 'dealer' && dealer}
      {guest && <GuestOrdersNotice email={data.email} />}
      {orders}
      <section className="panel" aria-labelledby="account-device">
        <h2 id="account-device">This device</h2>
        <p>
          <Link to="/offline">What this device keeps for offline use</Link>
        </p>
        <FormStatus problem={leave.error ? failureMessage(leave.error) : undefined} />
        <SignOut pending={leave.isPending} onSignOut={() => leave.mutate()} />
      </section>
    </article>
  )
}

/**
 * "Sign out", which first asks what to do with cart changes still waiting on this device: send
 * them (needs the network) or discard them. Either way sign-out then forgets the device's cart.
 */
function SignOut({ pending, onSignOut }: { pending: boolean; onSignOut: () => void }) {
  const heard = useWaitingCartChanges()
  const online = useOnlineStatus()
  const [asking, setAsking] = useState(false)
  const [counted, setCounted] = useState<number>()
  const waiting = counted ?? heard
  // The outbox itself says how many wait (the badge may not have heard yet on a fresh page).
  const ask = async () => {
    const count = await countWaitingCartChanges().catch(() => heard)
    setCounted(count)
    if (count > 0) setAsking(true)
    else onSignOut()
  }
  const [sending, setSending] = useState(false)
  const [problem, setProblem] = useState<string>()
  const changes =
    waiting === 1 ? '1 change to your cart has' : `${waiting} changes to your cart have`
  const sendFirst = async () => {
    setSending(true)
    setProblem(undefined)
    const left = await sendWaitingCartChanges().catch(() => waiting)
    setSending(false)
    if (left === 0) onSignOut()
    else setProblem(`${left} could not be sent yet. Try again, or discard them.`)
  }
  if (!asking || waiting === 0) {
    return (
      <button
        type="button"
        className="button button-secondary"
        disabled={pending}
        onClick={() => void ask()}
      >
        Sign out
      </button>
    )
  }
  return (
    <div role="alertdialog" aria-labelledby="sign-out-waiting" className="sign-out-waiting">
      <p id="sign-out-waiting">
        {changes} not reached the shop yet. Send {waiting === 1 ? 'it' : 'them'} before you sign
        out, or discard {waiting === 1 ? 'it' : 'them'}? Whoever uses this device next will not see
        your cart either way.
      </p>
      {!online && <p role="status">You are offline: sending needs a network connection.</p>}
      {problem && (
        <p role="alert" className="form-problem">
          {problem}
        </p>
      )}
      <p className="overlay-actions">
        <button
          type="button"
          className="button"
          disabled={!online || sending || pending}
          onClick={() => void sendFirst()}
        >
          Send, then sign out
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={sending || pending}
          onClick={onSignOut}
        >
          Discard and sign out
        </button>
        <button type="button" className="link-button" onClick={() => setAsking(false)}>
          Cancel
        </button>
      </p>
    </div>
  )
}

/** A guest keeps no profile or addresses: setting a password (the reset flow) makes an account. */
function GuestNotice({ email }: { email: string }) {
  return (
    <MailLinkPanel
      id="account-guest"
      title="You are signed in as a guest"
      action="Set a password"
      send={() => sendResetLink({ email })}
    >
      You signed in with <strong>{email}</strong> alone. A guest can order, but keeps no profile or
      saved addresses. Set a password to keep an account: we e-mail you a link.
    </MailLinkPanel>
  )
}

/**
 * A guest session lists only the orders placed from this device: the rest of the address's
 * orders take proof that the mailbox is the customer's, the mailed sign-in link.
 */
function GuestOrdersNotice({ email }: { email: string }) {
  return (
    <MailLinkPanel
      id="account-guest-orders"
      title="Orders from other devices"
      action="E-mail me a sign-in link"
      send={() => sendLoginLink({ email })}
    >
      As a guest you see the orders placed on this device. Orders made elsewhere with{' '}
      <strong>{email}</strong> appear after you sign in with the link we e-mail to that address.
    </MailLinkPanel>
  )
}

/** A guest's panel that mails a link to the address it signed in with, and says how that went. */
function MailLinkPanel({
  id,
  title,
  action,
  send: sendLink,
  children,
}: {
  id: string
  title: string
  action: string
  send: () => Promise<Accepted>
  children: ReactNode
}) {
  const send = useMutation({ networkMode: 'always', mutationFn: sendLink })
  return (
    <section className="panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <p>{children}</p>
      <FormStatus
        problem={send.error ? failureMessage(send.error) : undefined}
        done={send.data?.message}
      />
      <button
        type="button"
        className="button"
        disabled={send.isPending}
        onClick={() => send.mutate()}
      >
        {action}
      </button>
    </section>
  )
}
