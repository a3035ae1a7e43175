import { Link } from '@tanstack/react-router'
import type { MouseEvent, RefObject } from 'react'
import { AccountLink } from './account-link.tsx'
import { Sheet } from './sheet.tsx'
import { MainNavLinks, MoreNavLinks } from './site-nav.tsx'

interface MenuSheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocus: RefObject<HTMLElement | null>
}

/** The full navigation on a phone, in a sheet (loaded on the first press of the menu button). */
export function MenuSheet({ open, onOpenChange, returnFocus }: MenuSheetProps) {
  // Following a link closes the sheet; the new page takes focus as any navigation does.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a')) onOpenChange(false)
  }
  return (
    <Sheet
      open={open}
      onOpenChange={onOpenChange}
      title="Menu"
      returnFocus={returnFocus}
      className="menu-sheet"
    >
      <nav aria-label="Menu" onClick={closeOnLink}>
        <h3>Shop</h3>
        <div className="menu-links">
          <Link to="/store">Store</Link>
          <MainNavLinks />
        </div>
        <h3>Yours</h3>
        <div className="menu-links">
          <Link to="/store" hash="your-designs">
            Your designs
          </Link>
          <Link to="/cart">Cart</Link>
          <AccountLink />
          <Link to="/learnSearch/$" params={{ _splat: '' }}>
            Search the guides
          </Link>
        </div>
        <h3>More</h3>
        <div className="menu-links">
          <MoreNavLinks />
        </div>
      </nav>
    </Sheet>
  )
}
