import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { afterSignIn, sendLoginLink, verifyLogin } from '../api.ts'
import { failureMessage, isInvalidLink, messages } from '../model.ts'
import { AccountPage } from './account-form.tsx'
import { EmailLinkForm } from './email-link-form.tsx'

/**
 * The page a one-time sign-in link opens (`/LoginFromAdmin/{token}`: mailed on request or made
 * by an admin). It uses the link at once and goes to the account. A used or expired link says
 * so and offers a new one; offline, the link is not used up and can be tried again.
 */
export function LoginLinkScreen({ token }: { token: string }) {
  const client = useQueryClient()
  const navigate = useNavigate()
  const verify = useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      await verifyLogin(token)
      await afterSignIn(client)
    },
    onSuccess: () => void navigate({ to: '/account', replace: true }),
  })
  // Once per page: a link works only once, and React may run an effect twice in development.
  const started = useRef(false)
  useEffect(() => {
    if (started.current) return
    started.current = true
    verify.mutate()
  }, [verify])

  const error = verify.error
  return (
    <AccountPage
      heading="Signing you in"
      switchTo={
        <>
          Or <Link to="/login">sign in another way</Link>.
        </>
      }
    >
      {!error && <p role="status">Checking your sign-in link…</p>}
      {error && isInvalidLink(error) && (
        <>
          <p role="alert" className="form-problem">
            This sign-in link no longer works: each link works once, for 15 minutes.
          </p>
          <EmailLinkForm
            send={sendLoginLink}
            submitLabel="E-mail me a new sign-in link"
            heading={<h2>Get a new link</h2>}
          />
        </>
      )}
      {error && !isInvalidLink(error) && (
        <>
          <p role="alert" className="form-problem">
            {failureMessage(error) === messages.offline
              ? 'This device is offline: the link was not used. Try again when it has a network connection.'
              : failureMessage(error)}
          </p>
          <div className="account-actions">
            <button type="button" className="button" onClick={() => verify.mutate()}>
              Try again
            </button>
          </div>
        </>
      )}
    </AccountPage>
  )
}
