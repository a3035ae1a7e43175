import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createTempDir } from '../testing/test-helpers.ts'
import { DatabaseInUseError, lockDataDir } from './pglite-lock.ts'

let cleanup: (() => Promise<void>) | undefined
afterEach(async () => {
  await cleanup?.()
  cleanup = undefined
})

async function lockFile() {
  const temp = await createTempDir({})
  cleanup = temp.cleanup
  return path.join(temp.dir, 'pglite.lock')
}

describe('the PGlite data directory lock', () => {
  it('lets one opener in at a time, in this process too, and frees the directory on release', async () => {
    const file = await lockFile()
    const release = lockDataDir(file)
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    expect(() => lockDataDir(file)).toThrow(DatabaseInUseError)
    release()
    expect(existsSync(file)).toBe(false)
    lockDataDir(file)()
  })

  it('refuses while another live process holds it, naming that process', async () => {
    const file = await lockFile()
    writeFileSync(file, String(process.ppid))
    expect(() => lockDataDir(file)).toThrow(
      new RegExp(`open in process ${process.ppid}.*stop it first, or use DATABASE_URL`),
    )
    expect(readFileSync(file, 'utf8')).toBe(String(process.ppid))
  })

  it('takes over the lock of a process that died without releasing it', async () => {
    const file = await lockFile()
    const gone = spawnSync(process.execPath, ['-e', '']).pid
    writeFileSync(file, String(gone))
    const release = lockDataDir(file)
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid))
    release()
  })
})
