import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router'
import { beforeEach, describe, expect, it } from 'vitest'
import { keepDocumentHead } from './document-head.ts'

function siteRouter() {
  const root = createRootRoute({
    head: () => ({ meta: [{ title: 'Glidecraft' }] }),
  })
  const home = createRoute({ getParentRoute: () => root, path: '/' })
  const product = createRoute({
    getParentRoute: () => root,
    path: '/wingsuits/$model',
    head: ({ params }) => ({
      meta: [
        { title: `${params.model} | Glidecraft` },
        { name: 'description', content: `The ${params.model} wingsuit.` },
      ],
    }),
  })
  return createRouter({
    routeTree: root.addChildren([home, product]),
    history: createMemoryHistory({ initialEntries: ['/wingsuits/corvid-2'] }),
  })
}

describe('keepDocumentHead', () => {
  beforeEach(() => {
    document.title = 'Prerendered title'
    document.head.innerHTML = '<meta name="description" content="Prerendered description">'
  })

  const description = () =>
    document.querySelector('meta[name="description"]')?.getAttribute('content')

  it('catches up with the page the visitor is on, then follows each navigation', async () => {
    const router = siteRouter()
    await router.load()
    keepDocumentHead(router)
    expect(document.title).toBe('corvid-2 | Glidecraft')
    expect(description()).toBe('The corvid-2 wingsuit.')

    await router.navigate({ to: '/wingsuits/$model', params: { model: 'raven' } })
    expect(document.title).toBe('raven | Glidecraft')
    expect(description()).toBe('The raven wingsuit.')

    // The deepest match that sets a title wins; a page without a description keeps the last one.
    await router.navigate({ to: '/' })
    expect(document.title).toBe('Glidecraft')
    expect(description()).toBe('The raven wingsuit.')
  })
})
