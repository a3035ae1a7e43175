import { z } from 'zod'
import { Email } from './auth.ts'
import { typedText } from './waiver.ts'

/*
 * The forms that reach the shop (issue 17): the contact form (`POST /api/contact/`, with its
 * trailing slash, docs/forms.md) and a coach's contact form (`POST
 * /api/coach/contact-coaches/{coachSlug}`: the coach's slug in the path, never in the body,
 * docs/forms.md). Both are sent once per Idempotency-Key (a form filled offline waits in the cart
 * outbox and may be sent again), and both carry `website`, a honeypot: a field people never see and
 * so never fill. A form that fills it gets the same answer as any other and is dropped.
 *
 * The reCAPTCHA token (when the site uses one) travels in a header (recaptcha-pages.ts
 * RECAPTCHA_TOKEN_HEADER), so these bodies stay as they are.
 */

/** Google's origins the invisible reCAPTCHA needs: its script, its frame and its images. */
export const recaptchaOrigins = {
  script: ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'],
  frame: ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'],
  connect: ['https://www.google.com/recaptcha/'],
  img: ['https://www.gstatic.com/recaptcha/'],
}

export const maxContactNameLength = 100
export const maxContactSubjectLength = 150
export const maxContactMessageLength = 5000

const Name = typedText(
  z
    .string({ error: 'Enter your name.' })
    .trim()
    .min(1, 'Enter your name.')
    .max(maxContactNameLength, `A name is at most ${maxContactNameLength} characters.`),
)

const Message = typedText(
  z
    .string({ error: 'Write your message.' })
    .trim()
    .min(1, 'Write your message.')
    .max(maxContactMessageLength, `A message is at most ${maxContactMessageLength} characters.`),
  { multiline: true },
)

/** The honeypot: hidden from people (and from screen readers); anything in it marks a robot. */
export const Honeypot = z.string().max(500).optional()

/** `POST /api/contact/` (docs/forms.md). */
export const ContactRequest = z.object({
  name: Name,
  email: Email,
  subject: typedText(
    z
      .string({ error: 'A subject is text.' })
      .trim()
      .max(maxContactSubjectLength, `A subject is at most ${maxContactSubjectLength} characters.`),
  ).optional(),
  message: Message,
  website: Honeypot,
})
export type ContactRequest = z.input<typeof ContactRequest>

/** `POST /api/coach/contact-coaches/{coachSlug}`: who writes, and what; the coach is the path's. */
export const ContactCoachRequest = z.object({
  name: Name,
  email: Email,
  message: Message,
  website: Honeypot,
})
export type ContactCoachRequest = z.input<typeof ContactCoachRequest>

/**
 * What every form call answers once it has taken the form (the same for a honeypot's form):
 * `received` true and a sentence for the visitor.
 */
export const FormAnswer = z.object({
  received: z.literal(true),
  message: z.string(),
})
export type FormAnswer = z.infer<typeof FormAnswer>

/** Whether a body is a form call's answer (what the outbox's drainer accepts as the shop's). */
export function isFormAnswer(body: unknown): body is FormAnswer {
  return FormAnswer.safeParse(body).success
}

export const contactReceivedMessage =
  'Thank you: your message is on its way to us. We answer by e-mail.'
export const coachContactReceivedMessage = (coach: string) =>
  `Thank you: your message is on its way to ${coach}, who will answer you by e-mail.`
export const recaptchaFailedMessage =
  'We could not tell that this was sent by a person. Reload the page and send it again.'
export const unknownCoachMessage = 'There is no coach at this address.'
