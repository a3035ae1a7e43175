import type { Page, Request } from '@playwright/test'
import { expect, forgetOfflineFailures, test, waitForServiceWorker } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * The invisible reCAPTCHA on a form page reached by a link inside the app (issue 17). The same
 * build as every other spec, served by a server with a site key (set below: these tests get a
 * worker and a server of their own), which hands the key to each page it sends and opens
 * Google's origins on the form pages. Google's script is answered here by a
 * stand-in that hands out a token, but the page's Content-Security-Policy still decides whether
 * the script may load at all: a form page reached from a page without Google's origins must be
 * loaded afresh for it to work.
 */

const SITE_KEY = 'e2e-site-key'
test.use({ storeEnv: { RECAPTCHA_SITE_KEY: SITE_KEY } })

const SCRIPT = 'https://www.google.com/recaptcha/api.js**'
const COACH = { path: '/coaches/elin-vardal', name: 'Elin Vårdal' }

/** A stand-in for Google's script: every execute() answers with a fresh token. */
const standIn = `
window.grecaptcha = {
  ready: (callback) => callback(),
  render: (container, parameters) => { window.__recaptcha = parameters; return 1 },
  execute: () => setTimeout(() => window.__recaptcha.callback('e2e-token-' + Date.now()), 10),
  reset: () => {},
}`

async function answerGoogle(page: Page): Promise<Request[]> {
  const asked: Request[] = []
  await page.route(SCRIPT, (route) => {
    asked.push(route.request())
    return route.fulfill({ contentType: 'text/javascript', body: standIn })
  })
  return asked
}

/** The page's Content-Security-Policy, as its document came with it. */
async function documentPolicy(page: Page, path: string): Promise<string> {
  const response = await page.goto(path)
  return (await response!.allHeaders())['content-security-policy'] ?? ''
}

/** Marks this document, to tell a full page load (the mark is gone) from an in-app one. */
const markDocument = (page: Page) =>
  page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true))
const sameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true)

test('the contact page reached from the home page loads reCAPTCHA and sends its token', async ({
  page,
}) => {
  const asked = await answerGoogle(page)
  const policy = await documentPolicy(page, '/')
  expect(policy).toContain("script-src 'self'")
  expect(policy).not.toContain('google')
  await markDocument(page)

  await page.getByRole('navigation').getByRole('link', { name: 'Contact' }).first().click()
  await expect(page).toHaveURL(/\/contact$/)
  const form = page.getByRole('region', { name: 'Write to us' })
  // A full page load, then the form's own chunk: slower than an in-app step on a busy machine.
  await expect(form.getByRole('button', { name: 'Send message' })).toBeVisible({ timeout: 20_000 })
  expect(await sameDocument(page)).toBe(false)
  await expect.poll(() => asked.length).toBeGreaterThan(0)

  await form.getByLabel('Your name').fill('Dana Pilot')
  await form.getByLabel('Your e-mail address').fill('dana@example.com')
  await form.getByLabel('Your message').fill('Do you ship to Norway?')
  const sent = page.waitForRequest(
    (r) => r.url().endsWith('/api/contact/') && r.method() === 'POST',
  )
  await form.getByRole('button', { name: 'Send message' }).click()
  expect((await sent).headers()['x-recaptcha-token']).toMatch(/^e2e-token-/)
  await expect(form.getByTestId('form-status')).toHaveText(/^Sent\. Thank you/)
  // The widget was made with the key the server handed the page.
  const renderedWith = await page.evaluate(
    () => (window as unknown as { __recaptcha: { sitekey: string } }).__recaptcha.sitekey,
  )
  expect(renderedWith).toBe(SITE_KEY)
  // Back on the home page, the policy is the strict one again.
  expect(await documentPolicy(page, '/')).not.toContain('google')
})

