import { describe, expect, it } from 'vitest'
import type { GalleryAlbumData } from '../../../contract/page-data/gallery.ts'
import { detectSwipe, findOpenItem, SWIPE_THRESHOLD_PX, thumbnailId, wrapIndex } from './model.ts'

const album = (slug: string, count: number): GalleryAlbumData => ({
  slug,
  title: slug,
  description: '',
  date: '2026-01-01',
  cover: { src: '/images/a.svg', alt: 'a' },
  items: Array.from({ length: count }, (_, i) => ({
    type: 'image',
    src: `/images/${slug}-${i + 1}.svg`,
    title: `Item ${i + 1}`,
    alt: `Item ${i + 1}`,
    poster: `/images/${slug}-${i + 1}.svg`,
  })),
})

describe('wrapIndex', () => {
  it('steps forward and back within the album', () => {
    expect(wrapIndex(2, 1, 5)).toBe(3)
    expect(wrapIndex(2, -1, 5)).toBe(1)
  })

  it('wraps around at both ends', () => {
    expect(wrapIndex(4, 1, 5)).toBe(0)
    expect(wrapIndex(0, -1, 5)).toBe(4)
  })

  it('stays put in an album of one', () => {
    expect(wrapIndex(0, 1, 1)).toBe(0)
    expect(wrapIndex(0, -1, 1)).toBe(0)
  })
})

describe('detectSwipe', () => {
  const start = { x: 200, y: 200 }

  it('reads a left swipe as next and a right swipe as previous', () => {
    expect(detectSwipe(start, { x: 120, y: 210 })).toBe('next')
    expect(detectSwipe(start, { x: 280, y: 190 })).toBe('previous')
  })

  it('ignores moves of the threshold or less', () => {
    expect(detectSwipe(start, { x: 200 - SWIPE_THRESHOLD_PX, y: 200 })).toBeNull()
    expect(detectSwipe(start, { x: 200 + SWIPE_THRESHOLD_PX, y: 200 })).toBeNull()
    expect(detectSwipe(start, start)).toBeNull()
  })

  it('ignores mostly vertical moves (scrolling)', () => {
    expect(detectSwipe(start, { x: 140, y: 400 })).toBeNull()
  })
})

describe('findOpenItem', () => {
  const albums = [album('one', 3), album('two', 2)]

  it('finds the item the search names', () => {
    const open = findOpenItem(albums, { album: 'two', item: 2 })
    expect(open?.album.slug).toBe('two')
    expect(open?.index).toBe(1)
    expect(open?.item.title).toBe('Item 2')
  })

  it('is null for no search, an unknown album or an item beyond the album', () => {
    expect(findOpenItem(albums, {})).toBeNull()
    expect(findOpenItem(albums, { album: 'three', item: 1 })).toBeNull()
    expect(findOpenItem(albums, { album: 'two', item: 3 })).toBeNull()
  })
})

it('names thumbnails by album and position from 1', () => {
  expect(thumbnailId('sea-cliffs', 0)).toBe('gallery-sea-cliffs-1')
})
