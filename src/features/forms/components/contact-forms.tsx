import { OutboxForm } from './outbox-form.tsx'

/** `/contact`: the contact form (POST /api/contact/, with its trailing slash). */
export function ContactForm() {
  return (
    <section aria-labelledby="contact-form-heading" className="panel">
      <h2 id="contact-form-heading">Write to us</h2>
      <p>
        Sizing, an order, a repair: we answer every message by e-mail. No signal? Write it anyway:
        it is kept on this device and sent when you are back online.
      </p>
      <OutboxForm
        kind="contact"
        path="/api/contact/"
        name="Your message"
        submitLabel="Send message"
        recaptcha
      />
    </section>
  )
}

/**
 * A coach's page: the contact form (POST /api/coach/contact-coaches/{coachSlug}). The coach's
 * address never reaches the page: the shop mails the message on, with the visitor's as Reply-To.
 */
export default function CoachContactForm({ slug, name }: { slug: string; name: string }) {
  return (
    <section aria-labelledby="contact-heading" className="panel">
      <h2 id="contact-heading">Write to {name}</h2>
      <p>
        Your message goes to {name} by e-mail, and the answer comes straight to your inbox. No
        signal? Write it anyway: it is kept on this device and sent when you are back online.
      </p>
      <OutboxForm
        kind="contact-coach"
        path={`/api/coach/contact-coaches/${encodeURIComponent(slug)}`}
        name={`Your message to ${name}`}
        submitLabel={`Send to ${name}`}
        recaptcha
      />
    </section>
  )
}