test('a coach’s page reached from the coaches list loads reCAPTCHA and sends its token', async ({
  page,
}) => {
  const asked = await answerGoogle(page)
  expect(await documentPolicy(page, '/coaches')).not.toContain('google')
  await markDocument(page)

  await page.getByRole('main').locator(`a[href="${COACH.path}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`${COACH.path}$`))
  const form = page.getByRole('region', { name: `Write to ${COACH.name}` })
  await expect(form.getByRole('button', { name: `Send to ${COACH.name}` })).toBeVisible({
    timeout: 20_000,
  })
  expect(await sameDocument(page)).toBe(false)
  await expect.poll(() => asked.length).toBeGreaterThan(0)

  await form.getByLabel('Your name').fill('Robin Pilot')
  await form.getByLabel('Your e-mail address').fill('robin@example.com')
  await form.getByLabel('Your message').fill('Room for a first-flight course?')
  const sent = page.waitForRequest(
    (r) => r.url().includes('/api/coach/contact-coaches/') && r.method() === 'POST',
  )
  await form.getByRole('button', { name: `Send to ${COACH.name}` }).click()
  expect((await sent).headers()['x-recaptcha-token']).toMatch(/^e2e-token-/)
  await expect(form.getByTestId('form-status')).toHaveText(/^Sent\. Thank you/)
})

test('sign-in reached from the header: guest sign-in and registration send a token', async ({
  page,
}) => {
  const asked = await answerGoogle(page)
  expect(await documentPolicy(page, '/store')).not.toContain('google')
  await markDocument(page)

  await page.getByRole('link', { name: 'Sign in' }).first().click()
  await expect(page).toHaveURL(/\/login$/)
  // The form is enabled once the fresh page has hydrated: a link clicked before that is a plain
  // link, and loads its page afresh whatever the rule says.
  await expect(page.getByRole('button', { name: 'Continue as a guest' })).toBeEnabled()
  expect(await sameDocument(page)).toBe(false)

  // Registration: a link inside the sign-in page, whose policy already lets Google in.
  await markDocument(page)
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/login\?mode=register$/)
  expect(await sameDocument(page)).toBe(true)
  await page.getByLabel('Your name').fill('Robin Flyer')
  await page.getByLabel('E-mail address').fill(`robin-${Date.now()}@example.com`)
  await page.getByLabel('Password', { exact: true }).fill('glide-far-2026')
  await page.getByLabel('Password again').fill('glide-far-2026')
  const registered = page.waitForRequest((r) => r.url().endsWith('/api/user/create'))
  await page.getByRole('button', { name: 'Create account' }).click()
  expect((await registered).headers()['x-recaptcha-token']).toMatch(/^e2e-token-/)
  expect(asked.length).toBeGreaterThan(0)

  await page.goto('/store')
  await markDocument(page)
  await page.getByRole('link', { name: 'Sign in' }).first().click()
  await expect(page.getByRole('button', { name: 'Continue as a guest' })).toBeVisible()
  expect(await sameDocument(page)).toBe(false)
  await page.getByLabel('E-mail address').fill(`guest-${Date.now()}@example.com`)
  const guest = page.waitForRequest((r) => r.url().endsWith('/api/login-guest'))
  await page.getByRole('button', { name: 'Continue as a guest' }).click()
  expect((await guest).headers()['x-recaptcha-token']).toMatch(/^e2e-token-/)
})

test('offline, the contact page opens in place, loads no script and queues the form', async ({
  context,
  page,
  consoleErrors,
}) => {
  const asked = await answerGoogle(page)
  await page.goto('/')
  await waitForServiceWorker(page)
  await markDocument(page)
  await context.setOffline(true)

  await page.getByRole('navigation').getByRole('link', { name: 'Contact' }).first().click()
  await expect(page).toHaveURL(/\/contact$/)
  const form = page.getByRole('region', { name: 'Write to us' })
  await expect(form.getByRole('button', { name: 'Send message' })).toBeVisible()
  expect(await sameDocument(page)).toBe(true)

  await form.getByLabel('Your name').fill('Dana Pilot')
  await form.getByLabel('Your e-mail address').fill('dana@example.com')
  await form.getByLabel('Your message').fill('Written at the drop zone.')
  await form.getByRole('button', { name: 'Send message' }).click()
  await expect(form.getByTestId('form-status')).toHaveText(/saved on this device/)
  expect(asked).toHaveLength(0)
  forgetOfflineFailures(consoleErrors)
  // The console said why the form went without a token; that is no failure of the page.
  consoleErrors.splice(0)
})
