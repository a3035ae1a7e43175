import { useEffect, useState } from 'react'
import { newsletterLinkOf } from '../../../../contract/newsletter.ts'
import { ApiError, followNewsletterLink, NetworkError } from '../api.ts'
import { OutboxForm } from './outbox-form.tsx'

/**
 * The newsletter page's sign-up (double opt-in: POST /api/newsletter/sign-up mails a link), and
 * the links of its mails: `/newsletter#confirm=…` and `/newsletter#unsubscribe=…` are opened
 * here, the token sent from the fragment (it never reaches a server log or a cache).
 */
export default function NewsletterForm() {
  const [link, setLink] = useState<{ text: string; tone: 'done' | 'problem' }>()

  useEffect(() => {
    const found = newsletterLinkOf(globalThis.location?.hash ?? '')
    if (!found) return
    // The token has done its work once read: it leaves the address bar and the history.
    history.replaceState(history.state, '', globalThis.location.pathname)
    followNewsletterLink(found.action, found.token).then(
      (answer) => setLink({ text: answer.message, tone: 'done' }),
      (error: unknown) =>
        setLink({
          tone: 'problem',
          text:
            error instanceof NetworkError
              ? 'There is no network, so your link could not be used. Open it again when you are online.'
              : error instanceof ApiError
                ? error.message
                : 'The shop could not use your link just now. Please open it again.',
        }),
    )
  }, [])

  return (
    <section aria-labelledby="newsletter-form-heading" className="panel">
      <h2 id="newsletter-form-heading">Sign up</h2>
      <div role="status" aria-live="polite">
        {link && (
          <p className="shop-form-status" data-tone={link.tone} data-testid="newsletter-link">
            {link.text}
          </p>
        )}
      </div>
      <p>
        We send one e-mail with a link to confirm: nothing more comes until you open it, and every
        newsletter has a link to leave.
      </p>
      <OutboxForm
        kind="newsletter"
        path="/api/newsletter/sign-up"
        name="Your newsletter sign-up"
        submitLabel="Sign up"
      />
    </section>
  )
}
