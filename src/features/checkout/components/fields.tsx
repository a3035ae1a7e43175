import type { ComponentProps, ReactNode } from 'react'

import {
  Field,
  FieldError,
  FieldHint,
  FieldLabel,
  fieldDescribedBy,
  TextField,
} from '../../../components/form-field.tsx'

/*
 * The checkout's form fields (components/form-field.tsx); thumb-sized (checkout.css). The
 * address has its own, shared with a submitted order's new address (components/address-fields.tsx).
 */

/** A text field of the checkout, its label marked "(optional)" unless `required`. */
export function TextInput({
  label,
  required,
  type = 'text',
  ...field
}: Omit<ComponentProps<typeof TextField>, 'className' | 'name' | 'label' | 'type'> & {
  label: string
  type?: 'text' | 'tel'
}) {
  return (
    <TextField
      {...field}
      type={type}
      required={required}
      label={<FieldLabel label={label} required={required} />}
      className="checkout-field"
    />
  )
}

export function TextArea({
  id,
  label,
  value,
  onChange,
  error,
  hint,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: ReactNode
}) {
  return (
    <Field
      id={id}
      label={<FieldLabel label={label} />}
      hint={hint}
      error={error}
      className="checkout-field"
    >
      <textarea
        id={id}
        value={value}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
      />
    </Field>
  )
}

export function CheckField({
  id,
  label,
  checked,
  onChange,
  error,
  hint,
}: {
  id: string
  label: ReactNode
  checked: boolean
  onChange: (checked: boolean) => void
  error?: string | undefined
  hint?: ReactNode
}) {
  return (
    <div className="checkout-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={fieldDescribedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      <FieldHint id={id} hint={hint} />
      <FieldError id={id} error={error} />
    </div>
  )
}
