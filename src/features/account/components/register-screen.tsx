import { useMutation } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { register } from '../api.ts'
import { checkRegistration, hasErrors, problemOf, type FieldErrors } from '../model.ts'
import { FormStatus, TextField } from './form-fields.tsx'
import { useFocusFirstError } from './use-form-focus.ts'
import './account.css'

type Field = 'name' | 'email' | 'password' | 'confirmPassword'
const fields: readonly Field[] = ['name', 'email', 'password', 'confirmPassword']

/**
 * Create an account. The server answers alike for a new and a known address and opens no
 * session: it mails a sign-in link (or, to a known address, a reset link), so the screen says
 * to look in the mailbox.
 */
export function RegisterScreen({ redirect }: { redirect?: string | undefined }) {
  const uid = useId()
  const [values, setValues] = useState({ name: '', email: '', password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [problem, setProblem] = useState<string>()
  const [done, setDone] = useState<string>()
  const focusFirstError = useFocusFirstError(uid, fields)
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const create = useMutation({
    networkMode: 'always',
    mutationFn: () =>
      register({
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
      }),
    onSuccess: (accepted) => {
      setDone(accepted.message)
      setValues((v) => ({ ...v, password: '', confirmPassword: '' }))
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
    const found = checkRegistration(values)
    setErrors(found)
    setProblem(undefined)
    setDone(undefined)
    if (hasErrors(found)) focusFirstError(found)
    else create.mutate()
  }

  return (
    <article className="page account-screen">
      <h1>Create an account</h1>
      <p className="lead">
        Keep your orders, addresses and designs together. We e-mail you a link to sign in.
      </p>
      <form className="account-form" noValidate onSubmit={submit} aria-busy={create.isPending}>
        <TextField
          id={`${uid}-name`}
          label="Your name"
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextField
          id={`${uid}-email`}
          label="E-mail address"
          type="email"
          autoComplete="email"
          required
          value={values.email}
          onChange={set('email')}
          error={errors.email}
        />
        <TextField
          id={`${uid}-password`}
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters."
          value={values.password}
          onChange={set('password')}
          error={errors.password}
        />
        <TextField
          id={`${uid}-confirmPassword`}
          label="Password again"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <FormStatus problem={problem} done={done} />
        <div className="account-actions">
          <button type="submit" className="button" disabled={create.isPending}>
            Create account
          </button>
        </div>
      </form>
      <p className="account-switch">
        Already have an account?{' '}
        <Link to="/login" search={redirect ? { redirect } : {}}>
          Sign in
        </Link>
      </p>
    </article>
  )
}
