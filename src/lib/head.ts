/** The document head of a page: its title (with the shop's name) and meta description. */
export function pageHead(page?: { title: string; summary?: string }) {
  if (!page) return {}
  const meta: Array<{ title: string } | { name: string; content: string }> = [
    { title: `${page.title} — Glidecraft` },
  ]
  if (page.summary) meta.push({ name: 'description', content: page.summary })
  return { meta }
}
