/* The data file of `/gallery`: every album, newest first, with its items in the owner's order. */

export interface GalleryImage {
  src: string
  alt: string
}

export interface GalleryEntry {
  type: 'image' | 'video'
  /** An image under /images/, or a video under /videos/ (hosted apart from the site). */
  src: string
  title: string
  alt: string
  /** The still a video shows before it plays, and its thumbnail; an image's own src. */
  poster: string
}

export interface GalleryAlbumData {
  slug: string
  title: string
  description: string
  /** `YYYY-MM-DD`. */
  date: string
  cover: GalleryImage
  items: GalleryEntry[]
}

export interface GalleryPageData {
  albums: GalleryAlbumData[]
}
