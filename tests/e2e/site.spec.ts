import { expect, expectFailedResource, test } from './fixtures.ts'

// Every public page the build prerendered, as a visitor (and a search engine) sees it.
test.describe('the whole site', () => {
  test('every page of the sitemap renders with status 200, an <h1> and no console errors', async ({
    page,
    request,
    consoleErrors,
  }) => {
    test.setTimeout(15 * 60_000)
    const sitemap = await (await request.get('/sitemap.xml')).text()
    const paths = [...sitemap.matchAll(/<loc>[^<]*?\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!)
    expect(paths.length).toBeGreaterThan(250)
    const failures: string[] = []
    for (const path of paths) {
      const response = await page.goto(path, { waitUntil: 'load' })
      const status = response?.status()
      const h1 = page.locator('h1').first()
      const visible = await h1.isVisible().catch(() => false)
      if (status !== 200 || !visible || consoleErrors.length > 0) {
        failures.push(
          `${path}: status ${status}, h1 ${visible ? 'visible' : 'missing'}, ${consoleErrors.join(' | ')}`,
        )
        consoleErrors.length = 0
      }
    }
    expect(failures).toEqual([])
  })

  test('the prerendered HTML carries the page before any script runs', async ({ request }) => {
    const html = await (await request.get('/wingsuits/corvid-2')).text()
    expect(html).toContain('<h1>Corvid 2</h1>')
    expect(html).toMatch(/<title>Corvid 2 — Glidecraft<\/title>/)
    expect(html).toMatch(/<meta name="description" content="[^"]+"/)
    expect(html).toMatch(/<link rel="canonical" href="[^"]*\/wingsuits\/corvid-2"/)
    expect(html).toMatch(/<meta property="og:title" content="Corvid 2 — Glidecraft"/)
    expect(html).toMatch(/<script type="application\/ld\+json">[^<]*"@type":"Product"/)
  })

  test('robots.txt points at the sitemap', async ({ request }) => {
    const robots = await (await request.get('/robots.txt')).text()
    expect(robots).toMatch(/Sitemap: \S+\/sitemap\.xml/)
  })

  for (const path of [
    '/wingsuits/no-such-suit',
    '/news/view/no-such-story',
    '/news/99',
    '/learn/nope',
    '/landing/no-such-campaign',
    '/people/no-such-suit/anyone',
  ]) {
    test(`${path} is a 404 page with status 404`, async ({ page, consoleErrors }) => {
      const response = await page.goto(path)
      expect(response?.status()).toBe(404)
      await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
      expectFailedResource(consoleErrors, 404)
    })
  }
})
