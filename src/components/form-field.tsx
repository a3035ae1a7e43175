import type { ChangeEvent, HTMLInputAutoCompleteAttribute, ReactNode } from 'react'

/*
 * The pieces of a form field every form uses: a label, a hint, the control and its message right
 * under it, tied together for screen readers (`aria-describedby`, `aria-invalid`), and a label
 * that says "(optional)" when the field may stay empty. The forms give the control and their own
 * class names (account.css, checkout.css, address-fields.css).
 */

/** A field's label, marked "(optional)" when it may be left empty. */
export function FieldLabel({ label, required }: { label: string; required?: boolean | undefined }) {
  return (
    <>
      {label}
      {!required && <span className="field-optional"> (optional)</span>}
    </>
  )
}

/** The ids of the field's message and hint, for the control's `aria-describedby`. */
export function fieldDescribedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined
}

/** What a field's control tells a screen reader: required, invalid, and what describes it. */
function controlAria(id: string, error?: string, hint?: ReactNode, required?: boolean) {
  return {
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': fieldDescribedBy(id, error, hint),
  }
}

export function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p id={`${id}-hint`} className="field-hint">
      {hint}
    </p>
  ) : null
}

export function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  ) : null
}

/** A labelled control (`children`, whose id is `id`) with its hint above and its message under it. */
export function Field({
  id,
  label,
  hint,
  error,
  className,
  children,
}: {
  id: string
  label: ReactNode
  hint?: ReactNode
  error?: string | undefined
  className: string
  children: ReactNode
}) {
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <FieldHint id={id} hint={hint} />
      {children}
      <FieldError id={id} error={error} />
    </div>
  )
}

/**
 * A labelled text input with its hint and its message. An address or a password is neither
 * spell-checked nor capitalized.
 */
export function TextField({
  id,
  name,
  label,
  type = 'text',
  value,
  onChange,
  error,
  hint,
  autoComplete,
  required,
  className,
}: {
  id: string
  name?: string
  label: ReactNode
  type?: 'text' | 'email' | 'password' | 'tel'
  value: string
  onChange: (value: string) => void
  error?: string | undefined
  hint?: ReactNode
  autoComplete?: HTMLInputAutoCompleteAttribute
  required?: boolean | undefined
  className: string
}) {
  const verbatim = type === 'email' || type === 'password'
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <input
        id={id}
        name={name}
        type={type}
        value={value}
        autoComplete={autoComplete}
        {...controlAria(id, error, hint, required)}
        spellCheck={verbatim ? false : undefined}
        autoCapitalize={verbatim ? 'none' : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      />
    </Field>
  )
}

/** A labelled choice of one option, with its hint and its message; `placeholder` stands for none. */
export function SelectField({
  id,
  name,
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  hint,
  autoComplete,
  required,
  className,
}: {
  id: string
  name?: string
  label: ReactNode
  value: string
  onChange: (value: string) => void
  options: readonly { value: string; label: string }[]
  placeholder?: string
  error?: string | undefined
  hint?: ReactNode
  autoComplete?: HTMLInputAutoCompleteAttribute
  required?: boolean | undefined
  className: string
}) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <select
        id={id}
        name={name}
        value={value}
        autoComplete={autoComplete}
        {...controlAria(id, error, hint, required)}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  )
}

/**
 * What a form has to say as a whole: a failure (announced at once) or a result (polite). The
 * live regions stay in place so screen readers announce what appears in them (styles.css).
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
