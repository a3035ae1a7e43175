import { useQuery } from '@tanstack/react-query'
import { useId, useState, type FormEvent } from 'react'
import { createOrderSignature, newChangeKey, waiverQuery } from '../api.ts'
import { checkoutMessages, checkWaiver, problemOf, type FieldMessages } from '../model.ts'
import { CheckField, TextInput } from './fields.tsx'
import { FormStatus } from '../../../components/form-field.tsx'

/**
 * The waiver's body as the shop renders it (its headings, lists and paragraphs; the content
 * loader refuses raw HTML in it), its headings moved under the waiver's own title (an h3 in the
 * checkout step): `##` becomes h4.
 */
function underTitle(html: string): string {
  return html.replace(
    /<(\/?)h([1-6])\b/g,
    (_, slash: string, level: string) => `<${slash}h${Math.min(6, Number(level) + 2)}`,
  )
}

/**
 * The waiver some products need before they are made: its text as the shop serves it (the version
 * the customer reads is the one they sign), a box to tick and the customer's name typed as a
 * signature: create-order-signature {checkbox: 'on', name}.
 */
export function WaiverStep({
  name,
  onNameChange,
  online,
  onSigned,
}: {
  name: string
  onNameChange: (name: string) => void
  online: boolean
  onSigned: () => Promise<void>
}) {
  const uid = useId()
  const waiver = useQuery(waiverQuery())
  const [agreed, setAgreed] = useState(false)
  const [errors, setErrors] = useState<FieldMessages<'checkbox' | 'name'>>({})
  const [problem, setProblem] = useState<string>()
  const [pending, setPending] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setProblem(undefined)
    const found = checkWaiver(agreed, name)
    setErrors(found)
    if (found.checkbox || found.name) {
      document.getElementById(`${uid}-${found.checkbox ? 'checkbox' : 'name'}`)?.focus()
      return
    }
    if (!online) {
      setProblem(checkoutMessages.offline)
      return
    }
    setPending(true)
    try {
      await createOrderSignature(name.trim(), newChangeKey())
      await onSigned()
    } catch (error) {
      const failed = problemOf(error, ['checkbox', 'name'] as const)
      setErrors(failed.fields)
      setProblem(failed.form)
      // A new version of the text: the customer reads it again.
      void waiver.refetch()
    } finally {
      setPending(false)
    }
  }

  return (
    <form className="checkout-form" noValidate onSubmit={(event) => void submit(event)}>
      {waiver.isPending ? (
        <p role="status">Loading the waiver…</p>
      ) : waiver.data ? (
        <section
          className="checkout-waiver"
          aria-labelledby={`${uid}-waiver`}
          tabIndex={0}
          data-version={waiver.data.version}
        >
          <h3 id={`${uid}-waiver`}>{waiver.data.title}</h3>
          <div
            className="prose"
            dangerouslySetInnerHTML={{ __html: underTitle(waiver.data.html) }}
          />
          <p className="note">Version {waiver.data.version}</p>
        </section>
      ) : (
        <FormStatus
          problem={problemOf(waiver.error, []).form ?? 'The waiver could not be loaded. Try again.'}
        />
      )}
      <CheckField
        id={`${uid}-checkbox`}
        label="I have read the waiver and accept it"
        checked={agreed}
        onChange={(value) => {
          setAgreed(value)
          setErrors((shown) => ({ ...shown, checkbox: undefined }))
        }}
        error={errors.checkbox}
      />
      <TextInput
        id={`${uid}-name`}
        label="Your full name, as your signature"
        value={name}
        onChange={(value) => {
          onNameChange(value)
          setErrors((shown) => ({ ...shown, name: undefined }))
        }}
        error={errors.name}
        autoComplete="name"
        required
      />
      <FormStatus problem={problem} />
      {!online && !problem && <p className="note">{checkoutMessages.offline}</p>}
      <div className="checkout-actions">
        <button type="submit" className="button" disabled={pending || !waiver.data}>
          {pending ? 'Signing…' : 'Sign and continue'}
        </button>
      </div>
    </form>
  )
}
