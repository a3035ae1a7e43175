import { createRoute, z } from '@hono/zod-openapi'
import {
  coachContactReceivedMessage,
  ContactCoachRequest,
  unknownCoachMessage,
} from '../../contract/contact.ts'
import { Slug } from '../../contract/slug.ts'
import { errorResponse, throttledResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { findCoach, queueCoachMail } from '../services/contact.ts'
import { formHeaders, formRefusals, receiveForm, type FormDeps } from './contact-form.ts'
import { FormAnswerSchema } from './contact.ts'

const ContactCoachSchema = component(ContactCoachRequest, 'ContactCoachRequest').openapi({
  example: {
    name: 'Robin Pilot',
    email: 'robin@example.com',
    message: 'Do you have room for a first-flight course in May?',
  },
})

const CoachParam = z.object({
  coachSlug: Slug.clone().openapi({
    param: { name: 'coachSlug', in: 'path' },
    description: 'The coach’s slug, as in `/coaches/{slug}`',
    example: 'elin-vardal',
  }),
})

/**
 * `POST /api/coach/contact-coaches/{coachSlug}` (docs/forms.md: the slug in the path, never in the
 * body): the message goes to the coach's address from content/, which no answer ever shows.
 */
export function coachContactRoutes(deps: FormDeps) {
  const contactCoach = createRoute({
    method: 'post',
    path: '/coach/contact-coaches/{coachSlug}',
    tags: ['forms'],
    summary: 'Write to a coach',
    description:
      'Mails the message to the coach through the outbox, with the visitor’s address as ' +
      'Reply-To, so the coach answers them directly. The coach’s address is never in an ' +
      'answer. An unknown coach is a 404. Honeypot, rate limits and `Idempotency-Key` as ' +
      '`POST /api/contact/`.',
    request: {
      params: CoachParam,
      headers: formHeaders,
      body: { required: true, content: { 'application/json': { schema: ContactCoachSchema } } },
    },
    responses: {
      200: {
        description: 'Taken: the mail is queued',
        content: { 'application/json': { schema: FormAnswerSchema } },
      },
      404: errorResponse('No coach has this slug'),
      422: errorResponse(formRefusals),
      429: throttledResponse,
    },
  })

  return createRouter().openapi(contactCoach, async (c) => {
    const { coachSlug } = c.req.valid('param')
    const form = c.req.valid('json')
    const coach = await findCoach(deps.db, coachSlug)
    if (!coach) return c.json({ message: unknownCoachMessage }, 404)
    return receiveForm(c, deps, {
      call: `POST /coach/contact-coaches/${coach.slug}`,
      form: 'contact-coach',
      body: form,
      sender: form.email,
      honeypot: form.website,
      answer: {
        status: 200,
        body: { received: true, message: coachContactReceivedMessage(coach.name) },
      },
      work: (tx, dedupeKey) =>
        queueCoachMail(tx, { siteUrl: deps.siteUrl, coach, form, dedupeKey }),
    })
  })
}
