import { readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'

export interface ManifestChunk {
  file: string
  imports?: string[]
}

/** The build's manifest (vite.config.ts `build.manifest`). */
export function buildManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(path.resolve('dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
}

/** Every file a manifest entry loads with it: itself and its static imports, deeply. */
export function staticGraph(manifest: Record<string, ManifestChunk>, key: string): string[] {
  const files = new Set<string>()
  const visit = (at: string) => {
    const chunk = manifest[at]
    if (!chunk || files.has(`/${chunk.file}`)) return
    files.add(`/${chunk.file}`)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  visit(key)
  return [...files]
}

/**
 * Waits until the page has fetched every file the manifest entries `keys` load (read from its
 * resource timing): the code they hold is in the page, and needs no network any more.
 */
export async function waitForCodeLoaded(page: Page, keys: string[], timeout = 20_000) {
  const manifest = buildManifest()
  const files = keys.flatMap((key) => staticGraph(manifest, key))
  expect(files.length).toBeGreaterThanOrEqual(keys.length)
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
        ),
      { timeout },
    )
    .toEqual(expect.arrayContaining(files))
}
