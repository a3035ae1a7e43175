import type { Page } from '@playwright/test'
import { expect, expectFailedResource, test, waitForServiceWorker } from './fixtures.ts'
import { linkPath, openMailbox, type Mailbox } from './mailbox.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

/*
 * Accounts in a real browser against the real server: mail goes through real SMTP to the
 * mailbox this file opens (tests/e2e/mailbox.ts), and the tests open the links as they came.
 */

let mailbox: Mailbox

test.beforeAll(async () => {
  mailbox = await openMailbox()
})

test.afterAll(async () => {
  await mailbox.close()
})

/** A fresh address per test and run: the server's database lives for the whole run. */
function newAddress(who: string): string {
  return `${who}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`
}

/** The header's account link (the wide header's shortcuts at Playwright's 1280 px default). */
function headerAccount(page: Page) {
  return page.getByRole('navigation', { name: 'Shortcuts' }).getByRole('link').last()
}

interface Sent {
  path: string
  body: unknown
  headers: Record<string, string>
}

/**
 * Records what the page's fetch sends, body and headers, as the app hands it over: the request
 * reaches DevTools as a stream, whose body Playwright cannot show.
 */
async function recordRequests(page: Page) {
  await page.addInitScript(() => {
    const sent: unknown[] = []
    ;(window as unknown as { sentRequests: unknown[] }).sentRequests = sent
    const original = window.fetch.bind(window)
    window.fetch = async (input, init) => {
      const request = new Request(input, init)
      const text = await request.clone().text()
      sent.push({
        path: new URL(request.url).pathname,
        body: text ? (JSON.parse(text) as unknown) : null,
        headers: Object.fromEntries(request.headers),
      })
      return original(request)
    }
  })
}

/** What the page sent to `path`, once it has. */
async function sentTo(page: Page, path: string): Promise<Sent> {
  let found: Sent | undefined
  await expect
    .poll(async () => {
      const sent = await page.evaluate(
        () => (window as unknown as { sentRequests: Sent[] }).sentRequests,
      )
      found = sent.find((request) => request.path.startsWith(path))
      return found !== undefined
    })
    .toBe(true)
  return found!
}

const persistedCache = (page: Page) =>
  page.evaluate(() => window.localStorage.getItem('glidecraft-query-cache') ?? '')

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

async function signOut(page: Page) {
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to your account' }),
  ).toBeVisible()
  await expect(page.getByText('You are signed out.')).toBeVisible()
}

test('register, sign in by the mailed link, sign out, sign in with the password', async ({
  page,
  context,
  consoleErrors,
}) => {
  const email = newAddress('robin')
  await recordRequests(page)
  await page.goto('/login')
  await expect(headerAccount(page)).toHaveText('Sign in')
  await page.getByRole('link', { name: 'Create an account' }).click()
  await expect(page).toHaveURL(/\/login\?mode=register$/)

  await page.getByLabel('Your name').fill('Robin Flyer')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('glide-far-2026')
  await page.getByLabel('Password again').fill('glide-far-2025')
  await page.getByRole('button', { name: 'Create account' }).click()
  // Checked on the device: the message sits under its field, and nothing was sent.
  const again = page.getByLabel('Password again')
  await expect(again).toHaveAttribute('aria-invalid', 'true')
  await expect(again).toHaveAccessibleDescription('The passwords do not match.')
  await expect(again).toBeFocused()

  await again.fill('glide-far-2026')
  await page.getByRole('button', { name: 'Create account' }).click()
  // The spec's field names on the wire, from the real page.
  expect((await sentTo(page, '/api/user/create')).body).toEqual({
    email,
    password: 'glide-far-2026',
    confirmPassword: 'glide-far-2026',
    name: 'Robin Flyer',
  })
  await expect(page.getByRole('status')).toContainText('We have sent you an e-mail')

  const welcome = await mailbox.next(email)
  expect(welcome.subject).toBe('Confirm your address at Glidecraft')
  await page.goto(linkPath(welcome, '/LoginFromAdmin'))
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText('Signed in as Robin Flyer')).toBeVisible()
  await expect(headerAccount(page)).toHaveAccessibleName('Account: Robin Flyer')
  await expect(page.getByText('No saved addresses yet.')).toBeVisible()

  await signOut(page)
  expect((await context.cookies()).map((cookie) => cookie.name)).not.toContain('authToken')
  await expect(headerAccount(page)).toHaveText('Sign in')

  // A wrong password: the server's message under the e-mail field, the same for any address.
  await signInWithPassword(page, email, 'not-the-password')
  await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription(
    'These credentials do not match our records.',
  )
  await expect(page.getByLabel('E-mail address')).toBeFocused()
  expectFailedResource(consoleErrors, 422)

  await page.getByLabel('Password', { exact: true }).fill('glide-far-2026')
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText('Signed in as Robin Flyer')).toBeVisible()
  await expect(headerAccount(page)).toHaveAccessibleName('Account: Robin Flyer')
  await expect(page.getByRole('heading', { name: 'Your account', level: 1 })).toBeVisible()

  // The name is edited on the account page, and the header follows.
  await page.getByLabel('Name', { exact: true }).fill('Robin Skyward')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Your name is saved.')).toBeVisible()
  await expect(headerAccount(page)).toHaveAccessibleName('Account: Robin Skyward')
  await page.reload()
  await expect(headerAccount(page)).toHaveAccessibleName('Account: Robin Skyward')
  // A prerendered page says "Sign in" in its HTML; once hydrated it shows who is signed in.
  await page.goto('/wingsuits')
  await expect(headerAccount(page)).toHaveAccessibleName('Account: Robin Skyward')
})

