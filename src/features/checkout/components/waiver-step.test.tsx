import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { waiverQuery, type Waiver } from '../api.ts'
import { WaiverStep } from './waiver-step.tsx'

afterEach(cleanup)

/** GET /api/order/waiver as the server answers it: the markdown body rendered to HTML. */
const waiver: Waiver = {
  version: 'v1',
  date: '2026-11-01',
  title: 'Release of liability',
  html:
    '<p>Wingsuit flying is dangerous, even for an experienced jumper.</p>\n' +
    '<h2 id="what-you-agree-to">What you agree to</h2>\n' +
    '<p>By signing, you confirm that:</p>\n' +
    '<ol>\n<li>You are at least 18 years old.</li>\n<li>You have the training.</li>\n</ol>\n' +
    '<h2 id="release">Release</h2>\n<p>You release Glidecraft from every claim.</p>\n',
  text:
    'Wingsuit flying is dangerous, even for an experienced jumper.\n\nWhat you agree to\n\n' +
    'By signing, you confirm that:\n\nYou are at least 18 years old.\nYou have the training.\n\n' +
    'Release\n\nYou release Glidecraft from every claim.',
}

function renderWaiver() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  client.setQueryData(waiverQuery().queryKey, waiver)
  render(
    <QueryClientProvider client={client}>
      <WaiverStep name="" onNameChange={() => {}} online onSigned={async () => {}} />
    </QueryClientProvider>,
  )
  return screen.getByRole('region', { name: 'Release of liability' })
}

describe('the waiver the customer signs', () => {
  it('reads with its headings under the title, its numbered list and its paragraphs', () => {
    const text = renderWaiver()
    // Its sections are headings one level under the waiver's title (an h3), in order.
    const headings = within(text).getAllByRole('heading')
    expect(headings.map((heading) => [heading.tagName, heading.textContent])).toEqual([
      ['H3', 'Release of liability'],
      ['H4', 'What you agree to'],
      ['H4', 'Release'],
    ])
    // What the customer confirms is a numbered list, one item per promise.
    const list = within(text).getByRole('list')
    expect(list.tagName).toBe('OL')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['You are at least 18 years old.', 'You have the training.'])
    // No paragraph runs a heading into the text around it.
    const paragraphs = [...text.querySelectorAll('p')].map((p) => p.textContent)
    expect(paragraphs).toContain('By signing, you confirm that:')
    expect(paragraphs.some((p) => p?.includes('What you agree to'))).toBe(false)
    expect(within(text).getByText('Version v1')).toBeTruthy()
  })
})
