import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { afterSignIn, login, loginGuest, sendLoginLink } from '../api.ts'
import { checkSignIn, hasErrors, problemOf, type FieldErrors, type SignInIntent } from '../model.ts'
import { FormStatus, RememberField, TextField } from './form-fields.tsx'
import { useFocusFirstError } from './use-form-focus.ts'
import './account.css'

type Field = 'email' | 'password'
const fields: readonly Field[] = ['email', 'password']

function intentOf(event: FormEvent<HTMLFormElement>): SignInIntent {
  const value = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value')
  return value === 'guest' || value === 'link' ? value : 'password'
}

/**
 * Sign in: with a password; as a guest with the e-mail address alone (SPEC §1); or by a link
 * mailed to the address. One e-mail field serves all three. After signing in it goes to
 * `redirect` (a path on this site), else to the account.
 */
export function LoginScreen({
  redirect,
  heading = 'Sign in',
  notice,
  onSignedIn,
}: {
  redirect?: string | undefined
  heading?: string
  /** Said above the form, e.g. "You are signed out". */
  notice?: string | undefined
  /** Instead of going to `redirect`: the screen that shows this form takes over. */
  onSignedIn?: () => void
}) {
  const uid = useId()
  const client = useQueryClient()
  const navigate = useNavigate()
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [remember, setRemember] = useState(false)
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [problem, setProblem] = useState<string>()
  const [done, setDone] = useState<string>()
  const focusFirstError = useFocusFirstError(uid, fields)

  const signIn = useMutation({
    // Offline a sign-in is not kept for later: it fails at once and says so.
    networkMode: 'always',
    mutationFn: async (intent: SignInIntent) => {
      const address = email.trim()
      if (intent === 'link') return (await sendLoginLink({ email: address })).message
      if (intent === 'guest') await loginGuest({ email: address, remember })
      else await login({ email: address, password, remember })
      await afterSignIn(client)
      return undefined
    },
    onSuccess: (message) => {
      if (message !== undefined) {
        setDone(message)
        return
      }
      if (onSignedIn) onSignedIn()
      else void navigate({ href: redirect ?? '/account', replace: true })
    },
    onError: (error) => {
      const found = problemOf(error, fields)
      setErrors(found.fields)
      setProblem(found.form)
      focusFirstError(found.fields)
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const intent = intentOf(event)
    const found = checkSignIn(intent, { email, password })
    setErrors(found)
    setProblem(undefined)
    setDone(undefined)
    if (hasErrors(found)) {
      focusFirstError(found)
      return
    }
    signIn.mutate(intent)
  }

  const busy = signIn.isPending
  return (
    <article className="page account-screen">
      <h1>{heading}</h1>
      {notice && <p className="lead">{notice}</p>}
      <form className="account-form" noValidate onSubmit={submit} aria-busy={busy}>
        <TextField
          id={`${uid}-email`}
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <TextField
          id={`${uid}-password`}
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          error={errors.password}
        />
        <RememberField id={`${uid}-remember`} checked={remember} onChange={setRemember} />
        <FormStatus problem={problem} done={done} />
        <div className="account-actions">
          <button type="submit" name="intent" value="password" className="button" disabled={busy}>
            Sign in
          </button>
          <Link to="/reset-password" className="account-link">
            Forgot your password?
          </Link>
        </div>
        <section className="account-alternatives" aria-labelledby={`${uid}-other`}>
          <h2 id={`${uid}-other`}>No password?</h2>
          <p>
            Order as a guest with your e-mail address alone, or have us e-mail you a link that signs
            you in once.
          </p>
          <div className="account-actions">
            <button
              type="submit"
              name="intent"
              value="guest"
              className="button button-secondary"
              disabled={busy}
            >
              Continue as a guest
            </button>
            <button
              type="submit"
              name="intent"
              value="link"
              className="button button-secondary"
              disabled={busy}
            >
              E-mail me a sign-in link
            </button>
          </div>
        </section>
      </form>
      <p className="account-switch">
        New here?{' '}
        <Link to="/login" search={{ mode: 'register', redirect }}>
          Create an account
        </Link>
      </p>
    </article>
  )
}
