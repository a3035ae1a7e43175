import { Suspense, useRef, useState } from 'react'
import type { ComponentType, RefObject } from 'react'

export interface SearchSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocus: RefObject<HTMLElement | null>
}

/**
 * The search sheet, composed by the root route from the catalog and the guides: its lazy
 * component, and the loader that fetches its code ahead as a finger touches the button.
 */
export interface SearchSheet {
  Sheet: ComponentType<SearchSheetProps>
  load: () => Promise<unknown>
}

/**
 * The app bar's search: products and guides, in a sheet that (with its search code and the dialog
 * library) loads on the first press, so the home page's script carries none of it. It hydrates
 * with the page (not with the header's links, which wait for the load event), so an early tap
 * opens the sheet; before the app's script runs, or where no sheet is given, it is a plain link to
 * the guides' search.
 */
export function SearchButton({ sheet }: { sheet?: SearchSheet }) {
  // null until first pressed: nothing of the sheet is loaded or rendered before that.
  const [open, setOpen] = useState<boolean | null>(null)
  const button = useRef<HTMLAnchorElement>(null)
  return (
    <>
      <a
        ref={button}
        href="/learnSearch/"
        className="icon-button icon-search"
        aria-haspopup="dialog"
        onPointerDown={() => void sheet?.load().catch(() => undefined)}
        onClick={(event) => {
          if (!sheet) return
          event.preventDefault()
          setOpen(true)
        }}
      >
        Search<span className="visually-hidden"> products and guides</span>
      </a>
      {sheet && open !== null && (
        <Suspense>
          <sheet.Sheet open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      )}
    </>
  )
}
