import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures.ts'

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

interface Violation {
  id: string
  impact: string | null
  help: string
  nodes: Array<{ target: string[] }>
}

/** Runs axe-core in the page; returns the serious and critical violations, described. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document) => Promise<unknown> } }).axe
    return ((await axe.run(document)) as { violations: Violation[] }).violations
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
    )
}

test.describe('accessibility (axe-core: no serious or critical violations)', () => {
  for (const [name, path] of [
    ['home', '/'],
    ['a product page', '/wingsuits/corvid-2'],
    ['a news article', '/news/view/corvid-2-launch'],
    ['learn search', '/learnSearch/packing'],
    ['dealers', '/dealers'],
  ] as const) {
    test(name, async ({ page }) => {
      await page.goto(path)
      await expect(page.locator('h1').first()).toBeVisible()
      expect(await seriousViolations(page)).toEqual([])
    })
  }

  test('the gallery overlay', async ({ page }) => {
    await page.goto('/gallery')
    await page.locator('a.gallery-thumb').first().click()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
  })

  test('the configurator, with its messages and the designer open', async ({ page }) => {
    await page.goto('/wingsuits/corvid-2#design')
    const section = page.getByRole('region', { name: 'Design your Corvid 2' })
    await expect(section.getByRole('button', { name: 'Add to order' })).toBeVisible()
    await section.getByRole('button', { name: 'Show what' }).click()
    await expect(section.getByText('Enter your height.')).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])

    await section.getByRole('checkbox', { name: /^Super custom/i }).check()
    await section.getByRole('button', { name: 'Open the designer' }).click()
    await expect(page.getByRole('dialog', { name: 'Super custom designer' })).toBeVisible()
    expect(await seriousViolations(page)).toEqual([])
  })
})
