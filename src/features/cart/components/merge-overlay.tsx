import * as Dialog from '@radix-ui/react-dialog'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useSetMergedNotified } from '../api.ts'
import { useCartView } from '../outbox.ts'
import './cart.css'

function mergeText(notice: { linesAdded: number; linesSummed: number }): string {
  const parts: string[] = []
  if (notice.linesAdded > 0)
    parts.push(
      notice.linesAdded === 1 ? 'one line was added' : `${notice.linesAdded} lines were added`,
    )
  if (notice.linesSummed > 0)
    parts.push(
      notice.linesSummed === 1
        ? 'one line was already there, so its quantities were added up'
        : `${notice.linesSummed} lines were already there, so their quantities were added up`,
    )
  return parts.length > 0 ? `${parts.join(', and ')}.` : 'Nothing needed to change.'
}

/**
 * The cart merge overlay (docs/cart-and-offline-sync.md): after logging in with a guest cart, the
 * customer is told once what became of it. Shown when the cart carries merge_notice; the server is
 * told at once that it was shown (set-merged-notified), so a reload does not show it again.
 */
export default function CartMergeOverlay() {
  const notice = useCartView()?.cart.mergeNotice ?? null
  const [shown, setShown] = useState(notice)
  const [open, setOpen] = useState(true)
  const notified = useSetMergedNotified()
  const told = useRef(false)
  if (notice && !shown) setShown(notice)

  useEffect(() => {
    if (!notice || told.current) return
    told.current = true
    notified.mutate()
  }, [notice, notified])

  if (!shown) return null
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Portal>
        <Dialog.Content
          className="overlay"
          onClick={(event) => {
            if (event.target === event.currentTarget) setOpen(false)
          }}
        >
          <div className="overlay-panel">
            <Dialog.Title className="overlay-title">Your carts were merged</Dialog.Title>
            <Dialog.Description>
              What you had added before logging in is now in your account&apos;s cart:{' '}
              {mergeText(shown)}
            </Dialog.Description>
            <p className="overlay-actions">
              <Link to="/cart" className="button" onClick={() => setOpen(false)}>
                See your cart
              </Link>
              <Dialog.Close className="button button-secondary">Close</Dialog.Close>
            </p>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
