import { createFileRoute } from '@tanstack/react-router'
import { LoginLinkScreen } from '../../features/account/components/login-link-screen.tsx'
import { withHead } from '../../lib/head.ts'
import { loaderHead } from '../../lib/loader-head.ts'

/**
 * A one-time sign-in link, mailed or made by an admin: `/LoginFromAdmin/{token}`
 * (docs/accounts-and-guests.md).
 */
export const Route = createFileRoute('/LoginFromAdmin/$')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead({}, { title: 'Signing you in' })
  },
  head: loaderHead,
  component: function LoginFromAdminRoute() {
    const { _splat: token = '' } = Route.useParams()
    return <LoginLinkScreen key={token} token={token} />
  },
})
