import * as Dialog from '@radix-ui/react-dialog'
import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { VideoPlayer } from '../../../components/video-player.tsx'
import { detectSwipe, type OpenItem, type Point } from '../model.ts'

interface GalleryDialogProps {
  open: OpenItem | null
  onStep: (delta: 1 | -1) => void
  onClose: () => void
  /** Where focus goes once the overlay has closed (Radix would pick the last focused node). */
  onClosed: () => void
}

/**
 * The image and video overlay: Radix Dialog traps focus, closes on Escape and hides the page
 * from assistive technology. It renders no Overlay on purpose: Radix's overlay locks scrolling
 * by injecting a <style> element, which the site's CSP refuses; the content element is the
 * backdrop instead, and CSS locks the page's scroll while it is open.
 */
export function GalleryDialog({ open, onStep, onClose, onClosed }: GalleryDialogProps) {
  const swipeStart = useRef<Point | null>(null)

  function onKeyDown(event: KeyboardEvent) {
    // A focused video's own controls use the arrow keys to seek.
    if (event.target instanceof HTMLVideoElement) return
    if (event.key === 'ArrowRight') onStep(1)
    else if (event.key === 'ArrowLeft') onStep(-1)
    else return
    event.preventDefault()
  }

  function onPointerDown(event: PointerEvent) {
    if (event.isPrimary) swipeStart.current = { x: event.clientX, y: event.clientY }
  }

  function onPointerUp(event: PointerEvent) {
    const start = swipeStart.current
    swipeStart.current = null
    if (!start || !event.isPrimary) return
    const swipe = detectSwipe(start, { x: event.clientX, y: event.clientY })
    if (swipe) onStep(swipe === 'next' ? 1 : -1)
  }

  return (
    <Dialog.Root open={open !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <Dialog.Portal>
        {open && (
          <Dialog.Content
            className="gallery-dialog"
            onKeyDown={onKeyDown}
            onCloseAutoFocus={(event) => {
              event.preventDefault()
              onClosed()
            }}
            onClick={(event) => {
              if (event.target === event.currentTarget) onClose()
            }}
          >
            <div className="gallery-dialog-panel">
              <header className="gallery-dialog-header">
                <div>
                  <Dialog.Title className="gallery-dialog-title">{open.item.title}</Dialog.Title>
                  <Dialog.Description className="gallery-dialog-count">
                    {open.album.title}: {open.index + 1} of {open.album.items.length}
                  </Dialog.Description>
                </div>
                <Dialog.Close className="gallery-dialog-close" aria-label="Close">
                  ×
                </Dialog.Close>
              </header>
              <figure
                className="gallery-dialog-media"
                onPointerDown={onPointerDown}
                onPointerUp={onPointerUp}
                onPointerCancel={() => (swipeStart.current = null)}
              >
                {open.item.type === 'video' ? (
                  <VideoPlayer
                    key={open.item.src}
                    src={open.item.src}
                    poster={open.item.poster}
                    label={open.item.alt}
                    width={800}
                    height={600}
                  />
                ) : (
                  <img
                    key={open.item.src}
                    src={open.item.src}
                    alt={open.item.alt}
                    width={800}
                    height={600}
                    draggable={false}
                  />
                )}
              </figure>
              <div className="gallery-dialog-nav">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => onStep(-1)}
                >
                  <span aria-hidden="true">‹ </span>Previous
                </button>
                <button type="button" className="button button-secondary" onClick={() => onStep(1)}>
                  Next<span aria-hidden="true"> ›</span>
                </button>
              </div>
            </div>
          </Dialog.Content>
        )}
      </Dialog.Portal>
    </Dialog.Root>
  )
}
