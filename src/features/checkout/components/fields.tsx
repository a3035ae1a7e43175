import type { HTMLInputAutoCompleteAttribute, ReactNode } from 'react'

/*
 * The checkout's form fields: a label, a hint, the field and its message right under it, tied
 * together for screen readers (aria-describedby, aria-invalid). Thumb-sized (checkout.css).
 */

function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined
}

function Message({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null
}

export function TextInput({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  autoComplete,
  required,
  type = 'text',
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: ReactNode
  autoComplete?: HTMLInputAutoCompleteAttribute
  required?: boolean
  type?: 'text' | 'tel'
}) {
  return (
    <div className="checkout-field">
      <label htmlFor={id}>
        {label}
        {!required && <span className="checkout-optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <input
        id={id}
        type={type}
        value={value}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
      />
      <Message id={id} error={error} />
    </div>
  )
}

export function SelectInput({
  id,
  label,
  value,
  onChange,
  error,
  options,
  autoComplete,
}: {
  id: string
  label: string
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  options: { value: string; label: string }[]
  autoComplete?: HTMLInputAutoCompleteAttribute
}) {
  return (
    <div className="checkout-field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        autoComplete={autoComplete}
        aria-required
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error)}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">Choose…</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <Message id={id} error={error} />
    </div>
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
    <div className="checkout-field">
      <label htmlFor={id}>
        {label}
        <span className="checkout-optional"> (optional)</span>
      </label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <textarea
        id={id}
        value={value}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.value)}
      />
      <Message id={id} error={error} />
    </div>
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
        aria-describedby={describedBy(id, error, hint)}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      <Message id={id} error={error} />
    </div>
  )
}

/** What a step has to say as a whole: a failure (announced at once) or a result (polite). */
export function StepStatus({ problem, done }: { problem?: string | undefined; done?: ReactNode }) {
  return (
    <div className="checkout-status">
      <div role="alert" className={problem ? 'checkout-problem' : undefined}>
        {problem}
      </div>
      <div role="status">{done}</div>
    </div>
  )
}
