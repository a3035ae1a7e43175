import type { Page } from '@playwright/test'
import { expect, expectFailedResource, test, waitForServiceWorker } from './fixtures.ts'

// Not about the site's offline data: its background download stays out of the way (fixtures.ts).
test.use({ pageDataDownload: 'none' })

// The third item of the Desert boogie album is a video (content/gallery/desert-boogie.json).
const videoItem = '/gallery?album=desert-boogie&item=3'
const videoPath = '/videos/gallery/desert-boogie-3.mp4'

async function openVideo(page: Page) {
  await page.goto(videoItem)
  const dialog = page.getByRole('dialog', { name: 'Desert flight' })
  await expect(dialog).toBeVisible()
  return dialog
}

test('a gallery video plays, fetched from the store itself', async ({ page }) => {
  const dialog = await openVideo(page)
  const video = dialog.locator('video')
  await expect(video).toHaveAttribute('src', videoPath)

  const statuses: number[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === videoPath) statuses.push(response.status())
  })
  // A real press on the player's play control, as a visitor would (a user gesture, too).
  await video.focus()
  await page.keyboard.press('Space')

  // HAVE_CURRENT_DATA or better, and the clock moving: frames are being decoded and shown.
  await page.waitForFunction((selector) => {
    const element = document.querySelector<HTMLVideoElement>(selector)
    return element !== null && element.readyState >= 2 && element.currentTime > 0.2
  }, '.gallery-dialog video')
  expect(statuses.length).toBeGreaterThan(0)
  for (const status of statuses) expect([200, 206]).toContain(status)
  expect(await video.evaluate((element: HTMLVideoElement) => element.error)).toBeNull()
})

test('offline, the video says on its poster that it needs a connection', async ({
  page,
  context,
}) => {
  const dialog = await openVideo(page)
  await expect(dialog.locator('video')).toBeVisible()
  // The store as a visitor has it once the worker has installed: the app's own code works
  // offline (it keeps no videos).
  await waitForServiceWorker(page)

  await context.setOffline(true)
  try {
    const notice = dialog.getByRole('status')
    await expect(notice).toHaveText(/Video needs a connection\./)
    await expect(dialog.locator('video')).toHaveCount(0)
    // The poster stays, the message sits on it.
    const poster = dialog.getByRole('img', { name: /long wingsuit flight over sand ridges/ })
    await expect(poster).toHaveAttribute('src', /desert-boogie-3-poster\.svg$/)
    await expect(poster).toBeVisible()
  } finally {
    await context.setOffline(false)
  }
  // Back online, the player is back.
  await expect(dialog.locator('video')).toBeVisible()
  await expect(dialog.getByRole('status')).toHaveCount(0)
})

test('a video that fails to load says so and can be tried again', async ({
  page,
  consoleErrors,
}) => {
  let refuse = true
  await page.route(`**${videoPath}`, (route) =>
    refuse ? route.fulfill({ status: 503, body: 'down' }) : route.continue(),
  )
  const dialog = await openVideo(page)
  await dialog.locator('video').focus()
  await page.keyboard.press('Space')

  await expect(dialog.getByRole('status')).toHaveText(/This video could not be loaded\./)
  expectFailedResource(consoleErrors, 503)

  refuse = false
  await dialog.getByRole('button', { name: 'Try again' }).click()
  const video = dialog.locator('video')
  await video.focus()
  await page.keyboard.press('Space')
  // Starting playback can take a while on a busy machine (two test workers on two cores).
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 20_000,
    })
    .toBeGreaterThan(0.2)
})
