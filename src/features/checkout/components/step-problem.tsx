import { useAnnounceFocus } from '../../../lib/use-announce-focus.ts'

/** What a step refused after a tap: a new object each time, so the same words are shown again. */
export interface StepRefusal {
  text: string
}

export const refusal = (text: string): StepRefusal => ({ text })

/**
 * A step's refusal (offline, the shop's answer), as the forms' FormStatus shows one (a live region
 * kept in place, its classes), and also scrolled into view and focused: the customer who tapped
 * sees it, and a screen reader reads it, whatever moved on the page.
 */
export function StepProblem({ problem }: { problem: StepRefusal | undefined }) {
  const ref = useAnnounceFocus<HTMLDivElement>(problem)
  return (
    <div className="form-status">
      <div ref={ref} role="alert" tabIndex={-1} className={problem ? 'form-problem' : undefined}>
        {problem?.text}
      </div>
    </div>
  )
}
