import { afterEach, describe, expect, it, vi } from 'vitest'
import { API_MARK_HEADER, API_MARK_VALUE } from '../../../contract/api-mark.ts'
import { db } from '../../lib/db.ts'
import { sendForm, ValidationError } from './api.ts'

afterEach(async () => {
  vi.unstubAllGlobals()
  await db.cartOutbox.clear()
  await db.cartRefusals.clear()
})

/** An answer as the store's API gives it: marked as its own. */
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', [API_MARK_HEADER]: API_MARK_VALUE },
  })

const message = {
  form: 'contact' as const,
  path: '/api/contact/',
  name: 'Message to the shop',
  body: { name: 'Robin', email: 'robin@example.com', message: 'Do you ship to Norway?' },
}

/** The form posts the test's fake shop saw, by their Idempotency-Key. */
function postedKeys(): (string | null)[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([url]) => String(url).endsWith('/api/contact/'))
    .map(([, init]) => new Headers(init?.headers).get('Idempotency-Key'))
}

describe('a form sent from a page no service worker controls', () => {
  it('with no network, waits on the device and is sent once when the network returns', async () => {
    let online = false
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        if (!online) throw new TypeError('Failed to fetch')
        return json(200, { received: true, message: 'Thank you, we will answer soon.' })
      }),
    )
    const sent = await sendForm(message)
    expect(sent.outcome).toBe('queued')
    expect(await db.waitingForms()).toMatchObject([{ key: sent.key, path: '/api/contact/' }])

    online = true
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(async () => expect(await db.waitingForms()).toEqual([]), { timeout: 3000 })
    // Every attempt (the one the network dropped, the one it took) under the key made at send.
    expect(new Set(postedKeys())).toEqual(new Set([sent.key]))
    expect((await db.formsSent()).map((record) => record.key)).toContain(sent.key)
  })

  it('shows the shop’s refusal in the form, and leaves no refusal behind for the notice', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          message: 'The given data was invalid.',
          errors: { email: ['Enter a valid e-mail address.'] },
        }),
      ),
    )
    const error = await sendForm(message).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).errors).toEqual({ email: ['Enter a valid e-mail address.'] })
    expect(await db.waitingForms()).toEqual([])
    expect(await db.cartRefusals.count()).toBe(0)
  })
})
