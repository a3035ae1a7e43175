import type { ReactNode } from 'react'
import { checkEmail } from '../model.ts'
import { AccountForm } from './account-form.tsx'
import { EmailField } from './form-fields.tsx'
import { useAccountForm } from './use-account-form.ts'

const fields = ['email'] as const

/**
 * The e-mail address alone, to be sent a link (a reset link, a new sign-in link). The server
 * answers alike for known and unknown addresses, and the form says what it answered.
 */
export function EmailLinkForm({
  send,
  submitLabel,
  heading,
}: {
  send: (body: { email: string }) => Promise<{ message: string }>
  submitLabel: string
  /** Inside the form, above the field, when the form is a part of its page. */
  heading?: ReactNode
}) {
  const form = useAccountForm({
    initial: { email: '' },
    fields,
    check: ({ email }) => {
      const error = checkEmail(email)
      return error ? { email: error } : {}
    },
    send: ({ email }) => send({ email: email.trim() }),
    onSent: (accepted) => accepted.message,
  })
  return (
    <AccountForm form={form} submitLabel={submitLabel}>
      {heading}
      <EmailField {...form.field('email')} />
    </AccountForm>
  )
}
