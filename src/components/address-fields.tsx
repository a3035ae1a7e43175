import {
  addressAutoComplete,
  addressFields,
  addressLabels,
  countryOptions,
  isRequiredAddressField,
  regionHint,
  type AddressDraft,
  type AddressField,
} from './address-form.ts'
import type { FieldMessages } from './field-messages.ts'
import { FieldLabel, SelectField, TextField } from './form-field.tsx'

/** The id of a field of the form: for focusing it, or linking to it from a summary. */
export function addressFieldId(idPrefix: string, field: AddressField): string {
  return `${idPrefix}-${field}`
}

/**
 * A shipping address's fields (address-form.ts): the same labels, controls, order and
 * autocomplete wherever an address is asked for. The country is chosen by name and sent as its
 * ISO code; the region is marked optional, or not, by the country chosen, as the server checks
 * it. Each field's message stands under it. Sized for a thumb (address-fields.css, which the
 * screens showing it import: the checkout's stylesheet does, so its prerendered page names it).
 */
export function AddressFields({
  idPrefix,
  address,
  onChange,
  errors,
  legend = 'Shipping address',
}: {
  idPrefix: string
  address: AddressDraft
  onChange: (field: AddressField, value: string) => void
  errors: FieldMessages<AddressField>
  legend?: string
}) {
  const country = address.country.trim().toUpperCase()
  return (
    <fieldset className="address-fields">
      <legend>{legend}</legend>
      {addressFields.map((field) => {
        const id = addressFieldId(idPrefix, field)
        const required = isRequiredAddressField(field, country)
        const label = <FieldLabel label={addressLabels[field]} required={required} />
        return field === 'country' ? (
          <SelectField
            key={field}
            id={id}
            name={field}
            label={label}
            value={country}
            onChange={(value) => onChange(field, value)}
            options={countryOptions(country)}
            placeholder="Choose…"
            error={errors[field]}
            autoComplete={addressAutoComplete[field]}
            required
            className="address-field"
          />
        ) : (
          <TextField
            key={field}
            id={id}
            name={field}
            type={field === 'phone' ? 'tel' : 'text'}
            label={label}
            value={address[field]}
            onChange={(value) => onChange(field, value)}
            error={errors[field]}
            hint={field === 'region' ? regionHint(country) : undefined}
            autoComplete={addressAutoComplete[field]}
            required={required}
            className="address-field"
          />
        )
      })}
    </fieldset>
  )
}
