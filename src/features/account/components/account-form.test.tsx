import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import axe from 'axe-core'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, NetworkError, ValidationError } from '../../../lib/api-client.ts'
import { checkNewPasswordForm, invalidLinkMessage, messages } from '../model.ts'
import { AccountForm } from './account-form.tsx'
import { EmailLinkForm } from './email-link-form.tsx'
import { NewPasswordFields } from './form-fields.tsx'
import { useAccountForm } from './use-account-form.ts'

afterEach(cleanup)

function withQueries(children: ReactNode) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>
}

type Send = (body: { email: string }) => Promise<{ message: string }>

function renderLinkForm(send: Send) {
  const view = render(withQueries(<EmailLinkForm send={send} submitLabel="E-mail me a link" />))
  const email = screen.getByLabelText('E-mail address') as HTMLInputElement
  const button = screen.getByRole('button', { name: 'E-mail me a link' }) as HTMLButtonElement
  return { ...view, email, button }
}

/** The text of the elements an input's aria-describedby names, as a screen reader reads them. */
function description(input: HTMLElement): string {
  return (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent)
    .join(' ')
}

describe('a field with a message', () => {
  it('is marked invalid, reads its message, and takes the focus, without a call', () => {
    const send = vi.fn<Send>()
    const { email, button } = renderLinkForm(send)
    expect(email.getAttribute('aria-invalid')).toBeNull()
    expect(email.type).toBe('email')
    expect(email.autocomplete).toBe('email')
    expect(email.name).toMatch(/-email$/)

    fireEvent.change(email, { target: { value: 'pilot@' } })
    fireEvent.click(button)

    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(description(email)).toBe(messages.emailInvalid)
    expect(document.activeElement).toBe(email)
    expect(send).not.toHaveBeenCalled()
  })

  it('passes axe with its message showing', async () => {
    const { container, button } = renderLinkForm(vi.fn<Send>())
    fireEvent.click(button)
    expect(screen.getByText(messages.emailMissing)).toBeTruthy()
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } })
    expect(results.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([])
  })
})

describe('what the form says of its call', () => {
  it('sends the trimmed address once, is busy meanwhile, then says what the shop answered', async () => {
    let answer!: (accepted: { message: string }) => void
    const send = vi.fn<Send>(() => new Promise((resolve) => (answer = resolve)))
    const { email, button } = renderLinkForm(send)
    fireEvent.change(email, { target: { value: '  pilot@example.com ' } })
    fireEvent.click(button)

    await waitFor(() => expect(button.disabled).toBe(true))
    fireEvent.click(button)
    expect(send).toHaveBeenCalledTimes(1)
    expect(send).toHaveBeenCalledWith({ email: 'pilot@example.com' })

    answer({ message: 'If the address has an account, we have sent it an e-mail.' })
    // The status region is always there, empty until the shop answers: wait for its words.
    expect(
      await screen.findByText('If the address has an account, we have sent it an e-mail.'),
    ).toBe(screen.getByRole('status'))
    expect(button.disabled).toBe(false)
    expect(screen.getByRole('alert').textContent).toBe('')
  })

  it.each([
    ['offline', new NetworkError(new TypeError('Failed to fetch')), messages.offline],
    [
      'too many attempts',
      new ApiError(429, { message: 'Too many attempts.' }, undefined, 840),
      'Too many attempts. Try again in 14 minutes.',
    ],
    [
      'a used link',
      new ValidationError({ errors: { token: [invalidLinkMessage] } }),
      invalidLinkMessage,
    ],
  ])('announces %s for the whole form, with no field marked', async (_, failure, said) => {
    const { email, button } = renderLinkForm(() => Promise.reject(failure))
    fireEvent.change(email, { target: { value: 'pilot@example.com' } })
    fireEvent.click(button)
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(said))
    expect(email.getAttribute('aria-invalid')).toBeNull()
    expect(screen.getByRole('status').textContent).toBe('')
  })

  it('puts the server’s message for a field under that field, and focuses it', async () => {
    const refused = new ValidationError({ errors: { email: ['Enter a valid e-mail address.'] } })
    const { email, button } = renderLinkForm(() => Promise.reject(refused))
    fireEvent.change(email, { target: { value: 'pilot@example.com' } })
    fireEvent.click(button)
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'))
    expect(description(email)).toBe('Enter a valid e-mail address.')
    expect(document.activeElement).toBe(email)
    expect(screen.getByRole('alert').textContent).toBe('')
  })
})

function NewPasswordForm({ send }: { send: () => Promise<void> }) {
  const form = useAccountForm({
    initial: { password: '', confirmPassword: '' },
    fields: ['password', 'confirmPassword'],
    check: checkNewPasswordForm,
    send,
  })
  return (
    <AccountForm form={form} submitLabel="Save">
      <NewPasswordFields
        label="New password"
        password={form.field('password')}
        confirmPassword={form.field('confirmPassword')}
      />
    </AccountForm>
  )
}

describe('the new-password pair', () => {
  it('asks for the password twice, with its rule, and ties a mismatch to the second', () => {
    const send = vi.fn(() => Promise.resolve())
    render(withQueries(<NewPasswordForm send={send} />))
    const password = screen.getByLabelText('New password') as HTMLInputElement
    const again = screen.getByLabelText('New password again') as HTMLInputElement
    for (const input of [password, again]) {
      expect(input.type).toBe('password')
      expect(input.autocomplete).toBe('new-password')
      expect(input.getAttribute('aria-required')).toBe('true')
    }
    expect(description(password)).toBe('At least 8 characters.')

    fireEvent.change(password, { target: { value: 'long enough' } })
    fireEvent.change(again, { target: { value: 'long enougH' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save' }))

    expect(password.getAttribute('aria-invalid')).toBeNull()
    expect(again.getAttribute('aria-invalid')).toBe('true')
    expect(description(again)).toBe(messages.passwordsDiffer)
    expect(document.activeElement).toBe(again)
    expect(send).not.toHaveBeenCalled()
  })
})
