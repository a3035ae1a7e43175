import { disciplineLabels, type CoachSummary } from '../../../../contract/page-data/coaches.ts'

type Facts = Pick<CoachSummary, 'homeDropzone' | 'country' | 'disciplines' | 'languages'>

/** Where a coach coaches, in what, and in which languages: on the card and on the profile. */
export function CoachFacts({ coach }: { coach: Facts }) {
  return (
    <dl className="coach-facts">
      <div>
        <dt>Home drop zone</dt>
        <dd>{coach.homeDropzone}</dd>
      </div>
      <div>
        <dt>Country</dt>
        <dd>{coach.country.name}</dd>
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
  )
}
