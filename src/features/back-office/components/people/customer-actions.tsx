import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import {
  keepCustomer,
  makeLoginLink,
  signOutEverywhere,
  type CustomerDetail,
  type LoginLink,
} from '../../api/people.ts'
import { actionFailure, actionOptions, fieldError } from '../../query.ts'
import { ActionFailure } from '../action-failure.tsx'
import { ActionButton } from '../action-button.tsx'
import { Announcement, say, type Said } from '../announcement.tsx'
import { ConfirmDialog } from '../confirm-dialog.tsx'
import { formatWhen, personName } from './people-model.ts'

/** What the shop can do to an account: a sign-in link for it, and ending its every session. */
export function CustomerActions({ customer }: { customer: CustomerDetail }) {
  return (
    <section className="people-section admin-no-print" aria-labelledby="customer-actions">
      <h2 id="customer-actions">Actions</h2>
      <SignInLink customer={customer} />
      <SignOutEverywhere customer={customer} />
    </section>
  )
}

/**
 * A one-time link that signs in as the customer (`/LoginFromAdmin/{token}`, 15 minutes), shown
 * with a copy button and when it stops working. The server refuses an admin's or staff account
 * (422 under `email`): its sentence is shown as it is.
 */
function SignInLink({ customer }: { customer: CustomerDetail }) {
  const made = useMutation({ ...actionOptions, mutationFn: () => makeLoginLink(customer.email) })
  const resultRef = useRef<HTMLDivElement>(null)
  const refusalRef = useRef<HTMLParagraphElement>(null)
  const link = made.data
  useEffect(() => {
    if (link) resultRef.current?.focus()
  }, [link])
  useEffect(() => {
    if (made.error) refusalRef.current?.focus()
  }, [made.error])
  const refusal = made.error
    ? (fieldError(made.error, 'email') ?? actionFailure(made.error))
    : undefined
  return (
    <div className="people-action-group">
      <h3>Sign-in link</h3>
      <p>A link that signs in as {customer.email}, once, within 15 minutes.</p>
      <ActionButton pending={made.isPending} onClick={() => made.mutate()}>
        {made.isPending ? 'Making the link…' : link ? 'Make a new sign-in link' : 'Sign-in link'}
      </ActionButton>
      {refusal && (
        <p ref={refusalRef} tabIndex={-1} className="admin-action-failure" role="alert">
          {refusal.startsWith('Not done') ? refusal : `Not done: ${refusal}`}
        </p>
      )}
      {link && !made.isPending && <MadeLink link={link} resultRef={resultRef} />}
    </div>
  )
}

function MadeLink({
  link,
  resultRef,
}: {
  link: LoginLink
  resultRef: RefObject<HTMLDivElement | null>
}) {
  const id = useId()
  const [copied, setCopied] = useState<Said>()
  const copyRef = useRef<HTMLParagraphElement>(null)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url)
      setCopied(say('Copied.'))
    } catch {
      setCopied(say('Could not copy: select the link and copy it.'))
    }
  }
  return (
    <div ref={resultRef} tabIndex={-1} className="people-result">
      <p role="status">
        <strong>The link is made.</strong> It works once, until{' '}
        <time dateTime={link.expiresAt}>{formatWhen(link.expiresAt)}</time>. Whoever opens it is
        signed in as this customer: give it to them alone.
      </p>
      <label htmlFor={id}>Sign-in link</label>
      <input
        id={id}
        className="people-link-output"
        readOnly
        value={link.url}
        onFocus={(event) => event.target.select()}
      />
      <button type="button" className="button button-secondary" onClick={() => void copy()}>
        Copy the link
      </button>
      <Announcement said={copied} ref={copyRef} />
    </div>
  )
}

/** Ends every session of the account, after asking (its password stays). */
function SignOutEverywhere({ customer }: { customer: CustomerDetail }) {
  const client = useQueryClient()
  const [open, setOpen] = useState(false)
  const [said, setSaid] = useState<Said>()
  const triggerRef = useRef<HTMLButtonElement>(null)
  const saidRef = useRef<HTMLParagraphElement>(null)
  const ended = useMutation({
    ...actionOptions,
    mutationFn: () => signOutEverywhere(customer.id),
    onSuccess: (after) => {
      keepCustomer(client, after)
      setOpen(false)
      const count = customer.liveSessions
      setSaid(
        say(
          `Signed out everywhere: ${count === 1 ? '1 session' : `${count} sessions`} ended. ` +
            `${after.liveSessions === 0 ? 'No session is left.' : `${after.liveSessions} left.`}`,
        ),
      )
    },
  })
  const sessions =
    customer.liveSessions === 1
      ? 'their 1 open session'
      : `their ${customer.liveSessions} open sessions`
  return (
    <div className="people-action-group">
      <h3>Sign out everywhere</h3>
      <p>Ends every session of this account, on every device.</p>
      <ActionButton
        ref={triggerRef}
        variant="secondary"
        onClick={() => {
          ended.reset()
          setSaid(undefined)
          setOpen(true)
        }}
      >
        Sign out everywhere
      </ActionButton>
      <Announcement said={said} ref={saidRef} />
      {!open && <ActionFailure error={ended.error} />}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`Sign ${personName(customer)} out everywhere?`}
        confirmLabel="Sign out everywhere"
        onConfirm={() => ended.mutate()}
        pending={ended.isPending}
        error={ended.error}
        returnFocus={said ? saidRef : triggerRef}
      >
        <p>
          This ends {sessions} now, on every device, and voids their unused sign-in and
          password-reset links. Their password stays: they can sign in again.
        </p>
      </ConfirmDialog>
    </div>
  )
}