test('a guest signs in with the e-mail alone, then sets a password through the mailed link', async ({
  page,
  consoleErrors,
}) => {
  const email = newAddress('guest')
  await recordRequests(page)
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'Continue as a guest' }).click()
  const request = await sentTo(page, '/api/login-guest')
  // docs/accounts-and-guests.md: a guest's remember flag is false unless ticked; the device's cart
  // goes along.
  expect(request.body).toEqual({ email, remember: false })
  expect(request.headers['x-cart-token']).toMatch(/^[A-Za-z0-9_-]{43}$/)

  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'You are signed in as a guest' })).toBeVisible()
  await expect(headerAccount(page)).toHaveAccessibleName(`Account: ${email} Guest`)

  await page.getByRole('button', { name: 'Set a password' }).click()
  await expect(
    page.getByRole('status').filter({ hasText: 'we have sent it an e-mail' }),
  ).toBeVisible()
  const reset = await mailbox.next(email)
  expect(reset.subject).toBe('Set your Glidecraft password')
  const resetPath = linkPath(reset, '/PasswordResets/newpassword')

  // Once the page is up it asks whether the guest session still holds; the new password ends
  // that session, so the question is let through first (its 401 would be an expected error).
  const sessionChecked = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/user')
  await page.goto(resetPath)
  await sessionChecked
  await page.getByLabel('New password', { exact: true }).fill('first-password-1')
  await page.getByLabel('New password again').fill('first-password-1')
  await page.getByRole('button', { name: 'Save the password and sign in' }).click()
  await expect(page).toHaveURL(/\/account$/)
  // Now an account: a profile, no guest notice.
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
  await expect(headerAccount(page)).toHaveAccessibleName(`Account: ${email}`)

  // The link worked once.
  await page.goto(resetPath)
  await page.getByLabel('New password', { exact: true }).fill('second-password-2')
  await page.getByLabel('New password again').fill('second-password-2')
  await page.getByRole('button', { name: 'Save the password and sign in' }).click()
  await expect(page.getByRole('alert')).toHaveText('This link is invalid, already used or expired.')
  await expect(page.getByRole('link', { name: 'E-mail me a new link' })).toBeVisible()
  expectFailedResource(consoleErrors, 422)

  await page.goto('/account')
  await signOut(page)
  await signInWithPassword(page, email, 'first-password-1')
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible()
  // The page may ask about the ended guest session once more before it reads the new one: that
  // 401 is the answer expected then (CI met it once), not a fault.
  const endedSession = /the server responded with a status of 401/
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((e) => !endedSession.test(e)),
  )
})

test('forgot password: the reset link arrives by SMTP and the new password signs in', async ({
  page,
}) => {
  // An account of its own with a password, which this test changes (the demo accounts' stay
  // as other specs sign in with them).
  const email = newAddress('reset')
  const created = await page.request.post('/api/user/create', {
    data: {
      name: 'Rene Resetter',
      email,
      password: 'reset-old-pass',
      confirmPassword: 'reset-old-pass',
    },
  })
  expect(created.status()).toBe(200)
  await mailbox.next(email) // its welcome
  await recordRequests(page)
  await page.goto('/login')
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/reset-password$/)
  // The address changes before the new screen shows: the sign-in form has an e-mail field too.
  await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible()
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'E-mail me a reset link' }).click()
  expect((await sentTo(page, '/api/password/forgot')).body).toEqual({ email })
  // Said alike for any address: it never tells whether an account exists.
  await expect(page.getByRole('status')).toHaveText(
    'If an account uses this address, we have sent it an e-mail. The link works for one hour.',
  )

  const mail = await mailbox.next(email)
  await page.goto(linkPath(mail, '/PasswordResets/newpassword'))
  await expect(page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('reset-new-pass')
  await page.getByLabel('New password again').fill('reset-new-pass')
  await page.getByRole('button', { name: 'Save the password and sign in' }).click()
  expect((await sentTo(page, '/api/password/usetoken/')).body).toEqual({
    password: 'reset-new-pass',
    confirmPassword: 'reset-new-pass',
  })
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText('Signed in as Rene Resetter')).toBeVisible()

  await signOut(page)
  await signInWithPassword(page, email, 'reset-new-pass')
  await expect(page.getByText('Signed in as Rene Resetter')).toBeVisible()
})

