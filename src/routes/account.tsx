import { createFileRoute } from '@tanstack/react-router'
import { AccountScreen } from '../features/account/components/account-screen.tsx'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'

/** The customer's profile and saved addresses; the sign-in screen when signed out. */
export const Route = createFileRoute('/account')({
  loader: async ({ context }) => {
    await context.loadQueryClient()
    return withHead({}, { title: 'Your account', summary: 'Your profile and saved addresses.' })
  },
  head: loaderHead,
  component: AccountScreen,
})
