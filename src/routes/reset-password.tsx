import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordScreen } from '../features/account/components/reset-password-screen.tsx'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'

/**
 * "Forgot your password?": a reset link by e-mail (docs/accounts-and-guests.md: "reset password").
 */
export const Route = createFileRoute('/reset-password')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead(
      {},
      {
        title: 'Reset your password',
        summary: 'We will e-mail you a link to choose a new password.',
      },
    )
  },
  head: loaderHead,
  component: ResetPasswordScreen,
})
