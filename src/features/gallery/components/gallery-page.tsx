import { Link, useNavigate, useRouter } from '@tanstack/react-router'
import { useEffect, useRef, type MouseEvent } from 'react'
import type { GalleryAlbumData } from '../../../../contract/page-data/gallery.ts'
import { findOpenItem, thumbnailId, wrapIndex } from '../model.ts'
import type { GallerySearch } from '../search.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { GalleryDialog } from './gallery-dialog.tsx'

interface GalleryPageProps {
  albums: GalleryAlbumData[]
  search: GallerySearch
}

/**
 * Every album with its thumbnails. The open item lives in the URL (`?album=…&item=…`): a
 * thumbnail pushes it, so Back closes the overlay; stepping replaces it. The prerendered HTML
 * has no overlay, so an item named in the first URL opens only once hydration is done.
 */
export function GalleryPage({ albums, search }: GalleryPageProps) {
  const navigate = useNavigate({ from: '/gallery' })
  const router = useRouter()
  const hydrated = useHydrated()
  const open = hydrated ? findOpenItem(albums, search) : null
  // Whether this page pushed the entry the overlay is on, so closing can step Back to it.
  const pushedOpen = useRef(false)
  const lastOpen = useRef(open)
  useEffect(() => {
    if (open) lastOpen.current = open
  }, [open])

  function step(delta: 1 | -1) {
    if (!open) return
    const item = wrapIndex(open.index, delta, open.album.items.length) + 1
    void navigate({ search: { album: open.album.slug, item }, replace: true, resetScroll: false })
  }

  function close() {
    if (pushedOpen.current) {
      pushedOpen.current = false
      router.history.back()
    } else {
      void navigate({ search: {}, replace: true, resetScroll: false })
    }
  }

  function focusThumbnail() {
    const last = lastOpen.current
    if (last) document.getElementById(thumbnailId(last.album.slug, last.index))?.focus()
  }

  return (
    <article className="page gallery-page">
      <h1>Gallery</h1>
      <p className="lead">Photos and videos from pilots flying our gear, album by album.</p>
      {albums.map((album, albumIndex) => (
        <section key={album.slug} className="gallery-album" aria-labelledby={`album-${album.slug}`}>
          <header className="gallery-album-header">
            <img
              className="gallery-album-cover"
              src={album.cover.src}
              alt={album.cover.alt}
              width={160}
              height={120}
              loading={albumIndex === 0 ? undefined : 'lazy'}
            />
            <div>
              <h2 id={`album-${album.slug}`}>{album.title}</h2>
              <p>{album.description}</p>
              <p className="note">
                {album.items.length} {album.items.length === 1 ? 'item' : 'items'}
              </p>
            </div>
          </header>
          <ul className="gallery-grid">
            {album.items.map((item, index) => (
              <li key={item.src}>
                <Link
                  id={thumbnailId(album.slug, index)}
                  className="gallery-thumb"
                  to="/gallery"
                  search={{ album: album.slug, item: index + 1 }}
                  resetScroll={false}
                  onClick={(event) => (pushedOpen.current = isPlainClick(event))}
                >
                  <img
                    src={item.poster}
                    alt={item.alt}
                    width={400}
                    height={300}
                    loading={albumIndex === 0 ? undefined : 'lazy'}
                  />
                  <span className="gallery-thumb-title">
                    {item.type === 'video' && <span className="gallery-video-badge">Video: </span>}
                    {item.title}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <GalleryDialog open={open} onStep={step} onClose={close} onClosed={focusThumbnail} />
    </article>
  )
}

/** A click the link handles itself; with a modifier the browser opens a new tab or window. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}
