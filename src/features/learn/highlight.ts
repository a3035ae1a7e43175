/** Where the search tokenizer splits words (MiniSearch's default): spaces and punctuation. */
const separator = /([\n\r\p{Z}\p{P}]+)/u

export interface TextPart {
  text: string
  match: boolean
}

/**
 * Splits text into runs, marking the words the search matched (compared without case), so a
 * result can wrap them in <mark> without any HTML string.
 */
export function splitHighlights(text: string, terms: readonly string[]): TextPart[] {
  const wanted = new Set(terms.map((term) => term.toLowerCase()))
  const parts: TextPart[] = []
  for (const piece of text.split(separator)) {
    if (piece === '') continue
    const match = wanted.has(piece.toLowerCase())
    const last = parts.at(-1)
    if (last && !last.match && !match) last.text += piece
    else parts.push({ text: piece, match })
  }
  return parts
}
