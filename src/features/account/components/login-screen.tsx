import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import type { FormEvent } from 'react'
import { afterSignIn, login, loginGuest, sendLoginLink } from '../api.ts'
import { checkSignIn, type SignInIntent } from '../model.ts'
import { AccountForm, AccountPage, SubmitButton } from './account-form.tsx'
import { EmailField, RememberField, AccountTextField } from './form-fields.tsx'
import { useAccountForm } from './use-account-form.ts'

const fields = ['email', 'password'] as const

function intentOf(event: FormEvent<HTMLFormElement>): SignInIntent {
  const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value')
  return value === 'guest' || value === 'link' ? value : 'password'
}

/**
 * Sign in: with a password; as a guest with the e-mail address alone (docs/accounts-and-guests.md);
 * or by a link mailed to the address. One e-mail field serves all three. After signing in it goes
 * to `redirect` (a path on this site), else to the account.
 */
export function LoginScreen({
  redirect,
  heading = 'Sign in',
  notice,
  onSignedIn,
}: {
  redirect?: string | undefined
  /** The page's heading; null where the screen around it has its own (the checkout's step). */
  heading?: string | null
  /** Said above the form, e.g. "You are signed out". */
  notice?: string | undefined
  /** Instead of going to `redirect`: the screen that shows this form takes over. */
  onSignedIn?: () => void
}) {
  // Under the checkout's step heading (h2), its parts are h3s.
  const Alternatives = heading === null ? 'h3' : 'h2'
  const client = useQueryClient()
  const navigate = useNavigate()
  const form = useAccountForm({
    initial: { email: '', password: '', remember: false },
    fields,
    intentOf,
    check: (values, intent) => checkSignIn(intent, values),
    send: async ({ email, password, remember }, intent) => {
      const address = email.trim()
      if (intent === 'link') return (await sendLoginLink({ email: address })).message
      if (intent === 'guest') await loginGuest({ email: address, remember })
      else await login({ email: address, password, remember })
      await afterSignIn(client)
      return undefined
    },
    onSent: (message) => {
      if (message !== undefined) return message
      if (onSignedIn) onSignedIn()
      else void navigate({ href: redirect ?? '/account', replace: true })
    },
  })

  return (
    <AccountPage
      heading={heading ?? undefined}
      lead={notice}
      switchTo={
        <>
          New here?{' '}
          <Link to="/login" search={{ mode: 'register', redirect }}>
            Create an account
          </Link>
        </>
      }
    >
      <AccountForm
        form={form}
        submitLabel="Sign in"
        intent="password"
        actions={
          <Link to="/reset-password" className="account-link">
            Forgot your password?
          </Link>
        }
        after={
          <section className="account-alternatives" aria-labelledby={`${form.uid}-other`}>
            <Alternatives id={`${form.uid}-other`}>No password?</Alternatives>
            <p>
              Order as a guest with your e-mail address alone, or have us e-mail you a link that
              signs you in once.
            </p>
            <div className="account-actions">
              <SubmitButton pending={form.pending} intent="guest" secondary>
                Continue as a guest
              </SubmitButton>
              <SubmitButton pending={form.pending} intent="link" secondary>
                E-mail me a sign-in link
              </SubmitButton>
            </div>
          </section>
        }
      >
        <EmailField {...form.field('email')} />
        <AccountTextField
          {...form.field('password')}
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <RememberField
          id={`${form.uid}-remember`}
          checked={form.values.remember}
          onChange={(remember) => form.setValues((v) => ({ ...v, remember }))}
        />
      </AccountForm>
    </AccountPage>
  )
}
