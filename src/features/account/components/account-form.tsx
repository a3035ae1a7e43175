import type { ReactNode } from 'react'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { FormStatus } from '../../../components/form-field.tsx'
import type { AccountFormState } from './use-account-form.ts'
import './account.css'

/**
 * The page around an account screen: its heading, what it is for, and the way to its sibling.
 * Without a heading it is a part of another screen (the checkout's sign-in step), whose own
 * heading names it.
 */
export function AccountPage({
  heading,
  lead,
  switchTo,
  children,
}: {
  heading?: string | undefined
  lead?: ReactNode
  /** Under the screen: "Already have an account? Sign in" and the like. */
  switchTo?: ReactNode
  children: ReactNode
}) {
  return (
    <article className={heading ? 'page account-screen' : 'account-screen'}>
      {heading && <h1>{heading}</h1>}
      {lead && <p className="lead">{lead}</p>}
      {children}
      {switchTo && <p className="account-switch">{switchTo}</p>}
    </article>
  )
}

/** A submit button that cannot be pressed twice while its call is on the way. */
export function SubmitButton({
  pending,
  intent,
  secondary,
  children,
}: {
  pending: boolean
  /** Which of several submit buttons (`name="intent"`), read by the form's intentOf. */
  intent?: string | undefined
  secondary?: boolean
  children: ReactNode
}) {
  return (
    <button
      type="submit"
      name={intent ? 'intent' : undefined}
      value={intent}
      className={secondary ? 'button button-secondary' : 'button'}
      disabled={pending}
    >
      {children}
    </button>
  )
}

/**
 * An account form: its fields, what the form has to say as a whole (offline, too many attempts, a
 * used link; or what was done), and its submit button, busy while the call is on the way.
 */
export function AccountForm({
  form,
  submitLabel,
  intent,
  children,
  afterStatus,
  actions,
  after,
}: {
  form: AccountFormState
  submitLabel: string
  /** The submit button's intent, when the form has more than one (see SubmitButton). */
  intent?: string | undefined
  /** The fields (and a heading, if the form has its own). */
  children: ReactNode
  /** Between the status and the buttons: a way out of what the status says. */
  afterStatus?: ReactNode
  /** Beside the submit button. */
  actions?: ReactNode
  /** Last in the form: more ways to send it. */
  after?: ReactNode
}) {
  // A prerendered sign-in form (/login's shell) waits for its code: until it has hydrated, its
  // fields and buttons are disabled, so nothing typed or pressed is lost to a plain form post.
  const hydrated = useHydrated()
  return (
    <form className="account-form" noValidate onSubmit={form.submit} aria-busy={form.pending}>
      <fieldset className="account-fieldset" disabled={!hydrated}>
        {children}
        <FormStatus problem={form.problem} done={form.done} />
        {afterStatus}
        <div className="account-actions">
          <SubmitButton pending={form.pending} intent={intent}>
            {submitLabel}
          </SubmitButton>
          {actions}
        </div>
        {after}
      </fieldset>
    </form>
  )
}