test('a mailed sign-in link signs in once; used again it says so and offers a new one', async ({
  page,
  consoleErrors,
}) => {
  const email = 'customer@example.com'
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByRole('button', { name: 'E-mail me a sign-in link' }).click()
  await expect(page.getByRole('status')).toHaveText(
    'If an account uses this address, we have sent it an e-mail. The link works for one hour.',
  )
  const mail = await mailbox.next(email)
  const path = linkPath(mail, '/LoginFromAdmin')

  await page.goto(path)
  await expect(page).toHaveURL(/\/account$/)
  await expect(page.getByText('Signed in as Casey Customer')).toBeVisible()
  // The demo customer's saved address.
  await expect(page.getByText('Default address')).toBeVisible()
  await expect(page.locator('.address-list address')).toHaveCount(1)

  await page.goto(path)
  await expect(
    page.getByRole('alert').filter({ hasText: 'This sign-in link no longer works' }),
  ).toBeVisible()
  expectFailedResource(consoleErrors, 422)
  await expect(page.getByRole('button', { name: 'E-mail me a new sign-in link' })).toBeVisible()
})

test('signing out forgets the session and the persisted user; offline, start after start, the account shows what the device kept', async ({
  page,
  context,
  consoleErrors,
}) => {
  await signInWithPassword(page, 'admin@example.com', 'flyfast-demo')
  await expect(page.getByText('Signed in as Alex Admin')).toBeVisible()
  await waitForServiceWorker(page)
  // The persister writes within a second of a change.
  await expect.poll(() => persistedCache(page)).toContain('admin@example.com')

  await context.setOffline(true)
  await page.reload()
  await expect(headerAccount(page)).toHaveAccessibleName('Account: Alex Admin')
  await expect(page.getByText('Signed in as Alex Admin')).toBeVisible()
  await expect(
    page.getByText(/You are offline\. .*changes need a network connection/),
  ).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill('Alex Offline')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(
    page.getByRole('alert').filter({
      hasText:
        'This device is offline: nothing was sent. Try again when it has a network connection.',
    }),
  ).toBeVisible()
  expectFailedResource(consoleErrors, 'offline')
  // Every offline start refetched the user and failed: the device still holds its copy.
  await page.reload()
  await expect(headerAccount(page)).toHaveAccessibleName('Account: Alex Admin')
  await expect(page.getByText('Signed in as Alex Admin')).toBeVisible()
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Alex Admin')
  await expect(
    page.getByText(/You are offline\. .*changes need a network connection/),
  ).toBeVisible()
  expectFailedResource(consoleErrors, 'offline')
  await context.setOffline(false)

  await page.goto('/account')
  await signOut(page)
  const names = (await context.cookies()).map((cookie) => cookie.name)
  for (const name of ['authToken', 'ACCESS_TOKEN', 'CSRF_TOKEN']) expect(names).not.toContain(name)
  expect(await persistedCache(page)).not.toContain('admin@example.com')
  await page.reload()
  await expect(headerAccount(page)).toHaveText('Sign in')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Sign in to your account' }),
  ).toBeVisible()
})

test('too many sign-in attempts say how long to wait', async ({ page, consoleErrors }) => {
  const email = newAddress('nobody')
  await page.goto('/login')
  await page.getByLabel('E-mail address').fill(email)
  await page.getByLabel('Password', { exact: true }).fill('a-guess')
  const signIn = page.getByRole('button', { name: 'Sign in', exact: true })
  // The server allows 5 attempts per address and client in 15 minutes.
  for (let attempt = 1; attempt <= 5; attempt++) {
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/login')
    await signIn.click()
    expect((await answered).status()).toBe(422)
  }
  await signIn.click()
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: /^Too many attempts\. Try again in 1[45] minutes\.$/ }),
  ).toBeVisible()
  expectFailedResource(consoleErrors, 422)
  expectFailedResource(consoleErrors, 429)
})
