import type { OutboxFormKind } from '../../../store-db/cart-outbox-model.ts'

/*
 * The forms that reach the shop (contact, contact a coach, newsletter sign-up): their fields, the
 * check the device makes before a form is kept or sent (the server checks everything again and
 * answers 422 per field), and what the visitor is told about a form that waits, went or was
 * refused. Pure functions, unit tested in model.test.ts.
 */

export type FormField = 'name' | 'email' | 'subject' | 'message'
export type FormValues = Partial<Record<FormField, string>>
export type FormErrors = Partial<Record<FormField | 'form', string>>

export const formFields: Record<OutboxFormKind, readonly FormField[]> = {
  contact: ['name', 'email', 'subject', 'message'],
  'contact-coach': ['name', 'email', 'message'],
  newsletter: ['email'],
}

export const fieldLabels: Record<FormField, string> = {
  name: 'Your name',
  email: 'Your e-mail address',
  subject: 'Subject (optional)',
  message: 'Your message',
}

const maxLength: Record<FormField, number> = {
  name: 100,
  email: 254,
  subject: 150,
  message: 5000,
}

/**
 * What the device can tell before sending (also offline, where a mistake would otherwise only be
 * found when the form is sent, maybe days later): the fields every form needs, an address that
 * looks like one, and the lengths the server takes.
 */
export function checkForm(kind: OutboxFormKind, values: FormValues): FormErrors {
  const errors: FormErrors = {}
  for (const field of formFields[kind]) {
    const value = (values[field] ?? '').trim()
    if (field === 'name' && !value) errors.name = 'Enter your name.'
    else if (field === 'email' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value))
      errors.email = 'Enter a valid e-mail address.'
    else if (field === 'message' && !value) errors.message = 'Write your message.'
    else if (value.length > maxLength[field])
      errors[field] = `At most ${maxLength[field]} characters.`
  }
  return errors
}

/** The body sent: the form's fields as typed (trimmed), and the honeypot as it was found. */
export function formBody(
  kind: OutboxFormKind,
  values: FormValues,
  honeypot: string,
): Record<string, unknown> {
  const body: Record<string, unknown> = {}
  for (const field of formFields[kind]) {
    const value = (values[field] ?? '').trim()
    if (field === 'subject' && !value) continue
    body[field] = value
  }
  if (honeypot) body.website = honeypot
  return body
}

/** A refused form's body read back into the form's values (wire names are the fields'). */
export function valuesOf(kind: OutboxFormKind, body: Record<string, unknown>): FormValues {
  const values: FormValues = {}
  for (const field of formFields[kind]) {
    const value = body[field]
    if (typeof value === 'string') values[field] = value
  }
  return values
}

/** The server's messages (422, per field) as the form shows them: the first of each field. */
export function errorsOf(kind: OutboxFormKind, errors: Record<string, string[]>): FormErrors {
  const found: FormErrors = {}
  const fields = formFields[kind] as readonly string[]
  for (const [field, messages] of Object.entries(errors)) {
    const message = messages[0]
    if (!message) continue
    if (fields.includes(field)) found[field as FormField] = message
    else found.form ??= message
  }
  return found
}

/** What the form's status line says of forms that wait on this device. */
export function waitingText(count: number, online: boolean): string {
  const what = count === 1 ? 'Your message is' : `${count} messages are`
  return online
    ? `${what} on this device, being sent now.`
    : `${what} saved on this device and will be sent as soon as you are online. You can close this page.`
}
