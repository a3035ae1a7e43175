import { useQuery } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { emptyAddress } from '../../../components/address-form.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { addedResult, addressBookMessages } from '../address-book.ts'
import { addressesQuery } from '../api.ts'
import { failureMessage } from '../model.ts'
import { AddressEditor } from './address-editor.tsx'
import { SaidHere, SavedAddress, type Said } from './saved-address.tsx'

/**
 * The saved addresses, the default first (as the server sends them), kept on the device too:
 * each to edit, delete or make the default, and a new one to add. Every change is the shop's
 * answer: the list is shown as the server holds it, never as the device hoped. Results are said
 * beside the address they concern (above the list for one deleted). Offline the list is the
 * device's copy, and says that changes need the network.
 */
export function SavedAddresses() {
  const addresses = useQuery(addressesQuery())
  const online = useOnlineStatus()
  const [said, setSaid] = useState<Said>()
  const [adding, setAdding] = useState(false)
  const addButton = useRef<HTMLButtonElement>(null)
  // Bumped when the new address's form closes unsaved: focus goes back to its button.
  const [cancelled, setCancelled] = useState(0)

  useEffect(() => {
    if (cancelled > 0) addButton.current?.focus()
  }, [cancelled])

  if (!addresses.data) {
    return addresses.error ? (
      <p className="form-problem">{failureMessage(addresses.error)}</p>
    ) : (
      <p role="status">Loading your addresses…</p>
    )
  }
  const list = addresses.data
  const aboutList = said && !list.some((address) => address.id === said.about) ? said : undefined

  return (
    <div className="saved-addresses">
      {!online && <p className="account-offline">{addressBookMessages.offline}</p>}
      <SaidHere said={aboutList} />
      {list.length === 0 ? (
        <p>No saved addresses yet. Add one here, or save the address you ship to at checkout.</p>
      ) : (
        <ul className="address-list">
          {list.map((address) => (
            <SavedAddress
              key={address.id}
              address={address}
              said={said?.about === address.id ? said : undefined}
              online={online}
              onSaid={setSaid}
            />
          ))}
        </ul>
      )}
      {adding ? (
        <AddressEditor
          initial={emptyAddress}
          // The first address is the default whatever is asked.
          isDefault={list.length === 0}
          legend="New address"
          submitLabel="Save the address"
          onSaved={(saved, sent) => {
            setAdding(false)
            setSaid({ tone: 'done', ...addedResult(list, saved, sent) })
          }}
          onCancel={() => {
            setAdding(false)
            setCancelled((count) => count + 1)
          }}
        />
      ) : (
        <button
          ref={addButton}
          type="button"
          className="button"
          disabled={!online}
          onClick={() => {
            setSaid(undefined)
            setAdding(true)
          }}
        >
          Add an address
        </button>
      )}
    </div>
  )
}
