import type { GalleryAlbumData, GalleryEntry } from '../../../contract/page-data/gallery.ts'
import type { GallerySearch } from './search.ts'

/** Steps through `length` items from `index` by `delta`, wrapping around at both ends. */
export function wrapIndex(index: number, delta: number, length: number): number {
  return (((index + delta) % length) + length) % length
}

export interface OpenItem {
  album: GalleryAlbumData
  /** 0-based. */
  index: number
  item: GalleryEntry
}

/** The item the search params name, or null when they name none (or one that does not exist). */
export function findOpenItem(albums: GalleryAlbumData[], search: GallerySearch): OpenItem | null {
  const album = albums.find((a) => a.slug === search.album)
  const index = (search.item ?? 0) - 1
  const item = album?.items[index]
  return album && item ? { album, index, item } : null
}

export interface Point {
  x: number
  y: number
}

/** A horizontal swipe must travel this far (CSS px) to change the item. */
export const SWIPE_THRESHOLD_PX = 50

/**
 * What a pointer gesture from `start` to `end` means: a mostly horizontal move of more than
 * the threshold is a swipe; swiping left brings the next item, as on a phone's photo viewer.
 */
export function detectSwipe(start: Point, end: Point): 'next' | 'previous' | null {
  const dx = end.x - start.x
  const dy = end.y - start.y
  if (Math.abs(dx) <= SWIPE_THRESHOLD_PX || Math.abs(dx) <= Math.abs(dy)) return null
  return dx < 0 ? 'next' : 'previous'
}

/** The id of an item's thumbnail, where focus returns when the overlay closes. */
export function thumbnailId(album: string, index: number): string {
  return `gallery-${album}-${index + 1}`
}
