import type { ReactNode } from 'react'
import type { LearnIndexData } from '../../../../contract/page-data/learn.ts'
import { TopicList } from './topic-list.tsx'

/** The learning index: the search box (given by the route), then every article by topic. */
export function LearnIndex({ data, search }: { data: LearnIndexData; search: ReactNode }) {
  return (
    <div className="page learn-index">
      <h1>Learn</h1>
      <p className="lead">
        Guides from our instructors to flying, packing, choosing gear and staying safe.
      </p>
      {search}
      <TopicList groups={data.topics} />
    </div>
  )
}
