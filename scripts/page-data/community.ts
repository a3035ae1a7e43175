import type { PageDataSource } from './types.ts'

/** Gallery, dealers, coaches, the colour chart, marketing and people pages. */
export const communityPages: PageDataSource[] = []
