import * as Dialog from '@radix-ui/react-dialog'
import { useRef, type ReactNode } from 'react'
import { overlayContent, type ContentType } from './overlay-content.ts'

interface OverlayProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** Why the overlay is open, read out with the title. */
  description?: string
  children: ReactNode
  /** Buttons besides "Close". */
  actions?: ReactNode
  /** 'warning' overlays are alert dialogs for screen readers. */
  tone?: 'info' | 'warning'
  wide?: boolean
}

/**
 * The configurator's overlays: Radix Dialog keeps focus inside, closes on Escape and returns
 * focus to the button that opened it. No Radix Overlay: it injects a <style> the CSP refuses
 * (see the gallery dialog); the content element is the backdrop.
 */
export function Overlay({
  open,
  onOpenChange,
  title,
  description,
  children,
  actions,
  tone = 'info',
  wide = false,
}: OverlayProps) {
  // The element that had focus when the overlay opened gets it back when it closes. Radix only
  // does this for its own Trigger; these overlays open from many places.
  const opener = useRef<HTMLElement | null>(null)
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Content
          className="overlay"
          role={tone === 'warning' ? 'alertdialog' : 'dialog'}
          onOpenAutoFocus={() => {
            // Called before focus moves in: what has focus now is what opened the overlay.
            const active = document.activeElement
            opener.current = active instanceof HTMLElement ? active : null
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current
            opener.current = null
            if (target?.isConnected) {
              event.preventDefault()
              target.focus()
            }
          }}
          onClick={(event) => {
            if (event.target === event.currentTarget) onOpenChange(false)
          }}
        >
          <div className={wide ? 'overlay-panel overlay-panel-wide' : 'overlay-panel'}>
            <Dialog.Title className="overlay-title">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="overlay-description">{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="visually-hidden">{title}</Dialog.Description>
            )}
            <div className="overlay-body">{children}</div>
            <div className="overlay-actions">
              {actions}
              <Dialog.Close className="button button-secondary">Close</Dialog.Close>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

/** The generic content modal: any text of overlay-content.ts by its content type. */
export function ContentModal({
  contentType,
  onClose,
}: {
  contentType: ContentType | null
  onClose: () => void
}) {
  const text = contentType ? overlayContent[contentType] : null
  return (
    <Overlay
      open={text !== null}
      onOpenChange={(open) => !open && onClose()}
      title={text?.title ?? ''}
    >
      {text?.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </Overlay>
  )
}

export interface Warning {
  title: string
  content: string
  confirmLabel: string
  onConfirm: () => void
}

/** The warning overlay, with its content: asks before something the customer cannot undo. */
export function WarningOverlay({
  warning,
  onClose,
}: {
  warning: Warning | null
  onClose: () => void
}) {
  return (
    <Overlay
      open={warning !== null}
      onOpenChange={(open) => !open && onClose()}
      title={warning?.title ?? ''}
      description={warning?.content}
      tone="warning"
      actions={
        <button
          type="button"
          className="button button-danger"
          onClick={() => {
            warning?.onConfirm()
            onClose()
          }}
        >
          {warning?.confirmLabel}
        </button>
      }
    >
      {null}
    </Overlay>
  )
}

/** A small "?" button that opens a content type's overlay. */
export function InfoButton({
  contentType,
  label,
  onOpen,
}: {
  contentType: ContentType
  label: string
  onOpen: (type: ContentType) => void
}) {
  return (
    <button type="button" className="info-button" onClick={() => onOpen(contentType)}>
      {label}
    </button>
  )
}
