// The router runs `validateSearch` before any page code loads, so this module loads with the
// app: it holds the search params alone, not the overlay's logic (model.ts).

/** The gallery's search params: which album's item the overlay shows (`item` counts from 1). */
export interface GallerySearch {
  album?: string
  item?: number
}

/** `validateSearch` for /gallery: keeps a well-formed album slug and a whole item number ≥ 1. */
export function parseGallerySearch(raw: Record<string, unknown>): GallerySearch {
  const album =
    typeof raw.album === 'string' && /^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(raw.album)
      ? raw.album
      : undefined
  const item = typeof raw.item === 'string' ? Number(raw.item) : raw.item
  const valid = typeof item === 'number' && Number.isInteger(item) && item >= 1
  return album && valid ? { album, item } : {}
}
