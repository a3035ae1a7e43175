import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { afterSignIn, sendLoginLink, verifyLogin } from '../api.ts'
import { checkEmail, failureMessage, isInvalidLink, messages, problemOf } from '../model.ts'
import { FormStatus, TextField } from './form-fields.tsx'
import './account.css'

/**
 * The page a one-time sign-in link opens (`/LoginFromAdmin/{token}`: mailed on request or made
 * by an admin). It uses the link at once and goes to the account. A used or expired link says
 * so and offers a new one; offline, the link is not used up and can be tried again.
 */
export function LoginLinkScreen({ token }: { token: string }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const verify = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      await verifyLogin(token)
      await afterSignIn(client)
    },
    onSuccess: () => void navigate({ to: '/account', replace: true }),
  })
  // Once per page: a link works only once, and React may run an effect twice in development.
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    verify.mutate()
  }, [verify])

  const error = verify.error
  return (
    <article className="page account-screen">
      <h1>Signing you in</h1>
      {!error && <p role="status">Checking your sign-in link…</p>}
      {error && isInvalidLink(error) && (
        <>
          <p role="alert" className="form-problem">
            This sign-in link no longer works: each link works once, for 15 minutes.
          </p>
          <NewLinkForm />
        </>
      )}
      {error && !isInvalidLink(error) && (
        <>
          <p role="alert" className="form-problem">
            {failureMessage(error) === messages.offline
              ? 'This device is offline: the link was not used. Try again when it has a network connection.'
              : failureMessage(error)}
          </p>
          <div className="account-actions">
            <button type="button" className="button" onClick={() => verify.mutate()}>
              Try again
            </button>
          </div>
        </>
      )}
      <p className="account-switch">
        Or <Link to="/login">sign in another way</Link>.
      </p>
    </article>
  )
}

function NewLinkForm() {
  const uid = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const [done, setDone] = useState<string>()
  const send = useMutation({
    networkMode: 'always',
    mutationFn: () => sendLoginLink({ email: email.trim() }),
    onSuccess: (accepted) => setDone(accepted.message),
    onError: (failure) => {
      const found = problemOf(failure, ['email'] as const)
      setError(found.fields.email)
      setProblem(found.form)
    },
  })
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = checkEmail(email)
    setError(found)
    setProblem(undefined)
    setDone(undefined)
    if (found) document.getElementById(`${uid}-email`)?.focus()
    else send.mutate()
  }
  return (
    <form className="account-form" noValidate onSubmit={submit} aria-busy={send.isPending}>
      <h2>Get a new link</h2>
      <TextField
        id={`${uid}-email`}
        label="E-mail address"
        type="email"
        autoComplete="email"
        required
        value={email}
        onChange={setEmail}
        error={error}
      />
      <FormStatus problem={problem} done={done} />
      <div className="account-actions">
        <button type="submit" className="button" disabled={send.isPending}>
          E-mail me a new sign-in link
        </button>
      </div>
    </form>
  )
}
