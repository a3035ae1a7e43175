import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { PageDataManifestFile } from '../../../contract/page-data-manifest.ts'
import { siteNavigation } from '../../../contract/navigation.ts'
import {
  sliceDataUrl,
  staticQueryHash,
  staticQueryNames,
  staticQueryUrl,
  type SiteMetadata,
  type SliceDataRecord,
  type SliceName,
  type StaticQueryName,
  type StaticQueryResult,
} from '../../../contract/static-data.ts'

/*
 * The site-wide static assets of docs/architecture.md (contract/static-data.ts): the static
 * queries' results and the header and footer slices, written beside the page data and listed in its
 * manifest so the worker keeps them offline.
 */

export interface StaticDataOptions {
  siteUrl: string
}

/** What each static query gives, from the content and the settings of this build. */
export function staticQueryResults({
  siteUrl,
}: StaticDataOptions): Record<StaticQueryName, unknown> {
  const metadata: SiteMetadata = {
    title: 'Glidecraft',
    description:
      'Wingsuits, tracking suits, BASE and skydiving parachutes, equipment, bags and apparel, made to order.',
    siteUrl,
  }
  return { navigation: siteNavigation(), 'site-metadata': metadata }
}

/** Every static query's hash: each page uses them all (the layout shows the navigation). */
export const siteStaticQueryHashes = staticQueryNames.map(staticQueryHash)

/** The slices every page is made of, by name (docs/architecture.md: slicesMap). */
export const siteSlicesMap: Record<SliceName, SliceName> = { header: 'header', footer: 'footer' }

function sliceRecord(name: SliceName): SliceDataRecord<{ navigation: string }> {
  return {
    componentChunkName: `slice---${name}`,
    sliceContext: {},
    staticQueryHashes: [staticQueryHash('navigation')],
    // The slice names the static query whose result it shows, which the app reads once.
    result: { data: { navigation: staticQueryHash('navigation') } },
  }
}

/**
 * Writes the static queries' results and the slices; returns their manifest entries, each hashed
 * by `hashOf` as the page data is.
 */
export async function writeStaticData(
  distDir: string,
  options: StaticDataOptions,
  hashOf: (content: unknown) => string,
): Promise<PageDataManifestFile[]> {
  const files: PageDataManifestFile[] = []
  const write = async (url: string, content: unknown) => {
    const json = JSON.stringify(content)
    const file = path.join(distDir, url)
    await mkdir(path.dirname(file), { recursive: true })
    await writeFile(file, json)
    files.push({ url, hash: hashOf(content), size: Buffer.byteLength(json) })
  }
  const results = staticQueryResults(options)
  for (const name of staticQueryNames) {
    const result: StaticQueryResult = { data: results[name] }
    await write(staticQueryUrl(name), result)
  }
  for (const name of Object.keys(siteSlicesMap) as SliceName[]) {
    await write(sliceDataUrl(name), sliceRecord(name))
  }
  return files
}
