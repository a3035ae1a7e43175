import { catalogPages } from './catalog.ts'
import { communityPages } from './community.ts'
import { editorialPages } from './editorial.ts'
import type { PageDataSource } from './types.ts'

/** Every feature's content pages; the build writes and prerenders each. */
export const pageDataSources: PageDataSource[] = [
  ...editorialPages,
  ...communityPages,
  ...catalogPages,
]
