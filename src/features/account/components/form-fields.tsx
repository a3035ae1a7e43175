import type { ChangeEvent, HTMLInputAutoCompleteAttribute, ReactNode } from 'react'
import { Field, fieldDescribedBy } from '../../../components/form-field.tsx'
import type { FieldBinding } from './use-account-form.ts'

/**
 * A labelled input with its hint and its message under it, tied together for screen readers
 * (`aria-describedby`, `aria-invalid`). Big enough for a gloved thumb (styles in account.css).
 */
export function TextField({
  id,
  label,
  type = 'text',
  value,
  onChange,
  error,
  hint,
  autoComplete,
  required,
}: {
  id: string
  label: string
  type?: 'text' | 'email' | 'password'
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: ReactNode
  autoComplete?: HTMLInputAutoCompleteAttribute
  required?: boolean
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className="field account-field">
      <input
        id={id}
        name={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error, hint)}
        spellCheck={type === 'text' ? undefined : false}
        autoCapitalize={type === 'text' ? undefined : 'none'}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </Field>
  )
}

/** The e-mail address every sign-in, registration and link form asks for. */
export function EmailField(binding: FieldBinding) {
  return (
    <TextField {...binding} label="E-mail address" type="email" autoComplete="email" required />
  )
}

/**
 * A new password and the same again (wire names `password`, `confirmPassword`; the checks are
 * model.ts checkNewPasswordForm). `label` names the first: "Password", or "New password".
 */
export function NewPasswordFields({
  label,
  password,
  confirmPassword,
}: {
  label: string
  password: FieldBinding
  confirmPassword: FieldBinding
}) {
  return (
    <>
      <TextField
        {...password}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
      />
      <TextField
        {...confirmPassword}
        label={`${label} again`}
        type="password"
        autoComplete="new-password"
        required
      />
    </>
  )
}

/**
 * "Keep me signed in": off unless ticked (docs/accounts-and-guests.md; the same for everyone here).
 */
export function RememberField({
  id,
  checked,
  onChange,
}: {
  id: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  return (
    <div className="account-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-describedby={`${id}-hint`}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>Keep me signed in on this device</label>
      <p id={`${id}-hint`} className="field-hint">
        For 30 days. Otherwise you stay signed in for one day.
      </p>
    </div>
  )
}

/**
 * What a form has to say as a whole: a failure (announced at once) or a result (polite). The
 * live regions stay in place so screen readers announce what appears in them.
 */
export function FormStatus({ problem, done }: { problem?: string | undefined; done?: ReactNode }) {
  return (
    <div className="form-status">
      <div role="alert" className={problem ? 'form-problem' : undefined}>
        {problem}
      </div>
      <div role="status" className={done ? 'form-done' : undefined}>
        {done}
      </div>
    </div>
  )
}
