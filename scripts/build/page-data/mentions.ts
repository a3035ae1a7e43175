/**
 * Which product names a text mentions, as whole words. A name that is part of a longer product
 * name at the same place counts only as the longer one, so "Corvid 2" is not also "Corvid".
 */
export function mentionedNames(text: string, names: readonly string[]): Set<string> {
  const longestFirst = [...new Set(names)].sort((a, b) => b.length - a.length)
  const claimed: boolean[] = Array.from({ length: text.length }, () => false)
  const found = new Set<string>()
  for (const name of longestFirst) {
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'giu')
    for (const match of text.matchAll(pattern)) {
      const start = match.index
      const end = start + match[0].length
      if (claimed.slice(start, end).some(Boolean)) continue
      claimed.fill(true, start, end)
      found.add(name)
    }
  }
  return found
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
