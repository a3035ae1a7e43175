import type { GalleryAlbum } from '../../../contract/content.ts'
import type { GalleryAlbumData, GalleryPageData } from '../../../contract/page-data/gallery.ts'
import type { PageDataSource } from './types.ts'

export function galleryAlbumData(album: GalleryAlbum): GalleryAlbumData {
  return {
    slug: album.slug,
    title: album.title,
    description: album.description,
    date: album.date,
    cover: album.cover,
    items: album.items.map((item) => ({
      type: item.type,
      src: item.src,
      title: item.title,
      alt: item.alt,
      // The loader guarantees a video has its poster; an image is its own.
      poster: item.poster ?? item.src,
    })),
  }
}

/** `/gallery`: every album, newest first. */
export const galleryPages: PageDataSource = (content) => {
  const data: GalleryPageData = { albums: content.gallery.map(galleryAlbumData) }
  return [{ path: '/gallery', component: 'gallery', data }]
}
