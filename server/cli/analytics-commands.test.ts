import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recordPageViews } from '../services/analytics.ts'
import { openTestDatabase, type TestDatabase } from '../testing/test-helpers.ts'
import { outboxMailer } from '../testing/test-mail.ts'
import type { AdminDeps } from './command.ts'
import { adminRunner } from './test-admin.ts'

let database: TestDatabase
let deps: AdminDeps
beforeAll(async () => {
  database = await openTestDatabase()
  deps = { db: database.db, mailer: outboxMailer(database.db), siteUrl: 'https://x', smtp: false }
})
afterAll(async () => {
  await deps.mailer.idle()
  await database.close()
})

const admin = adminRunner(() => deps)

const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000)
const day = (date: Date) => date.toISOString().slice(0, 10)

describe('npm run admin -- page-views and top-products', () => {
  it('say so when nothing was viewed', async () => {
    expect(await admin(['page-views'])).toMatchObject({ code: 0, out: '' })
    expect((await admin(['top-products'])).err).toMatch(/No product page was viewed/)
  })

  it('print views per path per day, newest day first, most viewed first', async () => {
    // Recorded as if they had arrived on those days (a view is dated when it arrives).
    const views = (path: string, at: Date, count: number) =>
      recordPageViews(
        database.db,
        Array.from({ length: count }, () => ({ id: randomUUID(), path })),
        at,
      )
    await views('/wingsuits/corvid-2', daysAgo(0), 3)
    await views('/news', daysAgo(0), 1)
    await views('/trackingsuits/ghost', daysAgo(1), 2)
    await views('/wingsuits/corvid-2', daysAgo(1), 1)
    await views('/learn', daysAgo(20), 5)
    const week = await admin(['page-views'])
    expect(week.code).toBe(0)
    expect(week.out.split('\n')).toEqual([
      `${day(daysAgo(0))}  4 views`,
      '        3  /wingsuits/corvid-2',
      '        1  /news',
      '',
      `${day(daysAgo(1))}  3 views`,
      '        2  /trackingsuits/ghost',
      '        1  /wingsuits/corvid-2',
    ])
    const wingsuits = await admin(['page-views', '--days', '30', '--path', '/wingsuits'])
    expect(wingsuits.out).not.toMatch(/news|learn|ghost/)
    expect(wingsuits.out).toMatch(/3 {2}\/wingsuits\/corvid-2/)
    expect((await admin(['page-views', '--days', '30'])).out).toMatch(/5 {2}\/learn/)
  })

  it('print the most viewed products with their names', async () => {
    const top = await admin(['top-products'])
    expect(top.code).toBe(0)
    const lines = top.out.split('\n')
    expect(lines[0]).toMatch(/^ {2}1\. +4 {2}corvid-2 {2}Corvid 2 \(wingsuits\)$/)
    expect(lines[1]).toMatch(/^ {2}2\. +2 {2}ghost {2}/)
    expect((await admin(['top-products', '--limit', '1'])).out.split('\n')).toHaveLength(1)
  })

  it('refuse a wrong command line with exit code 2', async () => {
    for (const args of [
      ['page-views', '--days', '0'],
      ['page-views', '--days', 'x'],
      ['top-products', '--limit', '0'],
      ['page-views', 'extra'],
    ]) {
      expect((await admin(args)).code).toBe(2)
    }
  })
})
