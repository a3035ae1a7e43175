import { readFileSync } from 'node:fs'
import path from 'node:path'

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
