import { useEffect, useId, useState, type FormEvent } from 'react'
import { AddressFields, addressFieldId } from '../../../components/address-fields.tsx'
import {
  addressFields,
  addressLabels,
  checkAddressDraft,
  type AddressDraft,
  type AddressField,
} from '../../../components/address-form.ts'
import { ErrorSummary } from '../../../components/error-summary.tsx'
import type { FieldMessages } from '../../../components/field-messages.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import { useAnnounceFocus } from '../../../lib/use-announce-focus.ts'
import {
  addressBookMessages,
  addressRefusal,
  refusedFields,
  type AddressRefusal,
} from '../address-book.ts'
import { useSaveAddress, type Address } from '../api.ts'
import '../../../components/address-fields.css'

/**
 * A saved address's form, to add one or change one: the checkout's address fields
 * (address-fields.tsx), and whether it is the default. The device checks what it can, then the
 * server checks the rest with the checkout's own messages. A refusal is said at the top of the
 * form, which takes focus, each message under its field; what was typed stays, offline too.
 * `onSaved` gets the list as the shop now holds it.
 */
export function AddressEditor({
  id,
  initial,
  isDefault,
  legend,
  submitLabel,
  onSaved,
  onCancel,
}: {
  /** The saved address changed; none to add one. */
  id?: string | undefined
  initial: AddressDraft
  /** Whether it is the default already (nothing to ask then). */
  isDefault: boolean
  legend: string
  submitLabel: string
  onSaved: (addresses: Address[], sent: AddressDraft) => void
  onCancel: () => void
}) {
  const uid = useId()
  const online = useOnlineStatus()
  const save = useSaveAddress()
  const [draft, setDraft] = useState(initial)
  const [makeDefault, setMakeDefault] = useState(false)
  const [errors, setErrors] = useState<FieldMessages<AddressField>>({})
  // A new object per refusal: the summary takes focus each time, the same words twice too.
  const [refusal, setRefusal] = useState<AddressRefusal>()
  const summary = useAnnounceFocus<HTMLDivElement>(refusal)

  // Opened in place of the button pressed: the keyboard goes on at the first field.
  useEffect(() => {
    document.getElementById(addressFieldId(uid, addressFields[0]))?.focus()
  }, [uid])

  const refuse = (found: AddressRefusal) => {
    setErrors(found.fields)
    setRefusal(found)
  }

  const set = (field: AddressField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }))
    if (errors[field]) setErrors((found) => ({ ...found, [field]: undefined }))
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (save.isPending) return
    const missing = checkAddressDraft(draft)
    if (Object.keys(missing).length > 0) {
      refuse(refusedFields(missing))
      return
    }
    try {
      // The form's fields are the wire's (contract/address.ts, snake_case).
      const saved = await save.mutateAsync({ id, address: draft, makeDefault })
      onSaved(saved, draft)
    } catch (error) {
      refuse(addressRefusal(error))
    }
  }

  const marked = addressFields.flatMap((field) => {
    const message = errors[field]
    return message ? [{ id: addressFieldId(uid, field), label: addressLabels[field], message }] : []
  })
  // Every marked field mended: nothing left to check.
  const problem =
    refusal?.form === addressBookMessages.checkTheFields && marked.length === 0
      ? undefined
      : refusal?.form

  return (
    <form
      className="account-form address-editor"
      noValidate
      aria-busy={save.isPending}
      onSubmit={(event) => void submit(event)}
    >
      <ErrorSummary ref={summary} problem={problem} fields={marked} />
      <AddressFields
        idPrefix={uid}
        address={draft}
        onChange={set}
        errors={errors}
        legend={legend}
      />
      {!isDefault && (
        <div className="account-check">
          <input
            id={`${uid}-default`}
            type="checkbox"
            checked={makeDefault}
            aria-describedby={`${uid}-default-hint`}
            onChange={(event) => setMakeDefault(event.target.checked)}
          />
          <label htmlFor={`${uid}-default`}>Make this my default address</label>
          <p id={`${uid}-default-hint`} className="field-hint">
            The checkout fills in the default address.
          </p>
        </div>
      )}
      {!online && <p className="account-offline">{addressBookMessages.formOffline}</p>}
      <div className="account-actions">
        <button type="submit" className="button" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : submitLabel}
        </button>
        <button type="button" className="button button-secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  )
}
