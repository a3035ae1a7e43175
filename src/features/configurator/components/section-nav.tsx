import { useEffect, useRef, useState } from 'react'

/** A part of the configurator's form the section bar leads to: its element's id and its name. */
export interface FormPart {
  id: string
  label: string
}

/**
 * On a phone, under the drawing that stays in view: a button per part of the form (size,
 * colours, options, upgrades, quantity). A press brings the part up under the drawing and moves
 * focus to it, so no part is more than a press away; the part being looked at is marked. Hidden
 * on a wide screen (configurator.css), where the form sits beside the drawing.
 */
export function SectionNav({ parts }: { parts: readonly FormPart[] }) {
  const nav = useRef<HTMLElement>(null)
  const [current, setCurrent] = useState(parts[0]?.id)

  useEffect(() => {
    let frame = 0
    // The part whose top has passed under the bar (scrolling is read once a frame at most).
    const update = () => {
      frame = 0
      const bar = nav.current
      if (!bar || bar.getClientRects().length === 0) return
      const line = bar.getBoundingClientRect().bottom + 16
      let seen = parts[0]?.id
      for (const part of parts) {
        const top = document.getElementById(part.id)?.getBoundingClientRect().top
        if (top !== undefined && top <= line) seen = part.id
      }
      setCurrent(seen)
    }
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    update()
    return () => {
      window.removeEventListener('scroll', onScroll)
      cancelAnimationFrame(frame)
    }
  }, [parts])

  function show(id: string) {
    const target = document.getElementById(id)
    if (!target) return
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches
    // Lands clear of the drawing and the app bar: see the scroll-padding in configurator.css.
    target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' })
    target.focus({ preventScroll: true })
    setCurrent(id)
  }

  return (
    <nav ref={nav} className="configurator-parts" aria-label="Parts of the design">
      {parts.map((part) => (
        <button
          key={part.id}
          type="button"
          aria-current={current === part.id ? 'true' : undefined}
          onClick={() => show(part.id)}
        >
          {part.label}
        </button>
      ))}
    </nav>
  )
}
