import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useId, useState, type FormEvent } from 'react'
import { afterSignIn, setNewPassword } from '../api.ts'
import {
  checkNewPasswordForm,
  hasErrors,
  isInvalidLink,
  problemOf,
  type FieldErrors,
} from '../model.ts'
import { FormStatus, TextField } from './form-fields.tsx'
import { useFocusFirstError } from './use-form-focus.ts'
import './account.css'

type Field = 'password' | 'confirmPassword'
const fields: readonly Field[] = ['password', 'confirmPassword']

/**
 * The page a reset link opens (`/PasswordResets/newpassword/{token}`): choose a new password,
 * which signs in and ends the account's other sessions. A used or expired link says so and
 * leads to a new one.
 */
export function NewPasswordScreen({ token }: { token: string }) {
  const uid = useId()
  const client = useQueryClient()
  const navigate = useNavigate()
  const [values, setValues] = useState({ password: '', confirmPassword: '' })
  const [errors, setErrors] = useState<FieldErrors<Field>>({})
  const [problem, setProblem] = useState<string>()
  const [linkRefused, setLinkRefused] = useState(false)
  const focusFirstError = useFocusFirstError(uid, fields)
  const set = (field: Field) => (value: string) => setValues((v) => ({ ...v, [field]: value }))

  const save = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      await setNewPassword(token, values)
      await afterSignIn(client)
    },
    onSuccess: () => void navigate({ to: '/account', replace: true }),
    onError: (error) => {
      const found = problemOf(error, fields)
      setLinkRefused(isInvalidLink(error))
      setErrors(found.fields)
      setProblem(found.form)
      focusFirstError(found.fields)
    },
  })

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = checkNewPasswordForm(values)
    setErrors(found)
    setProblem(undefined)
    if (hasErrors(found)) focusFirstError(found)
    else save.mutate()
  }

  return (
    <article className="page account-screen">
      <h1>Choose a new password</h1>
      <p className="lead">
        Then you are signed in. Other devices signed in to the account are signed out.
      </p>
      <form className="account-form" noValidate onSubmit={submit} aria-busy={save.isPending}>
        <TextField
          id={`${uid}-password`}
          label="New password"
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
          label="New password again"
          type="password"
          autoComplete="new-password"
          required
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword}
        />
        <FormStatus problem={problem} />
        {linkRefused && (
          <p>
            <Link to="/reset-password" className="button button-secondary">
              E-mail me a new link
            </Link>
          </p>
        )}
        <div className="account-actions">
          <button type="submit" className="button" disabled={save.isPending}>
            Save the password and sign in
          </button>
        </div>
      </form>
    </article>
  )
}
