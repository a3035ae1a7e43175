import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  PAGE_DATA_MANIFEST_URL,
  type PageDataManifest,
  type PageDataManifestFile,
} from '../../../contract/page-data-manifest.ts'
import { pageDataUrl, type AppData, type PageDataRecord } from '../../../contract/page-data.ts'
import type { Content } from '../../../server/content/load.ts'
import { siteSlicesMap, siteStaticQueryHashes, writeStaticData } from './static-data.ts'
import type { PageDataEntry, PageDataSource } from './types.ts'

/**
 * The hash of a data file's content. The build id every record carries is left out: a release
 * that changes only the app's code changes no page's data, so the worker downloads nothing again.
 */
export function contentHash(content: unknown): string {
  return createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 16)
}

/**
 * Writes the data file of every content page, the site's static queries and slices
 * (static-data.ts), app-data.json and the manifest listing them all (page-data-manifest.ts) into
 * the built site. Returns the entries so the prerender renders the same pages.
 */
export async function writePageData(
  distDir: string,
  content: Content,
  sources: PageDataSource[],
  buildId: string,
  { siteUrl = 'http://localhost:8080' }: { siteUrl?: string } = {},
): Promise<PageDataEntry[]> {
  const entries = sources.flatMap((source) => source(content))
  const seen = new Set<string>()
  const files: PageDataManifestFile[] = []
  for (const entry of entries) {
    if (seen.has(entry.path)) throw new Error(`two pages claim the path ${entry.path}`)
    seen.add(entry.path)
    const record: PageDataRecord = {
      path: entry.path,
      componentChunkName: `component---${entry.component}`,
      staticQueryHashes: siteStaticQueryHashes,
      slicesMap: siteSlicesMap,
      webpackCompilationHash: buildId,
      result: { data: entry.data },
    }
    const url = pageDataUrl(entry.path)
    const file = path.join(distDir, url)
    const json = JSON.stringify(record)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, json)
    files.push({
      url,
      hash: contentHash({ ...record, webpackCompilationHash: undefined }),
      size: Buffer.byteLength(json),
    })
  }
  files.push(...(await writeStaticData(distDir, { siteUrl }, contentHash)))
  const appData: AppData = { webpackCompilationHash: buildId }
  const appDataJson = JSON.stringify(appData)
  await mkdir(path.join(distDir, 'page-data'), { recursive: true })
  await writeFile(path.join(distDir, 'page-data', 'app-data.json'), appDataJson)
  // app-data.json is the build id itself: its hash changes with every release.
  files.push({
    url: '/page-data/app-data.json',
    hash: contentHash(appData),
    size: Buffer.byteLength(appDataJson),
  })
  const manifest: PageDataManifest = { version: 1, buildId, files }
  await writeFile(path.join(distDir, PAGE_DATA_MANIFEST_URL), JSON.stringify(manifest))
  return entries
}
