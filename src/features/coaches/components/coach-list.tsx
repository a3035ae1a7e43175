import type { CoachSummary } from '../../../../contract/page-data/coaches.ts'
import { CoachCard } from './coach-card.tsx'

/** Cards in the first row load at once; the rest as they scroll into view. */
const EAGER_CARDS = 3

export function CoachList({ coaches }: { coaches: CoachSummary[] }) {
  return (
    <article className="page coaches-page">
      <h1>Coaches</h1>
      <p className="lead">
        Learn wingsuit, tracking and BASE flight with a coach who knows our gear. Each one teaches
        at their home drop zone and travels for courses.
      </p>
      <ul className="coach-grid">
        {coaches.map((coach, index) => (
          <li key={coach.slug}>
            <CoachCard coach={coach} lazy={index >= EAGER_CARDS} />
          </li>
        ))}
      </ul>
    </article>
  )
}
