import { useState } from 'react'
import { useOnlineStatus } from '../lib/use-online-status.ts'

interface VideoPlayerProps {
  src: string
  poster: string
  /** What the video shows, for those who cannot see it. */
  label: string
  width: number
  height: number
}

/**
 * A video that plays when it can and says so on its poster when it cannot. The service worker
 * keeps no videos, so with no network a video cannot play: the poster says it needs a connection,
 * and the player comes back when the browser is online again. A video that fails to load while
 * online (the server or the network let it down) says that instead, with a way to try again.
 * Give it a `key` of its source, so another video starts afresh.
 */
export function VideoPlayer({ src, poster, label, width, height }: VideoPlayerProps) {
  const online = useOnlineStatus()
  const [failed, setFailed] = useState(false)

  if (!online || failed) {
    return (
      <div className="video-unavailable">
        <img src={poster} alt={label} width={width} height={height} draggable={false} />
        <div className="video-unavailable-message" role="status">
          {online ? (
            <>
              <p>This video could not be loaded.</p>
              <button type="button" className="button" onClick={() => setFailed(false)}>
                Try again
              </button>
            </>
          ) : (
            <p>
              <strong>Video needs a connection.</strong> It plays here once you are back online.
            </p>
          )}
        </div>
      </div>
    )
  }
  return (
    <video
      src={src}
      poster={poster}
      controls
      // Nothing is fetched until the visitor presses play.
      preload="none"
      width={width}
      height={height}
      aria-label={label}
      // Offline the poster already says why; a failure while online is the server's or the
      // network's, and worth saying.
      onError={() => setFailed(navigator.onLine)}
    >
      {label}
    </video>
  )
}
