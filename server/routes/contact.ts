import { createRoute } from '@hono/zod-openapi'
import {
  ContactRequest,
  contactReceivedMessage,
  FormAnswer,
  type FormAnswer as FormAnswerBody,
} from '../../contract/contact.ts'
import { errorResponse, throttledResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { queueContactMail } from '../services/contact.ts'
import { formHeaders, formRefusals, receiveForm, type FormDeps } from './contact-form.ts'

export const FormAnswerSchema = component(FormAnswer, 'FormAnswer')
const ContactSchema = component(ContactRequest, 'ContactRequest').openapi({
  example: {
    name: 'Robin Pilot',
    email: 'robin@example.com',
    subject: 'Sizing a Corvid 2',
    message: 'I am 1.83 m and 78 kg: which size fits me?',
  },
})

/**
 * `POST /api/contact/` (docs/forms.md, with its trailing slash): the contact form, mailed to the
 * shop.
 */
export function contactRoutes(deps: FormDeps & { contactEmail: string }) {
  const contact = createRoute({
    method: 'post',
    path: '/contact/',
    tags: ['forms'],
    summary: 'Send the contact form',
    description:
      'Mails the message to the shop (CONTACT_EMAIL) through the outbox, with the visitor’s ' +
      'address as Reply-To. `website` is a honeypot: a form that fills it gets the same answer ' +
      'and is dropped. Counted per (e-mail, client address): 5 an hour, and 20 per client ' +
      'address. Once per `Idempotency-Key`.',
    request: {
      headers: formHeaders,
      body: { required: true, content: { 'application/json': { schema: ContactSchema } } },
    },
    responses: {
      200: {
        description: 'Taken: the mail is queued',
        content: { 'application/json': { schema: FormAnswerSchema } },
      },
      422: errorResponse(formRefusals),
      429: throttledResponse,
    },
  })

  const answer: FormAnswerBody = { received: true, message: contactReceivedMessage }
  return createRouter().openapi(contact, async (c) => {
    const form = c.req.valid('json')
    return receiveForm(c, deps, {
      call: 'POST /contact/',
      form: 'contact',
      body: form,
      sender: form.email,
      honeypot: form.website,
      answer: { status: 200, body: answer },
      work: (tx, dedupeKey) =>
        queueContactMail(tx, { siteUrl: deps.siteUrl, to: deps.contactEmail, form, dedupeKey }),
    })
  })
}
