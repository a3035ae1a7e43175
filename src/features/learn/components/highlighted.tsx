import { splitHighlights } from '../highlight.ts'

/** Text with the matched words marked. */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return splitHighlights(text, terms).map((part, index) =>
    part.match ? <mark key={index}>{part.text}</mark> : part.text,
  )
}
