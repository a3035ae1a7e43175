import type { ReactNode } from 'react'

/**
 * One entry of a list of facts (`<dl>`): its name, then what it is. The list's class (people-,
 * queue-, work-sheet-facts) lays the entries out.
 */
export function Fact({
  term,
  className,
  children,
}: {
  term: ReactNode
  /** The value's class: `amount`, `people-wrap`. */
  className?: string
  children: ReactNode
}) {
  return (
    <div>
      <dt>{term}</dt>
      <dd className={className}>{children}</dd>
    </div>
  )
}
