import { lazy, Suspense, useRef, useState } from 'react'

const loadMenuSheet = () => import('./menu-sheet.tsx')
const MenuSheet = lazy(() => loadMenuSheet().then(({ MenuSheet }) => ({ default: MenuSheet })))

/**
 * The phone's menu button. The sheet it opens (and the dialog library under it) loads on the
 * first press, not with the page: the home page's script budget has no room for it. Before the
 * app's script runs, it is a plain link to the full navigation in the footer.
 */
export function MenuButton() {
  // null until first pressed: nothing of the sheet is loaded or rendered before that.
  const [open, setOpen] = useState<boolean | null>(null)
  const button = useRef<HTMLAnchorElement>(null)
  return (
    <>
      <a
        ref={button}
        href="#site-nav"
        className="icon-button icon-menu"
        aria-haspopup="dialog"
        onPointerDown={() => void loadMenuSheet()}
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
      >
        Menu
      </a>
      {open !== null && (
        <Suspense>
          <MenuSheet open={open} onOpenChange={setOpen} returnFocus={button} />
        </Suspense>
      )}
    </>
  )
}
