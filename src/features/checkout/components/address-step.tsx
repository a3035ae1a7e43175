import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { AddressFields, addressFieldId } from '../../../components/address-fields.tsx'
import {
  addressDraftOf,
  addressFields,
  addressInput,
  addressLine,
  addressTyped,
  checkAddressDraft,
  sameAddress,
  type AddressDraft,
  type AddressField,
} from '../../../components/address-form.ts'
import type { FieldMessages } from '../../../components/field-messages.ts'
import { FormStatus } from '../../../components/form-field.tsx'
import { newChangeKey, saveShippingAddress, validateAddress } from '../api.ts'
import { checkoutMessages, preferredSavedAddress, problemOf } from '../model.ts'
import { CheckField } from './fields.tsx'

/** A saved address of the account's (GET /api/user/get-addresses/, camelCase). */
export interface SavedAddress {
  id: string
  name: string
  line1: string
  line2: string | null
  city: string
  region: string | null
  postalCode: string
  country: string
  phone: string | null
  isDefault: boolean
}

/**
 * Where the order goes: a saved address of the account's, or one typed here (the address fields
 * a submitted order's new address shows too). With nothing typed yet the form starts from the
 * account's default address. A saved address chosen is marked as chosen, said in view, and
 * focus goes to the button that ships there, so a phone need not scroll to the form's end. Each
 * field's message stands under it (the server's validate-address); then save-shipping-address
 * keeps it on the order. What is typed is kept on the device as it is typed, so it survives going
 * offline and a reload; offline the step says so and sends nothing.
 */
export function AddressStep({
  orderId,
  address,
  onAddressChange,
  saveToAccount,
  onSaveToAccountChange,
  savedAddresses,
  online,
  onSaved,
}: {
  orderId: string | null
  address: AddressDraft
  onAddressChange: (address: AddressDraft) => void
  saveToAccount: boolean
  onSaveToAccountChange: (save: boolean) => void
  /** The account's saved addresses; undefined for a guest session (it has none to offer). */
  savedAddresses: SavedAddress[] | undefined
  online: boolean
  onSaved: () => Promise<void>
}) {
  const uid = useId()
  const [errors, setErrors] = useState<FieldMessages<AddressField>>({})
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)
  // Bumped by "Use this address": focus then goes to the way on from the chosen address.
  const [choices, setChoices] = useState(0)
  const shipHere = useRef<HTMLButtonElement>(null)

  // Set once the customer changes the form: a form they emptied stays empty.
  const [edited, setEdited] = useState(false)
  // Nothing typed: the account's default address stands in the form (WCAG 3.3.7).
  const preferred =
    edited || addressTyped(address) ? undefined : preferredSavedAddress(savedAddresses)
  const shown = preferred ? addressDraftOf(preferred) : address
  // The saved address the form holds unchanged, if any: shown as chosen.
  const chosen = savedAddresses?.find((saved) => sameAddress(addressDraftOf(saved), shown))

  useEffect(() => {
    if (choices > 0) shipHere.current?.focus()
  }, [choices])

  const set = (field: AddressField, value: string) => {
    setEdited(true)
    onAddressChange({ ...shown, [field]: value })
    if (errors[field]) setErrors((found) => ({ ...found, [field]: undefined }))
  }

  const choose = (saved: SavedAddress) => {
    onAddressChange(addressDraftOf(saved))
    setErrors({})
    setProblem(undefined)
    setChoices((count) => count + 1)
  }

  const focusFirst = (found: FieldMessages<AddressField>) => {
    const first = addressFields.find((field) => found[field])
    if (first) document.getElementById(addressFieldId(uid, first))?.focus()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(undefined)
    if (!online) {
      setProblem(checkoutMessages.offline)
      return
    }
    const missing = checkAddressDraft(shown)
    if (Object.keys(missing).length > 0) {
      setErrors(missing)
      focusFirst(missing)
      return
    }
    setPending(true)
    try {
      const body = addressInput(shown)
      if (orderId) await validateAddress(orderId, body)
      // A saved address chosen as it is is saved already: not a second time.
      await saveShippingAddress(body, saveToAccount && !!savedAddresses && !chosen, newChangeKey())
      setErrors({})
      await onSaved()
    } catch (error) {
      const found = problemOf(error, addressFields, 'address.')
      setErrors(found.fields)
      setProblem(found.form)
      focusFirst(found.fields)
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
      {savedAddresses && savedAddresses.length > 0 && (
        <section aria-labelledby={`${uid}-saved`} className="checkout-saved">
          <h3 id={`${uid}-saved`}>Your saved addresses</h3>
          <ul>
            {savedAddresses.map((choice) => {
              const isChosen = choice.id === chosen?.id
              return (
                <li key={choice.id} className={isChosen ? 'checkout-saved-chosen' : undefined}>
                  <span>
                    {addressLine(choice)}
                    {isChosen && (
                      <strong className="checkout-saved-mark">
                        <span aria-hidden="true">✓ </span>Chosen
                      </strong>
                    )}
                  </span>
                  <button
                    type="button"
                    className="button button-secondary"
                    aria-pressed={isChosen}
                    onClick={() => choose(choice)}
                  >
                    Use this address<span className="visually-hidden">: {addressLine(choice)}</span>
                  </button>
                </li>
              )
            })}
          </ul>
          <div className="checkout-chosen">
            <p role="status">
              {chosen &&
                `Shipping to ${addressLine(chosen)}. It is filled in below, to change there if you need to.`}
            </p>
            {chosen && (
              <button ref={shipHere} type="submit" className="button" disabled={pending}>
                Ship to this address
              </button>
            )}
          </div>
        </section>
      )}
      <AddressFields idPrefix={uid} address={shown} onChange={set} errors={errors} />
      {savedAddresses && !chosen && (
        <CheckField
          id={`${uid}-save`}
          label="Save this address to my account"
          checked={saveToAccount}
          onChange={onSaveToAccountChange}
        />
      )}
      <FormStatus problem={problem} />
      {!online && !problem && <p className="note">{checkoutMessages.offline}</p>}
      <div className="checkout-actions">
        <button type="submit" className="button" disabled={pending}>
          {pending ? 'Checking the address…' : 'Continue'}
        </button>
      </div>
    </form>
  )
}
