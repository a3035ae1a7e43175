import type { ComponentProps } from 'react'
import { TextField } from '../../../components/form-field.tsx'
import type { FieldBinding } from './use-account-form.ts'

/** A text field of the account forms, named by its id (styles in account.css). */
export function AccountTextField(
  props: Omit<ComponentProps<typeof TextField>, 'className' | 'name'>,
) {
  return <TextField {...props} name={props.id} className="field account-field" />
}

/** The e-mail address every sign-in, registration and link form asks for. */
export function EmailField(binding: FieldBinding) {
  return (
    <AccountTextField
      {...binding}
      label="E-mail address"
      type="email"
      autoComplete="email"
      required
    />
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
      <AccountTextField
        {...password}
        label={label}
        type="password"
        autoComplete="new-password"
        required
        hint="At least 8 characters."
      />
      <AccountTextField
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
