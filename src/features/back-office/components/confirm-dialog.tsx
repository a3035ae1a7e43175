import * as Dialog from '@radix-ui/react-dialog'
import type { ReactNode, RefObject } from 'react'
import { ActionFailure } from './action-failure.tsx'
import { ActionButton } from './action-button.tsx'

/**
 * Asks before an action that cannot be taken back (a rate change, a payout marked paid, a code
 * ended, every session ended), saying what will happen. An alert dialog on Radix Dialog, as
 * components/sheet.tsx uses it: no Radix Overlay (its scroll lock injects a <style> the CSP
 * refuses), the content element is the backdrop. Cancel comes first and takes focus: the safe
 * choice is the one a stray press makes. It stays open until the shop answers; a failure is said
 * inside it, where the owner is looking.
 * Its `people-` classes are in people/people.css, which the screens using it import.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  pending,
  error,
  returnFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  /** What will happen, with the amounts. */
  children: ReactNode
  confirmLabel: string
  onConfirm: () => void
  pending: boolean
  error: unknown
  /** Where focus goes when it closes: the button that opened it, or the result once done. */
  returnFocus: RefObject<HTMLElement | null>
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !pending && onOpenChange(next)}>
      <Dialog.Portal>
        <Dialog.Content
          role="alertdialog"
          className="sheet people-confirm"
          onCloseAutoFocus={(event) => {
            if (!returnFocus.current) return
            event.preventDefault()
            returnFocus.current.focus()
          }}
          onClick={(event) => {
            if (event.target === event.currentTarget && !pending) onOpenChange(false)
          }}
        >
          <div className="sheet-panel people-confirm-panel">
            <Dialog.Title className="sheet-title">{title}</Dialog.Title>
            <Dialog.Description asChild>
              <div className="people-confirm-body">{children}</div>
            </Dialog.Description>
            <ActionFailure error={error} />
            <div className="people-confirm-actions">
              <Dialog.Close asChild>
                <button type="button" className="button button-secondary" disabled={pending}>
                  Cancel
                </button>
              </Dialog.Close>
              <ActionButton variant="danger" pending={pending} onClick={onConfirm}>
                {pending ? 'Working…' : confirmLabel}
              </ActionButton>
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
