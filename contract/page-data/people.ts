import type { CoachSummary } from './coaches.ts'
import type { GalleryEntry } from './gallery.ts'
import type { ProductLink } from './product-link.ts'

/*
 * The data files of the people pages: `/people/friends` (coaches as friends of Glidecraft) and
 * `/people/{product}` for every product on sale (the gallery items and coaches whose content
 * names the product). Deeper paths show the same page.
 */

export interface FriendsPageData {
  coaches: CoachSummary[]
}

/** A gallery item with where it opens in the gallery (`item` counts from 1). */
export interface PeopleGalleryItem extends GalleryEntry {
  album: string
  albumTitle: string
  item: number
}

export interface ProductPeopleData {
  product: ProductLink & { slug: string }
  gallery: PeopleGalleryItem[]
  coaches: CoachSummary[]
}
