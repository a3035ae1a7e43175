import type { BrowserContext, CDPSession, Page } from '@playwright/test'

/*
 * Offline as a phone is offline, in every document a context opens, for the browser checks
 * (tests/e2e, the model check). Playwright's `setOffline(true)` emulates it once per page; on
 * Debian's Chromium 150 a document loaded after that (a reload or a navigation the service worker
 * answers) starts with `navigator.onLine` true again, though its requests still fail, so the
 * store's "You are offline" never shows there. A real phone without a network has no such
 * document. Here the emulation is sent again to each page of the context whenever its main frame
 * navigates while the context is offline, which gives the new document its `offline` event.
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
    // A page that has a session of ours (it navigated while offline) hears the same from it, so
    // none holds a page offline after this. Others are left to Playwright alone: with a session
    // of ours opened on every page here, the dealer's checkout read the account again while
    // offline and logged the failed request.
    await Promise.all(
      context
        .pages()
        .filter((page) => sessions.has(page))
        .map(emulate),
    )
  }
}
