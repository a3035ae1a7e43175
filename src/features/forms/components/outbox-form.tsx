import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import type { OutboxFormKind } from '../../../../store-db/cart-outbox-model.ts'
import { useOnlineStatus } from '../../../lib/use-online-status.ts'
import {
  ApiError,
  dismissFormRefusal,
  sendForm,
  sendWaitingForms,
  useFormOutbox,
  ValidationError,
} from '../api.ts'
import {
  checkForm,
  errorsOf,
  fieldLabels,
  formBody,
  formFields,
  valuesOf,
  waitingText,
  type FormErrors,
  type FormField,
  type FormValues,
} from '../model.ts'
import { prepareRecaptchaLater, recaptchaToken } from '../../../lib/recaptcha.ts'
import './forms.css'

export interface OutboxFormProps {
  kind: OutboxFormKind
  /** Where it goes: `/api/contact/`, `/api/coach/contact-coaches/{slug}`, `/api/newsletter/sign-up`. */
  path: string
  /** What the visitor reads about it while it waits or if it is refused. */
  name: string
  submitLabel: string
  /** Whether the invisible reCAPTCHA guards it (contact forms; not the newsletter). */
  recaptcha?: boolean
}

/**
 * A form that reaches the shop, online or not: checked on the device, kept in the outbox and sent
 * once (api.ts). Its status says whether it is sent, waiting on this device, or refused; a refusal
 * (now, or when the outbox sent it later) shows the shop's reasons under their fields and puts
 * back what was typed.
 */
export function OutboxForm({ kind, path, name, submitLabel, recaptcha = false }: OutboxFormProps) {
  const uid = useId()
  const fields = formFields[kind]
  const online = useOnlineStatus()
  const outbox = useFormOutbox(path)
  const [values, setValues] = useState<FormValues>({})
  const [honeypot, setHoneypot] = useState('')
  const [errors, setErrors] = useState<FormErrors>({})
  const [busy, setBusy] = useState(false)
  const [sentMessage, setSentMessage] = useState<string>()
  /** Answers that landed since the page opened are said here (a form waiting from before too). */
  const [openedAt] = useState(() => Date.now())
  /** The refusal last read into the form. */
  const [adopted, setAdopted] = useState<string>()
  const captcha = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (recaptcha) prepareRecaptchaLater()
  }, [recaptcha])

  // Back online: the worker is asked to send what waits now.
  useEffect(() => {
    if (online && (outbox?.waiting.length ?? 0) > 0) sendWaitingForms()
  }, [online, outbox?.waiting.length])

  // A form the outbox sent later and the shop refused: its reasons, and what was typed, back
  // (state adjusted while rendering, as React advises for state that follows data).
  const refusal = outbox?.refusals[0]
  if (refusal && refusal.key !== adopted) {
    setAdopted(refusal.key)
    setValues(valuesOf(kind, refusal.form?.body ?? {}))
    setErrors({
      ...errorsOf(kind, refusal.errors ?? {}),
      form: `${name} could not be sent: ${refusal.message}`,
    })
  }
  // Read into the form: the notice on other pages need not say it again.
  useEffect(() => {
    if (adopted) void dismissFormRefusal(adopted)
  }, [adopted])

  const landed = outbox?.sent.filter((record) => record.at >= openedAt).at(-1)
  const landedMessage =
    landed && typeof landed.answer === 'object' && landed.answer !== null
      ? (landed.answer as { message?: unknown }).message
      : undefined
  const waiting = outbox?.waiting.length ?? 0

  const focusFirst = (found: FormErrors) => {
    const first = fields.find((field) => found[field])
    if (first) document.getElementById(`${uid}-${first}`)?.focus()
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (busy) return
    const found = checkForm(kind, values)
    setErrors(found)
    setSentMessage(undefined)
    if (Object.keys(found).length > 0) {
      focusFirst(found)
      return
    }
    setBusy(true)
    try {
      const token = recaptcha ? await recaptchaToken(captcha.current) : undefined
      const result = await sendForm(
        { form: kind, path, name, body: formBody(kind, values, honeypot) },
        token,
      )
      setValues({})
      if (result.outcome === 'sent') setSentMessage(result.message)
    } catch (error) {
      if (error instanceof ValidationError) {
        const shown = errorsOf(kind, error.errors)
        setErrors(Object.keys(shown).length > 0 ? shown : { form: error.message })
        focusFirst(shown)
      } else if (error instanceof ApiError && error.status === 429) {
        setErrors({ form: 'Too many messages from here for now. Please try again later.' })
      } else if (error instanceof ApiError && error.status === 404) {
        setErrors({ form: error.message })
      } else setErrors({ form: 'The shop could not take your message just now. Please try again.' })
    } finally {
      setBusy(false)
    }
  }

  const field = (key: FormField) => {
    const id = `${uid}-${key}`
    const error = errors[key]
    const common = {
      id,
      name: key,
      value: values[key] ?? '',
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}-error` : undefined,
      'aria-required': key !== 'subject' || undefined,
      onChange: (event: { target: { value: string } }) =>
        setValues((current) => ({ ...current, [key]: event.target.value })),
    }
    return (
      <div className="field" key={key}>
        <label htmlFor={id}>{fieldLabels[key]}</label>
        {key === 'message' ? (
          <textarea {...common} rows={6} maxLength={5000} />
        ) : (
          <input
            {...common}
            type={key === 'email' ? 'email' : 'text'}
            autoComplete={key === 'email' ? 'email' : key === 'name' ? 'name' : 'off'}
            spellCheck={key === 'email' ? false : undefined}
            autoCapitalize={key === 'email' ? 'none' : undefined}
          />
        )}
        {error && (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        )}
      </div>
    )
  }

  const status = errors.form
    ? { tone: 'problem', text: errors.form }
    : waiting > 0
      ? { tone: 'waiting', text: waitingText(waiting, online) }
      : sentMessage || typeof landedMessage === 'string'
        ? { tone: 'done', text: `Sent. ${sentMessage ?? (landedMessage as string)}` }
        : undefined

  return (
    <form className="shop-form" noValidate onSubmit={(event) => void submit(event)}>
      {fields.map(field)}
      <div className="shop-form-trap" aria-hidden="true">
        <label htmlFor={`${uid}-website`}>Leave this empty</label>
        <input
          id={`${uid}-website`}
          name="website"
          tabIndex={-1}
          autoComplete="off"
          value={honeypot}
          onChange={(event) => setHoneypot(event.target.value)}
        />
      </div>
      <div role="status" aria-live="polite">
        {status && (
          <p className="shop-form-status" data-tone={status.tone} data-testid="form-status">
            {status.text}
          </p>
        )}
      </div>
      {recaptcha && <div ref={captcha} />}
      <button type="submit" className="button" disabled={busy}>
        {busy ? 'Sending…' : submitLabel}
      </button>
    </form>
  )
}
