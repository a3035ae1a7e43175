import { createFileRoute, useLocation } from '@tanstack/react-router'
import { LoginScreen } from '../features/account/components/login-screen.tsx'
import { RegisterScreen } from '../features/account/components/register-screen.tsx'
import { parseLoginSearch } from '../features/account/search.ts'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'
import { useHydrated } from '../lib/use-hydrated.ts'

/**
 * Sign in (password, guest or mailed link); `?mode=register` creates an account. The search is
 * read here, in the page's own chunk, not by a `validateSearch` that would load with the app.
 */
export const Route = createFileRoute('/login')({
  loader: async ({ context, location }) => {
    await context.loadQueryClient()
    return withHead(
      {},
      parseLoginSearch(location.search).mode === 'register'
        ? { title: 'Create an account', summary: 'Create a Glidecraft account.' }
        : {
            title: 'Sign in',
            summary: 'Sign in with your password, or with just your e-mail address as a guest.',
          },
    )
  },
  head: loaderHead,
  component: function LoginRoute() {
    const search = useLocation({ select: (l) => l.search })
    // The prerendered shell is the plain sign-in form: hydrated as it is, then the search's view.
    const hydrated = useHydrated()
    const { mode, redirect, dealer } = hydrated
      ? parseLoginSearch(search)
      : { mode: undefined, redirect: undefined, dealer: undefined }
    return mode === 'register' ? (
      <RegisterScreen redirect={redirect} invitation={dealer} />
    ) : (
      <LoginScreen redirect={redirect} />
    )
  },
})
