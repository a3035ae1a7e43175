import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { afterSignIn, setNewPassword } from '../api.ts'
import { checkNewPasswordForm, isInvalidLink } from '../model.ts'
import { AccountForm, AccountPage } from './account-form.tsx'
import { NewPasswordFields } from './form-fields.tsx'
import { useAccountForm } from './use-account-form.ts'

const fields = ['password', 'confirmPassword'] as const

/**
 * The page a reset link opens (`/PasswordResets/newpassword/{token}`): choose a new password,
 * which signs in and ends the account's other sessions. A used or expired link says so and
 * leads to a new one.
 */
export function NewPasswordScreen({ token }: { token: string }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const [linkRefused, setLinkRefused] = useState(false)
  const form = useAccountForm({
    initial: { password: '', confirmPassword: '' },
    fields,
    check: checkNewPasswordForm,
    send: async (values) => {
      await setNewPassword(token, values)
      await afterSignIn(client)
    },
    onSent: () => void navigate({ to: '/account', replace: true }),
    onFailed: (error) => setLinkRefused(isInvalidLink(error)),
  })

  return (
    <AccountPage
      heading="Choose a new password"
      lead="Then you are signed in. Other devices signed in to the account are signed out."
    >
      <AccountForm
        form={form}
        submitLabel="Save the password and sign in"
        afterStatus={
          linkRefused && (
            <p>
              <Link to="/reset-password" className="button button-secondary">
                E-mail me a new link
              </Link>
            </p>
          )
        }
      >
        <NewPasswordFields
          label="New password"
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
        />
      </AccountForm>
    </AccountPage>
  )
}
