import { createFileRoute } from '@tanstack/react-router'
import { NewPasswordScreen } from '../../../features/account/components/new-password-screen.tsx'
import { withHead } from '../../../lib/head.ts'
import { loaderHead } from '../../../lib/loader-head.ts'

/**
 * The page a mailed reset link opens: `/PasswordResets/newpassword/{token}`
 * (docs/accounts-and-guests.md).
 */
export const Route = createFileRoute('/PasswordResets/newpassword/$')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead({}, { title: 'Choose a new password' })
  },
  head: loaderHead,
  component: function NewPasswordRoute() {
    const { _splat: token = '' } = Route.useParams()
    return <NewPasswordScreen key={token} token={token} />
  },
})
