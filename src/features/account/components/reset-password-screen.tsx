import { Link } from '@tanstack/react-router'
import { sendResetLink } from '../api.ts'
import { AccountPage } from './account-form.tsx'
import { EmailLinkForm } from './email-link-form.tsx'

/**
 * "Forgot your password?": mails a link to `/PasswordResets/newpassword/{token}`. The answer is
 * the same whether an account uses the address or not, and so is what the screen says. A guest
 * sets a first password the same way.
 */
export function ResetPasswordScreen() {
  return (
    <AccountPage
      heading="Reset your password"
      lead="We e-mail you a link to choose a new password. Signed in as a guest? This sets your first password."
      switchTo={
        <>
          Remembered it? <Link to="/login">Sign in</Link>
        </>
      }
    >
      <EmailLinkForm send={sendResetLink} submitLabel="E-mail me a reset link" />
    </AccountPage>
  )
}
