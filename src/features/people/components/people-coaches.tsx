import { Link } from '@tanstack/react-router'
import { disciplineLabels, type CoachSummary } from '../../../../contract/page-data/coaches.ts'

/** Coaches as a compact list of profile links. */
export function PeopleCoaches({ coaches }: { coaches: CoachSummary[] }) {
  return (
    <ul className="people-list">
      {coaches.map((coach) => (
        <li key={coach.slug}>
          <img src={coach.photo.src} alt="" width={72} height={72} loading="lazy" />
          <div>
            <Link to="/coaches/$slug" params={{ slug: coach.slug }}>
              {coach.name}
            </Link>
            <p className="note">
              {coach.homeDropzone}, {coach.country.name} ·{' '}
              {coach.disciplines.map((d) => disciplineLabels[d]).join(', ')}
            </p>
          </div>
        </li>
      ))}
    </ul>
  )
}
