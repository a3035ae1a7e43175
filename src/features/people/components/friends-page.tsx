import type { FriendsPageData } from '../../../../contract/page-data/people.ts'
import { PeopleCoaches } from './people-coaches.tsx'

export function FriendsPage({ coaches }: FriendsPageData) {
  return (
    <article className="page people-page">
      <h1>Friends of Glidecraft</h1>
      <p className="lead">
        The coaches who fly our gear, teach with it and tell us what to change. Visit one at their
        home drop zone.
      </p>
      <PeopleCoaches coaches={coaches} />
    </article>
  )
}
