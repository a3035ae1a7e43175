import { notFound } from '@tanstack/react-router'
import type { ManualData, ManualsIndexData } from '../../../contract/page-data/manuals.ts'
import { fetchPageData } from '../../lib/page-data.ts'

export function loadManualsIndex(): Promise<ManualsIndexData> {
  return fetchPageData<ManualsIndexData>('/manuals')
}

export function loadManual(slug: string): Promise<ManualData> {
  // Only a slug may become part of the data file's path (no `..` or `/`).
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) throw notFound()
  return fetchPageData<ManualData>(`/manuals/${slug}`)
}
