import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const run = promisify(execFile)
const tsx = path.resolve('node_modules/.bin/tsx')

/** `npm run content:check` on a content folder: its exit code and what it printed. */
async function check(contentDir: string) {
  return run(tsx, ['scripts/build/content/check.ts', contentDir]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  )
}

describe('npm run content:check', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'content-check-'))
    await cp('content', path.join(root, 'content'), { recursive: true })
    await symlink(path.resolve('public'), path.join(root, 'public'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('passes the real content and says what it holds', async () => {
    const { code, stdout } = await check('content')
    expect(code).toBe(0)
    expect(stdout).toMatch(/^content ok: products \d+, .*archive \d+, production times \d+/)
  })

  it('refuses what the server would refuse: a product slug an API route owns', async () => {
    const corvid = JSON.parse(await readFile('content/products/wingsuits/corvid-2.json', 'utf8'))
    await writeFile(
      path.join(root, 'content/products/wingsuits/production-time.json'),
      JSON.stringify({
        ...corvid,
        slug: 'production-time',
        sku: 'PT',
        manual: null,
        variants: [{ sku: 'PT-CUSTOM', name: 'Made to measure', price: 1, in_stock: false }],
      }),
    )
    const { code, stderr } = await check(path.join(root, 'content'))
    expect(code).toBe(1)
    expect(stderr).toMatch(
      /^1 content problem:\n {2}\S*content\/products\/wingsuits\/production-time\.json: slug: "production-time" is an API path of its own/,
    )
  })
})

describe('npm run content:check on coaches', () => {
  let root: string
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'content-check-coach-'))
    await cp('content', path.join(root, 'content'), { recursive: true })
    await symlink(path.resolve('public'), path.join(root, 'public'))
  })
  afterAll(() => rm(root, { recursive: true, force: true }))

  it('refuses a coach whose contact address is missing or not an address', async () => {
    const file = (slug: string) => path.join(root, 'content/coaches', `${slug}.md`)
    const noAddress = (await readFile(file('elin-vardal'), 'utf8')).replace(/^email: .*\n/m, '')
    await writeFile(file('elin-vardal'), noAddress)
    const typo = (await readFile(file('kenji-morimoto'), 'utf8')).replace(
      /^email: .*$/m,
      'email: kenji at example dot com',
    )
    await writeFile(file('kenji-morimoto'), typo)
    const { code, stderr } = await check(path.join(root, 'content'))
    expect(code).toBe(1)
    expect(stderr).toMatch(/^2 content problems:/)
    expect(stderr).toMatch(/coaches\/elin-vardal\.md: email: /)
    expect(stderr).toMatch(/coaches\/kenji-morimoto\.md: email: must be an e-mail address/)
  })
})
