import { describe, expect, it, vi } from 'vitest'
import {
  APP_DATA_CHECK_INTERVAL_MS,
  runningBuildId,
  servedBuildId,
  watchForNewBuild,
} from './app-data.ts'

describe('noticing a new build from app-data.json', () => {
  it('knows the running build from its entry script', () => {
    document.body.innerHTML =
      '<script src="/assets/other-x1.js"></script><script type="module" src="/assets/index-Ab_c-1.js"></script>'
    expect(runningBuildId(document)).toBe('Ab_c-1')
    document.body.innerHTML = ''
    expect(runningBuildId(document)).toBeUndefined()
  })

  it('reads the served build, and nothing from an error page or no network', async () => {
    const answer =
      (body: string, status = 200) =>
      async () =>
        new Response(body, { status })
    expect(await servedBuildId(answer('{"webpackCompilationHash":"New1"}'))).toBe('New1')
    expect(await servedBuildId(answer('<html>portal</html>'))).toBeUndefined()
    expect(await servedBuildId(answer('{}', 503))).toBeUndefined()
    const offline = async () => {
      throw new TypeError('Failed to fetch')
    }
    expect(await servedBuildId(offline)).toBeUndefined()
  })

  it('offers the update once, when app-data names another build', async () => {
    let served = 'Old1'
    let clock = 0
    const onNewBuild = vi.fn()
    const watch = watchForNewBuild({
      running: 'Old1',
      served: async () => served,
      onNewBuild,
      now: () => clock,
    })
    expect(await watch.check(true)).toBe(false)
    served = 'New2'
    // Navigations within the interval do not ask again.
    clock += 1000
    expect(await watch.check()).toBe(false)
    clock += APP_DATA_CHECK_INTERVAL_MS
    expect(await watch.check()).toBe(true)
    expect(await watch.check(true)).toBe(true)
    expect(onNewBuild).toHaveBeenCalledOnce()
    expect(onNewBuild).toHaveBeenCalledWith('New2')
  })

  it('never offers one when the running build is unknown or app-data cannot be read', async () => {
    const onNewBuild = vi.fn()
    const unknown = watchForNewBuild({ running: undefined, served: async () => 'X', onNewBuild })
    expect(await unknown.check(true)).toBe(false)
    const unread = watchForNewBuild({ running: 'A', served: async () => undefined, onNewBuild })
    expect(await unread.check(true)).toBe(false)
    expect(onNewBuild).not.toHaveBeenCalled()
  })
})
