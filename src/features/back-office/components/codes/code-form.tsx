import { Fragment, useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import {
  maxCodeLength,
  maxDescriptionLength,
  maxProductSlugs,
  maxUsageLimit,
} from '../../../../../contract/admin-discounts.ts'
import type { FamilyKey } from '../../../../../contract/families.ts'
import { ValidationError } from '../../../../lib/api-client.ts'
import { ErrorSummary, type SummaryField } from '../../../../components/error-summary.tsx'
import { actionFailure, fieldError } from '../../query.ts'
import { ActionButton } from '../action-button.tsx'
import {
  familyOptions,
  shopCurrency,
  type CodeField,
  type CodeForm,
  type FieldProblems,
} from './code-model.ts'

const fieldLabels: Record<CodeField, string> = {
  code: 'Code',
  description: 'Description',
  kind: 'Kind',
  value: 'Discount',
  startsAt: 'Starts',
  expiresAt: 'Ends',
  usageLimit: 'Uses allowed',
  productFamilies: 'Families',
  productSlugs: 'Products',
  excludesUpgrades: 'Upgrades',
  combinable: 'With other codes',
}
const fields = Object.keys(fieldLabels) as CodeField[]
const fieldId = (field: CodeField) => `code-form-${field}`

const dateFields = [
  { field: 'startsAt', label: 'Starts (optional)', empty: 'Empty: from now.' },
  { field: 'expiresAt', label: 'Ends (optional)', empty: 'Empty: never.' },
] as const

const kindChoices = [
  { kind: 'percent', label: 'A percent off' },
  { kind: 'fixed', label: `An amount off (${shopCurrency})` },
] as const

const optionFields = [
  { field: 'excludesUpgrades', label: 'Off the item itself only, not its upgrades' },
  { field: 'combinable', label: 'May be combined with other codes on one cart' },
] as const

/** This device's offset from UTC, as the date fields' hint says it: "UTC+01:00". */
function zoneLabel(): string {
  const minutes = -new Date().getTimezoneOffset()
  const sign = minutes < 0 ? '−' : '+'
  const abs = Math.abs(minutes)
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/**
 * A discount code's terms as a plain form: the code (new codes only: a code is not renamed),
 * description, percent or amount, uses allowed, start and end, families and products. What
 * cannot be read (a word where a number goes) is said before sending; the rules are the
 * server's, and each of its 422 messages stands under its field, with a summary at the top that
 * takes focus and links to each.
 */
export function CodeFormFields({
  mode,
  initial,
  pending,
  error,
  onSubmit,
}: {
  mode: 'create' | 'edit'
  initial: CodeForm
  pending: boolean
  error: unknown
  /** Sends the form, or answers what could not be read from it. */
  onSubmit: (form: CodeForm) => FieldProblems | undefined
}) {
  const [form, setForm] = useState(initial)
  const [problems, setProblems] = useState<FieldProblems>({})
  const summaryRef = useRef<HTMLDivElement>(null)
  const set = <K extends keyof CodeForm>(key: K, value: CodeForm[K]) =>
    setForm((before) => ({ ...before, [key]: value }))

  // A refusal (the form's own or the shop's) is where the owner looks next: the summary takes focus.
  useEffect(() => {
    if (error) summaryRef.current?.focus()
  }, [error])
  useEffect(() => {
    if (Object.keys(problems).length > 0) summaryRef.current?.focus()
  }, [problems])

  const messageOf = (field: CodeField) => problems[field] ?? fieldError(error, field)
  const summaryFields: SummaryField[] = fields.flatMap((field) => {
    const message = messageOf(field)
    return message ? [{ id: fieldId(field), label: fieldLabels[field], message }] : []
  })
  const others =
    error instanceof ValidationError
      ? Object.entries(error.errors)
          .filter(([key]) => !(fields as string[]).includes(key))
          .map(([, messages]) => messages[0])
          .filter(Boolean)
      : []
  const unread = Object.keys(problems).length
  const problem =
    unread > 0
      ? `Not sent: ${unread === 1 ? 'a field needs' : `${unread} fields need`} a fix.`
      : error
        ? [actionFailure(error), ...others].join(' ')
        : undefined

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setProblems(onSubmit(form) ?? {})
  }

  const describe = (field: CodeField, hint?: boolean) =>
    [hint && `${fieldId(field)}-hint`, messageOf(field) && `${fieldId(field)}-error`]
      .filter(Boolean)
      .join(' ') || undefined
  const aria = (field: CodeField, hint?: boolean) => ({
    id: fieldId(field),
    'aria-invalid': messageOf(field) ? true : undefined,
    'aria-describedby': describe(field, hint),
  })

  return (
    <form className="codes-form" onSubmit={submit} noValidate>
      <ErrorSummary ref={summaryRef} problem={problem} fields={summaryFields} />
      {mode === 'create' ? (
        <Field
          field="code"
          label="Code"
          hint="3 to 32 letters, digits, - and _. The customer types it in the cart."
          message={messageOf('code')}
        >
          <input
            {...aria('code', true)}
            value={form.code}
            maxLength={maxCodeLength}
            autoCapitalize="characters"
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => set('code', event.target.value.toUpperCase())}
          />
        </Field>
      ) : null}
      <Field
        field="description"
        label="Description"
        hint="The cart and the order show this."
        message={messageOf('description')}
      >
        <input
          {...aria('description', true)}
          value={form.description}
          maxLength={maxDescriptionLength}
          onChange={(event) => set('description', event.target.value)}
        />
      </Field>
      <fieldset
        className="people-fieldset"
        id={fieldId('kind')}
        tabIndex={-1}
        aria-describedby={describe('kind')}
      >
        <legend>Discount</legend>
        <div className="people-checks">
          {kindChoices.map(({ kind, label }) => (
            <label key={kind} className="people-check">
              <input
                type="radio"
                name="kind"
                value={kind}
                checked={form.kind === kind}
                onChange={() => set('kind', kind)}
              />
              {label}
            </label>
          ))}
        </div>
        <FieldMessage field="kind" message={messageOf('kind')} />
        <Field
          field="value"
          label={
            form.kind === 'percent' ? 'Percent off (1 to 100)' : `Amount off (${shopCurrency})`
          }
          hint={
            form.kind === 'percent'
              ? undefined
              : 'Taken off the lines it applies to, such as 5 or 5.50.'
          }
          message={messageOf('value')}
        >
          <input
            {...aria('value', form.kind !== 'percent')}
            className="people-input-short"
            inputMode={form.kind === 'percent' ? 'numeric' : 'decimal'}
            autoComplete="off"
            value={form.value}
            onChange={(event) => set('value', event.target.value)}
          />
        </Field>
      </fieldset>
      <Field
        field="usageLimit"
        label="Uses allowed (optional)"
        hint={`How many submitted orders may use it, up to ${maxUsageLimit.toLocaleString('en-US')}. Empty: no limit.`}
        message={messageOf('usageLimit')}
      >
        <input
          {...aria('usageLimit', true)}
          className="people-input-short"
          inputMode="numeric"
          autoComplete="off"
          value={form.usageLimit}
          onChange={(event) => set('usageLimit', event.target.value)}
        />
      </Field>
      {dateFields.map(({ field, label, empty }) => (
        <Field
          key={field}
          field={field}
          label={label}
          hint={`${empty} Your device’s time (${zoneLabel()}).`}
          message={messageOf(field)}
        >
          <input
            {...aria(field, true)}
            type="datetime-local"
            value={form[field]}
            onChange={(event) => set(field, event.target.value)}
          />
        </Field>
      ))}
      <fieldset
        className="people-fieldset"
        id={fieldId('productFamilies')}
        tabIndex={-1}
        aria-describedby={`${fieldId('productFamilies')}-hint ${messageOf('productFamilies') ? `${fieldId('productFamilies')}-error` : ''}`.trim()}
      >
        <legend>For these families (optional)</legend>
        <p id={`${fieldId('productFamilies')}-hint`} className="field-hint">
          A line of a family ticked here, or of a product listed below, gets the discount. None of
          either: every line.
        </p>
        <div className="people-checks">
          {familyOptions.map((family) => (
            <label key={family.key} className="people-check">
              <input
                type="checkbox"
                checked={form.families.includes(family.key)}
                onChange={(event) =>
                  set(
                    'families',
                    event.target.checked
                      ? [...form.families, family.key]
                      : form.families.filter((key: FamilyKey) => key !== family.key),
                  )
                }
              />
              {family.title}
            </label>
          ))}
        </div>
        <FieldMessage field="productFamilies" message={messageOf('productFamilies')} />
      </fieldset>
      <Field
        field="productSlugs"
        label="For these products (optional)"
        hint={`Product slugs as in the store’s addresses (corvid-2), one a line or separated by commas; at most ${maxProductSlugs}.`}
        message={messageOf('productSlugs')}
      >
        <textarea
          {...aria('productSlugs', true)}
          rows={3}
          autoCapitalize="none"
          autoComplete="off"
          spellCheck={false}
          value={form.products}
          onChange={(event) => set('products', event.target.value)}
        />
      </Field>
      <fieldset className="people-fieldset">
        <legend>Options</legend>
        {optionFields.map(({ field, label }) => (
          <Fragment key={field}>
            <label className="people-check">
              <input
                id={fieldId(field)}
                type="checkbox"
                checked={form[field]}
                onChange={(event) => set(field, event.target.checked)}
              />
              {label}
            </label>
            <FieldMessage field={field} message={messageOf(field)} />
          </Fragment>
        ))}
      </fieldset>
      <div>
        <ActionButton type="submit" pending={pending}>
          {pending ? 'Saving…' : mode === 'create' ? 'Create the code' : 'Save the changes'}
        </ActionButton>
      </div>
    </form>
  )
}

function FieldMessage({ field, message }: { field: CodeField; message: string | undefined }) {
  return message ? (
    <p id={`${fieldId(field)}-error`} className="field-error">
      {message}
    </p>
  ) : null
}

function Field({
  field,
  label,
  hint,
  message,
  children,
}: {
  field: CodeField
  label: string
  hint?: string | undefined
  message: string | undefined
  children: ReactNode
}) {
  return (
    <div className="people-field">
      <label htmlFor={fieldId(field)}>{label}</label>
      {hint && (
        <p id={`${fieldId(field)}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {children}
      <FieldMessage field={field} message={message} />
    </div>
  )
}
