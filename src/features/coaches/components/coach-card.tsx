import { Link } from '@tanstack/react-router'
import type { CoachSummary } from '../../../../contract/page-data/coaches.ts'
import { CoachFacts } from './coach-facts.tsx'

/** A coach in the list: photo, name, where they coach and in what. */
export function CoachCard({ coach, lazy }: { coach: CoachSummary; lazy: boolean }) {
  return (
    <article className="coach-card">
      <img
        src={coach.photo.src}
        alt={coach.photo.alt}
        width={300}
        height={300}
        loading={lazy ? 'lazy' : undefined}
      />
      <h2>
        <Link to="/coaches/$slug" params={{ slug: coach.slug }}>
          {coach.name}
        </Link>
      </h2>
      <CoachFacts coach={coach} />
    </article>
  )
}
