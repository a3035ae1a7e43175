/** The code unit of `/`. */
const slash = 47

/**
 * `//a//b///` → `a//b`: a path without its leading and trailing slashes, inner ones kept. Index
 * loops rather than `/\/+$/`, which rescans a run of slashes from each of its starts: quadratic,
 * a quarter of a second of CPU for 15,000 slashes that are not at the end.
 */
export function trimSlashes(path: string): string {
  let start = 0
  let end = path.length
  while (start < end && path.charCodeAt(start) === slash) start++
  while (end > start && path.charCodeAt(end - 1) === slash) end--
  return path.slice(start, end)
}
