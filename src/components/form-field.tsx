import type { ReactNode } from 'react'

/*
 * The pieces of a form field every form uses: a label, a hint, the control and its message right
 * under it, tied together for screen readers (`aria-describedby`, `aria-invalid`). The forms give
 * the control and their own class names (account.css, checkout.css).
 */

/** The ids of the field's message and hint, for the control's `aria-describedby`. */
export function fieldDescribedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined
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
