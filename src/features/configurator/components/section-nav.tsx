/** A part of the configurator's form the section bar leads to: its element's id and its name. */
export interface FormPart {
  id: string
  label: string
}

/**
 * On a phone, under the drawing: a button per part of the form (size, colours, options,
 * upgrades, quantity), a table of contents for a long form. A press brings the part up under
 * the app bar and moves focus to it. The bar scrolls away with the drawing (the order bar is
 * the one part of the configurator that stays on screen), so it marks no part as current. Hidden
 * on a wide screen (configurator.css), where the form sits beside the drawing.
 */
export function SectionNav({ parts }: { parts: readonly FormPart[] }) {
  function show(id: string) {
    const target = document.getElementById(id)
    if (!target) return
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches
    // Lands clear of the app bar: the page's scroll-padding (styles.css).
    target.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' })
    target.focus({ preventScroll: true })
  }

  return (
    <nav className="configurator-parts" aria-label="Parts of the design">
      {parts.map((part) => (
        <button key={part.id} type="button" onClick={() => show(part.id)}>
          {part.label}
        </button>
      ))}
    </nav>
  )
}
