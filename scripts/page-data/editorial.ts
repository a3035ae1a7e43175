import type { PageDataSource } from './types.ts'

/** News, learning articles and manuals. */
export const editorialPages: PageDataSource[] = []
