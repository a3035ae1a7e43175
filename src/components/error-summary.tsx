import type { MouseEvent, Ref } from 'react'
import './error-summary.css'

/** A field with a message, as the summary names it. */
export interface SummaryField {
  /** The control's id. */
  id: string
  label: string
  message: string
}

/**
 * A form's problem at its top, where a customer who sent it looks first: an alert (the region
 * stays in place, so what appears in it is announced) that a refused send moves focus to, each
 * field with a message a link to that field. The message also stands beside its field
 * (form-field.tsx), where the customer mends it.
 */
export function ErrorSummary({
  ref,
  problem,
  fields,
}: {
  ref?: Ref<HTMLDivElement>
  problem?: string | undefined
  fields: readonly SummaryField[]
}) {
  const toField = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const control = document.getElementById(id)
    if (!control) return
    // Focus, not only scroll: the keyboard and the screen reader go on from the field.
    event.preventDefault()
    control.focus()
  }
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={-1}
      className={problem ? 'error-summary form-problem' : 'error-summary'}
    >
      {problem && <p>{problem}</p>}
      {problem && fields.length > 0 && (
        <ul>
          {fields.map((field) => (
            <li key={field.id}>
              <a href={`#${field.id}`} onClick={(event) => toField(event, field.id)}>
                {field.label}
              </a>
              : {field.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
