import type { BrowserContext, CDPSession, Page } from '@playwright/test'

/*
 * Offline as a phone is offline, in every document a context opens, for the browser checks
 * (tests/e2e, the model check). Playwright's `setOffline(true)` emulates it once per page; on
 * Debian's Chromium 150 a document loaded after that (a reload or a navigation the service worker
 * answers) starts with `navigator.onLine` true again, though its requests still fail, so the
 * store's "You are offline" never shows there. A real phone without a network has no such
 * document. Here the emulation is sent again to each page of the context whenever its main frame
 * navigates while the context is offline, which gives the new document its `offline` event, and
 * `setOffline` returns once every page's `navigator.onLine` says what was asked.
 */

const conditions = (offline: boolean) => ({
  offline,
  // 0 and -1: no throttling beside it (as Playwright sends it).
  latency: 0,
  downloadThroughput: -1,
  uploadThroughput: -1,
})

/** Makes `context.setOffline` hold in every document of the context (see above). */
export function keepOfflineAcrossNavigations(context: BrowserContext): void {
  let offline = false
  const sessions = new Map<Page, Promise<CDPSession>>()
  const emulate = async (page: Page) => {
    if (page.isClosed()) return
    let session = sessions.get(page)
    if (!session) {
      session = context.newCDPSession(page)
      sessions.set(page, session)
    }
    try {
      await (await session).send('Network.emulateNetworkConditions', conditions(offline))
    } catch {
      // The page closed meanwhile: nothing left to emulate.
    }
  }
  const watch = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (offline && frame === page.mainFrame()) void emulate(page)
    })
    page.on('close', () => sessions.delete(page))
  }
  context.pages().forEach(watch)
  context.on('page', watch)
  const setOffline = context.setOffline.bind(context)
  context.setOffline = async (value: boolean) => {
    offline = value
    await setOffline(value)
    // The pages' own sessions say the same, so none holds a page offline after this.
    await Promise.all(
      context
        .pages()
        .filter((page) => sessions.has(page) || value)
        .map(emulate),
    )
    // Chromium 150 tells a page of the change a moment later: until it has, a click there still
    // fetches as if online. Done once every page says so (a page that closes or navigates
    // meanwhile is let go; a navigation gets the emulation again above).
    await Promise.all(
      context
        .pages()
        .map((page) =>
          page
            .waitForFunction((online) => navigator.onLine === online, !value)
            .catch(() => undefined),
        ),
    )
  }
}
