import { readFile } from 'node:fs/promises'
import path from 'node:path'

/*
 * The pages the build prerendered, as its sitemap lists them, and a seeded sample of them with one
 * page of every kind: the browser tests that need a page of each kind (its code, not its words)
 * visit the sample; checks of every page's words and status need no browser (site.spec.ts).
 */

const dist = path.resolve('dist')

/** The paths of every page in the build's sitemap. */
export async function sitemapPaths(): Promise<string[]> {
  const xml = await readFile(path.join(dist, 'sitemap.xml'), 'utf8')
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname)
}

/** mulberry32: a small seeded generator, so the sample is the same on every run. */
function seeded(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function shuffle<T>(items: T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    ;[copy[i], copy[j]] = [copy[j]!, copy[i]!]
  }
  return copy
}

/** A page's kind: its first path segment, with news indexes apart from news articles. */
export function kindOf(pagePath: string): string {
  const [first = '', second] = pagePath.split('/').filter(Boolean)
  return first === 'news' ? `news/${second === 'view' ? 'article' : 'index'}` : first
}

/** One page of every kind, chosen by `seed`. */
export function sampleOfEveryKind(paths: string[], seed: number): string[] {
  const sample = new Map<string, string>()
  for (const p of shuffle(paths, seeded(seed))) if (!sample.has(kindOf(p))) sample.set(kindOf(p), p)
  return [...sample.values()]
}
