/// <reference lib="webworker" />
/// <reference types="vite/client" />
import { registerCachingRoutes } from './caching-routes.ts'
import { startCartSync } from './cart-sync.ts'
import { takeControl } from './lifecycle.ts'
import { answerPageMessages } from './page-messages.ts'
import { precacheApp } from './precache.ts'
import { createSiteDownload } from './site-download.ts'

/**
 * The store's service worker, wired from its parts: the precache (precache.ts), the caching of
 * pages, data, API answers and images (caching-routes.ts), how it takes over after an install or
 * an update (lifecycle.ts), the background download of the catalog and the site's data
 * (site-download.ts), the cart queue that sends cart changes once and keeps what the network did
 * not take (cart-sync.ts), and what it does when a page asks (page-messages.ts, protocol in
 * messages.ts).
 */

declare const self: ServiceWorkerGlobalScope

/** The API host the build was made for (API_URL); empty when the API is served with the site. */
const apiUrl = (import.meta.env.VITE_API_URL as string | undefined) ?? ''

precacheApp(self.__WB_MANIFEST)
const activated = takeControl()
const siteDownload = createSiteDownload(apiUrl || self.location.origin)
const cartQueue = startCartSync(apiUrl)
answerPageMessages({ activated, siteDownload, cartQueue, apiUrl })
registerCachingRoutes(apiUrl)
