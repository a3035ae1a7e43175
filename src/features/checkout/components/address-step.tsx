import { useId, useState, type FormEvent } from 'react'
import rates from '../../../../content/shipping-rates.json'
import { newChangeKey, saveShippingAddress, validateAddress } from '../api.ts'
import {
  addressDraftOf,
  addressFields,
  addressInput,
  addressLine,
  checkAddressDraft,
  checkoutMessages,
  isRequiredAddressField,
  problemOf,
  type AddressDraft,
  type AddressField,
  type FieldMessages,
} from '../model.ts'
import { SelectInput, TextInput, CheckField } from './fields.tsx'
import { FormStatus } from '../../../components/form-field.tsx'

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
 * The countries we ship to: the rate table's (content/shipping-rates.json), by name. Worked out
 * when the address step is first shown, not when the checkout's code loads: naming and sorting
 * them is a long task on a phone, and most visits to the checkout never reach this step.
 */
let countries: { value: string; label: string }[] | undefined
function shippingCountries(): { value: string; label: string }[] {
  countries ??= namedCountries()
  return countries
}

function namedCountries(): { value: string; label: string }[] {
  const codes = rates.zones.flatMap((zone) => zone.countries)
  let names: Intl.DisplayNames | undefined
  try {
    names = new Intl.DisplayNames(['en'], { type: 'region' })
  } catch {
    names = undefined
  }
  return codes
    .map((code) => ({ value: code, label: names?.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

const labels: Record<AddressField, string> = {
  name: 'Full name of the person receiving the parcel',
  line1: 'Street address',
  line2: 'Apartment, suite, building',
  city: 'City or town',
  region: 'State, province or region',
  postal_code: 'Postal code',
  country: 'Country',
  phone: 'Phone, for the carrier',
}

const autoComplete: Record<AddressField, string> = {
  name: 'shipping name',
  line1: 'shipping address-line1',
  line2: 'shipping address-line2',
  city: 'shipping address-level2',
  region: 'shipping address-level1',
  postal_code: 'shipping postal-code',
  country: 'shipping country',
  phone: 'shipping tel',
}

/**
 * Where the order goes: a saved address of the account's, or one typed here. Each field's message
 * stands under it (the server's validate-address); then save-shipping-address keeps it on the
 * order. What is typed is kept on the device as it is typed, so it survives going offline and a
 * reload; offline the step says so and sends nothing.
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

  const set = (field: AddressField, value: string) => {
    onAddressChange({ ...address, [field]: value })
    if (errors[field]) setErrors((shown) => ({ ...shown, [field]: undefined }))
  }

  const focusFirst = (found: FieldMessages<AddressField>) => {
    const first = addressFields.find((field) => found[field])
    if (first) document.getElementById(`${uid}-${first}`)?.focus()
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(undefined)
    if (!online) {
      setProblem(checkoutMessages.offline)
      return
    }
    const missing = checkAddressDraft(address)
    if (Object.keys(missing).length > 0) {
      setErrors(missing)
      focusFirst(missing)
      return
    }
    setPending(true)
    try {
      const body = addressInput(address)
      if (orderId) await validateAddress(orderId, body)
      await saveShippingAddress(body, saveToAccount && !!savedAddresses, newChangeKey())
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
            {savedAddresses.map((choice) => (
              <li key={choice.id}>
                <span>{addressLine(choice)}</span>
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    onAddressChange(addressDraftOf(choice))
                    setErrors({})
                  }}
                >
                  Use this address<span className="visually-hidden">: {addressLine(choice)}</span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <fieldset className="checkout-fieldset">
        <legend>Shipping address</legend>
        {addressFields.map((field) =>
          field === 'country' ? (
            <SelectInput
              key={field}
              id={`${uid}-${field}`}
              label={labels[field]}
              value={address[field].toUpperCase()}
              onChange={(value) => set(field, value)}
              error={errors[field]}
              options={shippingCountries()}
              autoComplete={autoComplete[field]}
            />
          ) : (
            <TextInput
              key={field}
              id={`${uid}-${field}`}
              label={labels[field]}
              value={address[field]}
              onChange={(value) => set(field, value)}
              error={errors[field]}
              required={isRequiredAddressField(field)}
              type={field === 'phone' ? 'tel' : 'text'}
              autoComplete={autoComplete[field]}
              hint={
                field === 'region'
                  ? 'Needed for the US, Canada, Mexico, Brazil, Australia and Japan.'
                  : undefined
              }
            />
          ),
        )}
      </fieldset>
      {savedAddresses && (
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
