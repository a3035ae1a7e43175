import { Link } from '@tanstack/react-router'
import { register } from '../api.ts'
import { checkRegistration } from '../model.ts'
import { AccountForm, AccountPage } from './account-form.tsx'
import { EmailField, NewPasswordFields, AccountTextField } from './form-fields.tsx'
import { useAccountForm } from './use-account-form.ts'

const fields = ['name', 'email', 'password', 'confirmPassword'] as const

/**
 * Create an account. The server answers alike for a new and a known address and opens no
 * session: it mails a link confirming the address (or, to a known address, a reset link), so the
 * screen says to look in the mailbox. Through a dealer's invitation link (`?dealer=`), the
 * account becomes that dealer's customer once the address is confirmed.
 */
export function RegisterScreen({
  redirect,
  invitation,
}: {
  redirect?: string | undefined
  /** A dealer's invitation code from its link: the new account becomes its customer. */
  invitation?: string | undefined
}) {
  const form = useAccountForm({
    initial: { name: '', email: '', password: '', confirmPassword: '' },
    fields,
    check: checkRegistration,
    send: (values) =>
      register({
        email: values.email.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        ...(values.name.trim() ? { name: values.name.trim() } : {}),
        ...(invitation ? { dealer: invitation } : {}),
      }),
    onSent: (accepted, { setValues }) => {
      setValues((v) => ({ ...v, password: '', confirmPassword: '' }))
      return accepted.message
    },
  })

  return (
    <AccountPage
      heading="Create an account"
      lead="Keep your orders, addresses and designs together. We e-mail you a link to confirm your address: what you ordered as a guest joins the account once you use it."
      switchTo={
        <>
          Already have an account?{' '}
          <Link to="/login" search={redirect ? { redirect } : {}}>
            Sign in
          </Link>
        </>
      }
    >
      {invitation && (
        <p role="note" className="field-hint">
          You came through your dealer’s invitation link: your new account becomes its customer once
          you confirm your address from the e-mail.
        </p>
      )}
      <AccountForm form={form} submitLabel="Create account">
        <AccountTextField {...form.field('name')} label="Your name" autoComplete="name" />
        <EmailField {...form.field('email')} />
        <NewPasswordFields
          label="Password"
          password={form.field('password')}
          confirmPassword={form.field('confirmPassword')}
        />
      </AccountForm>
    </AccountPage>
  )
}
