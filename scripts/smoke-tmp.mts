import { chromium } from '@playwright/test'
import { chromiumArgs, chromiumPath } from './chromium.ts'
const origin = 'http://127.0.0.1:4900'
const res = await fetch(`${origin}/api/login`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.com', password: 'flyfast-demo', remember: false }) })
const { token } = (await res.json()) as { token: string }
const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs })
const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 })
await context.addCookies([{ name: 'authToken', value: token, url: origin }])
const page = await context.newPage()
const errors: string[] = []
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()) })
page.on('pageerror', (e) => errors.push(e.message))
for (const path of process.argv.slice(2)) {
  await page.goto(origin + path)
  await page.waitForTimeout(2500)
  const name = path.replace(/[^a-z0-9]+/gi, '_')
  await page.screenshot({ path: `/tmp/shots/${name}.png`, fullPage: false })
  console.log(path, 'h1:', await page.locator('h1').allTextContents(), 'width', await page.evaluate(() => document.documentElement.scrollWidth))
}
console.log('errors', errors)
await browser.close()
