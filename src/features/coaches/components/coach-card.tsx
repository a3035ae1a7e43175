import { Link } from '@tanstack/react-router'
import { disciplineLabels, type CoachSummary } from '../../../../contract/page-data/coaches.ts'

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
      <dl className="coach-facts">
        <div>
          <dt>Home drop zone</dt>
          <dd>
            {coach.homeDropzone}, {coach.country.name}
          </dd>
        </div>
        <div>
          <dt>Disciplines</dt>
          <dd>{coach.disciplines.map((d) => disciplineLabels[d]).join(', ')}</dd>
        </div>
        <div>
          <dt>Languages</dt>
          <dd>{coach.languages.join(', ')}</dd>
        </div>
      </dl>
    </article>
  )
}
