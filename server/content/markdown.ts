/**
 * Markdown bodies and YAML front matter as the content loader reads them: rendering with heading
 * anchors, the links and images a body names (checked by the loader), and dates kept as written.
 */
import { Marked, type Token, type Tokens } from 'marked'
import type { ManualSection } from '../../contract/content.ts'
import { maxSlugLength } from '../../contract/slug-pattern.ts'

export interface RenderedMarkdown {
  html: string
  /** The body as plain text, for search and excerpts. */
  text: string
  /** The `##` headings, in order; each is an anchor in `html`. */
  sections: ManualSection[]
  links: string[]
  images: string[]
  /** Whether the source holds raw HTML (the loader refuses it). */
  rawHtml: boolean
}

export function renderMarkdown(source: string): RenderedMarkdown {
  const sections: ManualSection[] = []
  const links: string[] = []
  const images: string[] = []
  const ids = new Set<string>()
  const anchor = (text: string) => {
    // Room for a `-99` suffix within the slug length the schemas accept.
    const base =
      slugify(text)
        .slice(0, maxSlugLength - 3)
        .replace(/-+$/, '') || 'section'
    let id = base
    for (let n = 2; ids.has(id); n++) id = `${base}-${n}`
    ids.add(id)
    return id
  }
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading({ tokens, depth }: Tokens.Heading) {
        const inner = this.parser.parseInline(tokens)
        const title = plainText(inner)
        const id = anchor(title)
        if (depth === 2) sections.push({ id, title })
        return `<h${depth} id="${id}">${inner}</h${depth}>\n`
      },
    },
  })
  const tokens = marked.lexer(source)
  let rawHtml = false
  marked.walkTokens(tokens, (token: Token) => {
    if (token.type === 'html') rawHtml = true
    if (token.type === 'link') links.push(token.href)
    if (token.type === 'image') images.push(token.href)
  })
  if (rawHtml) return { html: '', text: '', sections, links, images, rawHtml }
  const html = marked.parser(tokens)
  return { html, text: plainText(html), sections, links, images, rawHtml }
}

/**
 * YAML reads `2024-05-01` as a Date, and quietly rolls `2024-13-40` over into 2025. The schemas
 * want the date as the owner wrote it, so a top-level date goes back to its text in the front
 * matter (and a nested one, which no schema has, to its ISO date).
 */
export function datesAsWritten(data: Record<string, unknown>, frontMatter: string): unknown {
  const written = (key: string) => {
    const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const line = new RegExp(`^${escaped}:[ \\t]*(.*?)[ \\t]*(?:#.*)?$`, 'm').exec(frontMatter)
    return line?.[1]?.replace(/^(['"])(.*)\1$/, '$2')
  }
  const nested = (value: unknown): unknown => {
    if (value instanceof Date) return value.toISOString().slice(0, 10)
    if (Array.isArray(value)) return value.map(nested)
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nested(v)]))
    }
    return value
  }
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      value instanceof Date ? (written(key) ?? nested(value)) : nested(value),
    ]),
  )
}

const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }

/** Rendered HTML to plain text: tags dropped, entities decoded. */
function plainText(html: string): string {
  return html
    .replace(
      /<\/?(?:p|h[1-6]|li|ul|ol|blockquote|pre|table|thead|tbody|tr|th|td|hr|br)\b[^>]*>/g,
      ' ',
    )
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X')) {
        return String.fromCodePoint(parseInt(name.slice(2), 16))
      }
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10))
      return entities[name.toLowerCase()] ?? whole
    })
    .replace(/\s+/g, ' ')
    .trim()
}

/** A heading's words as an anchor id: accents dropped, anything else between words a hyphen. */
function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
