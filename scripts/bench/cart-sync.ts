// The cart's offline promise as a figure (issue 11): in Debian's Chromium against the built store,
// a guest adds the Mission bag 20 times with no network (each goes into the service worker's
// queue), then the network returns; the figure runs from `online` until the worker's queue is
// empty, and the server's cart is checked to hold exactly the 20.
import { performance } from 'node:perf_hooks'
import { setTimeout as sleep } from 'node:timers/promises'
import type { Page } from '@playwright/test'
import type { CartWorkerReport } from '../../sw/messages.ts'
import { withChromium } from './browser.ts'
import { withReadyServer } from './server.ts'
import type { Measurement } from './types.ts'

const CHANGES = 20

/** The keys in the worker's queue, asked as the app asks (CART_QUEUE on a message port). */
export function workerQueue(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return new Promise<string[]>((resolve) => {
      const channel = new MessageChannel()
      channel.port1.onmessage = (event) =>
        resolve((event.data as Extract<CartWorkerReport, { type: 'CART_QUEUE' }>).keys)
      registration.active!.postMessage({ type: 'CART_QUEUE' }, [channel.port2])
    })
  })
}

export const cartSync: Measurement = {
  name: 'cart sync',
  async run(context) {
    return withReadyServer(context, 'bench-cart-sync', (server) =>
      withChromium(async (browser) => {
        const browserContext = await browser.newContext()
        const page = await browserContext.newPage()
        await page.goto(`${server.origin}/equipment/mission-bag`)
        await page.evaluate(async () => {
          await navigator.serviceWorker.ready
          if (navigator.serviceWorker.controller) return
          await new Promise((resolve) =>
            navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
          )
        })
        const add = page
          .getByRole('form', { name: 'Order the Mission bag' })
          .getByRole('button', { name: 'Add to order' })
        await add.waitFor()
        await browserContext.setOffline(true)
        for (let count = 1; count <= CHANGES; count += 1) {
          await add.click()
          await page
            .getByTestId('tab-cart-count')
            .getByText(`${count} in the cart`, { exact: false })
            .waitFor()
        }
        if ((await workerQueue(page)).length !== CHANGES)
          throw new Error('the worker did not queue every change')

        const started = performance.now()
        await browserContext.setOffline(false)
        while ((await workerQueue(page)).length > 0) {
          if (performance.now() - started > 60_000) throw new Error('the queue did not drain')
          await sleep(20)
        }
        const duration = performance.now() - started

        const token = await page.evaluate(() => localStorage.getItem('cart-token'))
        const response = await fetch(`${server.origin}/api/order`, {
          headers: { 'X-Cart-Token': token ?? '' },
        })
        const cart = (await response.json()) as { items: { qty: number }[] }
        const held = cart.items.reduce((sum, line) => sum + line.qty, 0)
        if (held !== CHANGES) throw new Error(`the server holds ${held} of ${CHANGES}`)
        return [
          {
            metric: `cart sync: online → ${CHANGES} queued changes synced`,
            value: duration,
            unit: 'ms',
            note: 'one guest, adds made offline in the service worker’s queue; sent in order',
          },
        ]
      }),
    )
  },
}
