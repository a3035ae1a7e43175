/**
 * Checks everything under content/ and prints what it holds, or every problem found:
 * `tsx scripts/content/check.ts [contentDir]`. Exits non-zero on a problem, so a build can run it.
 */
import { ContentError, loadContent } from './load.ts'

try {
  const content = await loadContent(process.argv[2] ?? 'content')
  const counts = Object.entries(content).map(([name, items]) => `${name} ${items.length}`)
  console.log(`content ok: ${counts.join(', ')}`)
} catch (error) {
  if (!(error instanceof ContentError)) throw error
  console.error(error.message)
  process.exitCode = 1
}
