import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pageDataUrl, type AppData, type PageDataRecord } from '../../contract/page-data.ts'
import type { Content } from '../../server/content/load.ts'
import type { PageDataEntry, PageDataSource } from './types.ts'

/**
 * Writes the data file of every content page and app-data.json into the built site. Returns
 * the entries so the prerender renders the same pages.
 */
export async function writePageData(
  distDir: string,
  content: Content,
  sources: PageDataSource[],
  buildId: string,
): Promise<PageDataEntry[]> {
  const entries = sources.flatMap((source) => source(content))
  const seen = new Set<string>()
  for (const entry of entries) {
    if (seen.has(entry.path)) throw new Error(`two pages claim the path ${entry.path}`)
    seen.add(entry.path)
    const record: PageDataRecord = {
      path: entry.path,
      componentChunkName: `component---${entry.component}`,
      staticQueryHashes: [],
      slicesMap: {},
      webpackCompilationHash: buildId,
      result: { data: entry.data },
    }
    const file = path.join(distDir, pageDataUrl(entry.path))
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, JSON.stringify(record))
  }
  const appData: AppData = { webpackCompilationHash: buildId }
  await mkdir(path.join(distDir, 'page-data'), { recursive: true })
  await writeFile(path.join(distDir, 'page-data', 'app-data.json'), JSON.stringify(appData))
  return entries
}
