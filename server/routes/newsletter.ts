import { createRoute, z } from '@hono/zod-openapi'
import {
  newsletterLinkInvalid,
  NewsletterAnswer,
  NewsletterSignUpRequest,
  newsletterTokenPattern,
  signUpPendingMessage,
} from '../../contract/newsletter.ts'
import { errorResponse, throttledResponse } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import {
  confirmNewsletter,
  signUpForNewsletter,
  unsubscribeNewsletter,
} from '../services/newsletter.ts'
import { formHeaders, receiveForm, type FormDeps } from './contact-form.ts'

const SignUpSchema = component(NewsletterSignUpRequest, 'NewsletterSignUpRequest').openapi({
  example: { email: 'robin@example.com' },
})
const AnswerSchema = component(NewsletterAnswer, 'NewsletterAnswer')

const TokenParam = z.object({
  token: z
    .string()
    .regex(newsletterTokenPattern)
    .openapi({
      param: { name: 'token', in: 'path' },
      description: 'The token from the mail’s link (`/newsletter#confirm=…` or `#unsubscribe=…`)',
    }),
})

const answered = (description: string) => ({
  description,
  content: { 'application/json': { schema: AnswerSchema } },
})

/** The newsletter's double opt-in (services/newsletter.ts). */
export function newsletterRoutes(deps: FormDeps) {
  const { db } = deps

  const signUp = createRoute({
    method: 'post',
    path: '/newsletter/sign-up',
    tags: ['newsletter'],
    summary: 'Sign up for the newsletter',
    description:
      'Mails a confirmation link (`/newsletter#confirm={token}`, a week) and an unsubscribe ' +
      'link (a year); the address is on the list only once the link is opened. The answer is the same ' +
      'whether or not the address was on the list already (subscribed: no mail). `optIn` at ' +
      'submit signs the order’s address up the same way. Counted like the other mail-sending ' +
      'calls (3 per e-mail and client address, 20 per client address, per 15 minutes); ' +
      '`website` is a honeypot; once per `Idempotency-Key`.',
    request: {
      headers: formHeaders.pick({ 'idempotency-key': true }),
      body: { required: true, content: { 'application/json': { schema: SignUpSchema } } },
    },
    responses: {
      200: answered('Taken: a confirmation link is on its way (state `pending`)'),
      422: errorResponse('Invalid input per field, or a bad or reused `Idempotency-Key`'),
      429: throttledResponse,
    },
  })

  const linkRoute = (action: 'confirm' | 'unsubscribe', summary: string, description: string) =>
    createRoute({
      method: 'post',
      path: `/newsletter/${action}/{token}`,
      tags: ['newsletter'],
      summary,
      description,
      request: { params: TokenParam },
      responses: {
        200: answered(action === 'confirm' ? 'Subscribed' : 'Unsubscribed'),
        404: errorResponse('The token is not one this server writes'),
        422: errorResponse('The link is unknown or expired (under `token`)'),
      },
    })

  const confirm = linkRoute(
    'confirm',
    'Confirm a newsletter sign-up',
    'Opens the confirmation link (it works a week): the address is subscribed. Opening it ' +
      'again answers the same. The access log never writes the token.',
  )
  const unsubscribe = linkRoute(
    'unsubscribe',
    'Unsubscribe from the newsletter',
    'Opens an unsubscribe link (every mail has one of its own, working for a year): the ' +
      'address is off the list at once, and the confirmation links still out stop working. ' +
      'The access log never writes the token.',
  )

  const invalid = { message: newsletterLinkInvalid, errors: { token: [newsletterLinkInvalid] } }

  return createRouter()
    .openapi(signUp, async (c) => {
      const { email, website } = c.req.valid('json')
      return receiveForm(c, deps, {
        call: 'POST /newsletter/sign-up',
        form: 'newsletter',
        body: { email, website },
        sender: email,
        honeypot: website,
        scope: 'mail',
        captcha: false,
        answer: { status: 200, body: { state: 'pending', message: signUpPendingMessage } },
        work: async (tx, dedupeKey) => ({
          status: 200,
          body: await signUpForNewsletter(tx, {
            email,
            source: 'newsletter-page',
            siteUrl: deps.siteUrl,
            dedupeKey,
          }),
        }),
      })
    })
    .openapi(confirm, async (c) => {
      const { token } = c.req.valid('param')
      const answer = await db.transaction((tx) => confirmNewsletter(tx, token))
      return answer ? c.json(answer, 200) : c.json(invalid, 422)
    })
    .openapi(unsubscribe, async (c) => {
      const { token } = c.req.valid('param')
      const answer = await db.transaction((tx) => unsubscribeNewsletter(tx, token))
      return answer ? c.json(answer, 200) : c.json(invalid, 422)
    })
}
