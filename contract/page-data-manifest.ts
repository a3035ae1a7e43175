/**
 * `/page-data/manifest.json`: every data file the build wrote (each page's data, the learn search
 * index among them, and app-data.json), with a hash of its content and its size in bytes. The
 * service worker downloads what the manifest lists for offline use and, after a new build, only
 * the files whose hash changed.
 */
export interface PageDataManifestFile {
  /** Site-relative URL, e.g. `/page-data/learn/page-data.json`. */
  url: string
  /** SHA-256 (hex, first 16 characters) of the page's content, without the build id. */
  hash: string
  /** Size of the file in bytes, as written. */
  size: number
}

export interface PageDataManifest {
  version: 1
  /** The build that wrote it (docs/architecture.md: webpackCompilationHash). */
  buildId: string
  files: PageDataManifestFile[]
}

export const PAGE_DATA_MANIFEST_URL = '/page-data/manifest.json'
