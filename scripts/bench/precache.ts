// What the service worker precaches on install: the manifest workbox injected into dist/sw.js in
// place of `self.__WB_MANIFEST` (an array of {url, revision}), summed over the files in dist/.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import type { Measurement } from './types.ts'

/** Precache entries in the built worker, whatever the minifier did to key order and quoting. */
export function precachedUrls(workerSource: string): string[] {
  const urls: string[] = []
  for (const [object] of workerSource.matchAll(/\{[^{}]*\}/g)) {
    const url = object.match(/["']?url["']?\s*:\s*["']([^"']+)["']/)
    if (url && /["']?revision["']?\s*:/.test(object)) urls.push(url[1])
  }
  return urls
}

export const precache: Measurement = {
  name: 'precache',
  async run(context) {
    const worker = readFileSync(join(context.distDir, 'sw.js'), 'utf8')
    if (worker.includes('self.__WB_MANIFEST'))
      throw new Error('dist/sw.js has no injected manifest')
    const listed = precachedUrls(worker)
    const urls = [...new Set(listed)]
    if (urls.length === 0) throw new Error('no precache entries found in dist/sw.js')
    let raw = 0
    let gzip = 0
    const missing: string[] = []
    for (const url of urls) {
      const path = decodeURIComponent(new URL(url, 'http://dist/').pathname)
      try {
        const body = readFileSync(join(context.distDir, path))
        raw += body.length
        gzip += gzipSync(body, { level: 9 }).length
      } catch {
        missing.push(path)
      }
    }
    const notes = ['unique URLs']
    const twice = listed.length - urls.length
    if (twice > 0) notes.push(`${twice} ${twice === 1 ? 'is' : 'are'} listed twice`)
    if (missing.length > 0) notes.push(`not in dist/: ${missing.join(', ')}`)
    return [
      { metric: 'precache entries', value: urls.length, unit: 'count', note: notes.join('; ') },
      { metric: 'precache size, raw', value: raw / 1024, unit: 'KiB' },
      { metric: 'precache size, gzip -9', value: gzip / 1024, unit: 'KiB' },
    ]
  },
}
