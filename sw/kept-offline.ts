/// <reference lib="webworker" />
import type { KeptOfflineReply, OfflineStorageReply } from './messages.ts'
import { KEPT_CACHE, OFFLINE_CACHES } from './offline-data.ts'

/*
 * What the visitor keeps offline ("Keep offline" on a manual): fetched now and kept until they
 * remove it, and served when no other cache or the network can answer. And what the offline
 * settings page lists: how much each offline cache holds.
 */

/** Fetches each URL and keeps it until the visitor removes it; a full quota is reported. */
export async function keepOffline(urls: string[]): Promise<KeptOfflineReply> {
  const cache = await caches.open(KEPT_CACHE)
  try {
    for (const url of urls) {
      const response = await fetch(url, { cache: 'no-cache' })
      if (!response.ok) return { kept: false, error: 'network' }
      await cache.put(url, response)
    }
    return { kept: true }
  } catch (error) {
    const quota = error instanceof DOMException && error.name === 'QuotaExceededError'
    return { kept: false, error: quota ? 'quota' : 'network' }
  }
}

export async function isKeptOffline(urls: string[]): Promise<KeptOfflineReply> {
  const cache = await caches.open(KEPT_CACHE)
  const found = await Promise.all(urls.map((url) => cache.match(url)))
  return { kept: found.every(Boolean) }
}

export async function forgetOffline(urls: string[]): Promise<KeptOfflineReply> {
  const cache = await caches.open(KEPT_CACHE)
  await Promise.all(urls.map((url) => cache.delete(url)))
  return { kept: false }
}

export async function offlineStorage(): Promise<OfflineStorageReply> {
  return {
    caches: await Promise.all(
      OFFLINE_CACHES.map(async (name) => ({
        name,
        entries: (await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0,
      })),
    ),
  }
}

/** What the visitor kept offline, for a request no other cache or the network could answer. */
export function keptCopy(request: Request): Promise<Response | undefined> {
  return caches.match(request.url, { cacheName: KEPT_CACHE })
}
