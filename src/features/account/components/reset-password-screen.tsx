import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { sendResetLink } from '../api.ts'
import { checkEmail, problemOf } from '../model.ts'
import { FormStatus, TextField } from './form-fields.tsx'
import './account.css'

/**
 * "Forgot your password?": mails a link to `/PasswordResets/newpassword/{token}`. The answer is
 * the same whether an account uses the address or not, and so is what the screen says. A guest
 * sets a first password the same way.
 */
export function ResetPasswordScreen() {
  const uid = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string>()
  const [problem, setProblem] = useState<string>()
  const [done, setDone] = useState<string>()

  const send = useMutation({
    networkMode: 'always',
    mutationFn: () => sendResetLink({ email: email.trim() }),
    onSuccess: (accepted) => setDone(accepted.message),
    onError: (failure) => {
      const found = problemOf(failure, ['email'] as const)
      setError(found.fields.email)
      setProblem(found.form)
      if (found.fields.email) document.getElementById(`${uid}-email`)?.focus()
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
    <article className="page account-screen">
      <h1>Reset your password</h1>
      <p className="lead">
        We e-mail you a link to choose a new password. Signed in as a guest? This sets your first
        password.
      </p>
      <form className="account-form" noValidate onSubmit={submit} aria-busy={send.isPending}>
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
            E-mail me a reset link
          </button>
        </div>
      </form>
      <p className="account-switch">
        Remembered it? <Link to="/login">Sign in</Link>
      </p>
    </article>
  )
}
