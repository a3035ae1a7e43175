import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode, RefObject } from 'react'
import { StickyBar } from './sticky-bar.tsx'

interface SheetProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  children: ReactNode
  /** The sheet's main action (e.g. "Show 12 products"), kept in view at its bottom edge. */
  footer?: ReactNode
  /**
   * Where focus returns once the sheet closes. Radix returns it to its own Trigger; a sheet
   * whose code loads on the first press has none, so the caller names its button.
   */
  returnFocus?: RefObject<HTMLElement | null>
  /** What takes focus as the sheet opens (a search box); by default its first control. */
  initialFocus?: RefObject<HTMLElement | null>
  className?: string
}

/**
 * A panel that slides up from the bottom of a phone's screen (and sits centred on a wide one),
 * on Radix Dialog: it traps focus, closes on Escape, on a tap beside it and on its close button,
 * and hides the page from assistive technology while open. Like the gallery's overlay it renders
 * no Radix Overlay, whose scroll lock injects a <style> element that the CSP refuses: the
 * content element is the backdrop, and CSS stops the page scrolling behind it.
 *
 * Import it lazily (React.lazy) from the component that opens it, so the dialog code loads on
 * the first press, not with the page.
 */
export function Sheet({
  open,
  onOpenChange,
  title,
  children,
  footer,
  returnFocus,
  initialFocus,
  className,
}: SheetProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          className="sheet"
          aria-describedby={undefined}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return
            event.preventDefault()
            initialFocus.current.focus()
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocus?.current) return
            event.preventDefault()
            returnFocus.current.focus()
          }}
          onClick={(event) => {
            if (event.target === event.currentTarget) onOpenChange(false)
          }}
        >
          <div className={className ? `sheet-panel ${className}` : 'sheet-panel'}>
            <header className="sheet-header">
              <Dialog.Title className="sheet-title">{title}</Dialog.Title>
              <Dialog.Close className="icon-button icon-close" aria-label="Close" />
            </header>
            <div className="sheet-body">{children}</div>
            {footer && <StickyBar>{footer}</StickyBar>}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
