import { useEffect, useId, useRef, useState, type RefObject } from 'react'
import { placeLine } from '../../../../contract/address-lines.ts'
import { addressDraftOf, addressLine, countryName } from '../../../components/address-form.ts'
import { ErrorSummary } from '../../../components/error-summary.tsx'
import { revealAndFocus, useAnnounceFocus } from '../../../lib/use-announce-focus.ts'
import {
  changeFailure,
  deletedResult,
  editedResult,
  madeDefaultResult,
  type AddressResult,
} from '../address-book.ts'
import { useDeleteAddress, useMakeDefaultAddress, type Address } from '../api.ts'
import { AddressEditor } from './address-editor.tsx'

/** A result shown to the customer: done (role=status) or refused (the error summary). */
export type Said = AddressResult & { tone: 'done' | 'problem' }

/**
 * What the customer is told, where they are looking: the result of the last tap, scrolled into
 * view and focused (a new `said` object for each tap). Empty, both regions stay in place.
 */
export function SaidHere({ said }: { said: Said | undefined }) {
  const done = said?.tone === 'done' ? said : undefined
  const problem = said?.tone === 'problem' ? said : undefined
  const status = useAnnounceFocus<HTMLParagraphElement>(done)
  const summary = useAnnounceFocus<HTMLDivElement>(problem)
  return (
    <div className="address-said">
      <p ref={status} role="status" tabIndex={-1} className={done ? 'form-done' : undefined}>
        {done?.text}
      </p>
      <ErrorSummary ref={summary} problem={problem?.text} fields={[]} />
    </div>
  )
}

type Mode = 'view' | 'edit' | 'confirm'

/**
 * One saved address: its lines, and Edit (the address form in its place), Make default and
 * Delete (asked again in place first). `said` is the last result about this address; results
 * and refusals go up through `onSaid` (a deleted address is no longer here to say it).
 */
export function SavedAddress({
  address,
  said,
  online,
  onSaid,
}: {
  address: Address
  said: Said | undefined
  online: boolean
  onSaid: (said: Said | undefined) => void
}) {
  const uid = useId()
  const [mode, setMode] = useState<Mode>('view')
  const remove = useDeleteAddress()
  const choose = useMakeDefaultAddress()
  const editButton = useRef<HTMLButtonElement>(null)
  const deleteButton = useRef<HTMLButtonElement>(null)
  const keepButton = useRef<HTMLButtonElement>(null)
  // Where focus goes back to once the form or the question closes: the button that opened it.
  const returnTo = useRef<RefObject<HTMLButtonElement | null>>(undefined)
  const line = addressLine(address)
  const busy = remove.isPending || choose.isPending

  useEffect(() => {
    if (mode === 'confirm') revealAndFocus(keepButton.current)
    if (mode !== 'view' || !returnTo.current) return
    revealAndFocus(returnTo.current.current)
    returnTo.current = undefined
  }, [mode])

  const open = (next: Mode) => {
    onSaid(undefined)
    setMode(next)
  }
  const close = (to: RefObject<HTMLButtonElement | null>) => {
    returnTo.current = to
    setMode('view')
  }

  const makeDefault = async () => {
    onSaid(undefined)
    try {
      const list = await choose.mutateAsync(address.id)
      onSaid({ tone: 'done', ...madeDefaultResult(list, address.id) })
    } catch (error) {
      onSaid({ tone: 'problem', text: changeFailure(error), about: address.id })
    }
  }

  const confirmDelete = async () => {
    try {
      const list = await remove.mutateAsync(address.id)
      // Said above the list: this address is gone from it.
      onSaid({ tone: 'done', ...deletedResult(address, list) })
    } catch (error) {
      setMode('view')
      onSaid({ tone: 'problem', text: changeFailure(error), about: address.id })
    }
  }

  if (mode === 'edit') {
    return (
      <li className="saved-address saved-address-editing">
        <AddressEditor
          id={address.id}
          initial={addressDraftOf(address)}
          isDefault={address.isDefault}
          legend="Change this address"
          submitLabel="Save the address"
          onSaved={(list) => {
            setMode('view')
            onSaid({ tone: 'done', ...editedResult(list, address.id) })
          }}
          onCancel={() => close(editButton)}
        />
      </li>
    )
  }

  const hidden = <span className="visually-hidden">: {line}</span>
  return (
    <li className="saved-address">
      {address.isDefault && <p className="address-default">Default address</p>}
      <AddressLines id={`${uid}-lines`} address={address} />
      <SaidHere said={said} />
      {mode === 'confirm' ? (
        <div
          role="alertdialog"
          aria-labelledby={`${uid}-question`}
          aria-describedby={`${uid}-lines`}
          className="address-confirm"
        >
          <p id={`${uid}-question`}>
            Delete this address from your account? Orders already sent to it keep it.
          </p>
          <div className="address-actions">
            <button
              type="button"
              className="button"
              disabled={remove.isPending}
              onClick={() => void confirmDelete()}
            >
              {remove.isPending ? 'Deleting…' : 'Delete it'}
            </button>
            <button
              ref={keepButton}
              type="button"
              className="button button-secondary"
              disabled={remove.isPending}
              onClick={() => close(deleteButton)}
            >
              Keep it
            </button>
          </div>
        </div>
      ) : (
        <div className="address-actions">
          <button
            ref={editButton}
            type="button"
            className="button button-secondary"
            disabled={!online || busy}
            onClick={() => open('edit')}
          >
            Edit{hidden}
          </button>
          {!address.isDefault && (
            <button
              type="button"
              className="button button-secondary"
              disabled={!online || busy}
              onClick={() => void makeDefault()}
            >
              {choose.isPending ? 'Making it the default…' : 'Make default'}
              {hidden}
            </button>
          )}
          <button
            ref={deleteButton}
            type="button"
            className="button button-secondary"
            disabled={!online || busy}
            onClick={() => open('confirm')}
          >
            Delete{hidden}
          </button>
        </div>
      )}
    </li>
  )
}

/** The address as the post writes it, a line each (the order's page writes its town alike). */
function AddressLines({ id, address }: { id: string; address: Address }) {
  const lines = [
    address.name,
    address.line1,
    address.line2,
    placeLine(address),
    countryName(address.country),
    address.phone,
  ].filter((line): line is string => Boolean(line))
  return (
    <address id={id}>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  )
}
