import { describe, expect, it, vi } from 'vitest'
import type { PageViewRecord } from '../../contract/page-views.ts'
import type { PageViewsOutcome } from '../../store-db/page-view-queue.ts'
import { createPageViewSender, type PageViewTransport } from './analytics.ts'

function setup({ online = true, refused = false } = {}) {
  const state = { online, refused, ids: 0 }
  const posts: { views: PageViewRecord[]; settle: (outcome: PageViewsOutcome) => void }[] = []
  const beacons: PageViewRecord[][] = []
  const kept: PageViewRecord[][] = []
  const transport: PageViewTransport = {
    post: (views) => new Promise((settle) => posts.push({ views, settle })),
    beacon: (views) => (beacons.push(views), true),
    keep: async (views) => void kept.push(views),
    sendKept: vi.fn(async () => undefined),
  }
  const sender = createPageViewSender(transport, {
    refused: () => state.refused,
    online: () => state.online,
    now: () => new Date('2026-11-24T12:00:00Z'),
    newId: () => `view-${++state.ids}`,
  })
  return { state, sender, posts, beacons, kept, transport }
}
const paths = (views: PageViewRecord[]) => views.map((view) => view.path)
const flushPromises = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the page-view sender', () => {
  it('sends a view at once, with the page’s recorded path and nothing about the visitor', () => {
    const { sender, posts } = setup()
    sender.record('/wingsuits/corvid-2')
    expect(posts).toHaveLength(1)
    expect(posts[0]!.views).toEqual([
      { id: 'view-1', path: '/wingsuits/corvid-2', at: '2026-11-24T12:00:00.000Z' },
    ])
  })

  it('never sends a payment code or a search, and skips what is no page', () => {
    const { sender, posts } = setup()
    sender.record('/checkout/Zm9vYmFy')
    sender.record('/learnSearch/my%20question')
    // The router showed its 404 page there.
    sender.record('/not/a/page/here', { notFound: true })
    expect(posts.map((post) => paths(post.views))).toEqual([['/checkout/$'], ['/learnSearch/$']])
  })

  it('sends nothing at all while Do-Not-Track or GPC is signalled, even on page hide', () => {
    const { state, sender, posts, beacons, kept, transport } = setup({ refused: true })
    sender.record('/news')
    sender.pageHidden()
    sender.networkBack()
    expect([posts, beacons, kept]).toEqual([[], [], []])
    expect(transport.sendKept).not.toHaveBeenCalled()
    // Turned on later: what was recorded before is not sent either.
    state.refused = false
    state.online = false
    sender.record('/learn')
    state.refused = true
    sender.pageHidden()
    expect(beacons).toEqual([])
  })

  it('beacons what is unconfirmed when the page is hidden, in one batch', () => {
    const { sender, posts, beacons } = setup()
    sender.record('/news')
    sender.record('/learn')
    sender.pageHidden()
    expect(posts).toHaveLength(2)
    expect(beacons.map(paths)).toEqual([['/news', '/learn']])
  })

  it('beacons nothing once the server has taken the views', async () => {
    const { sender, posts, beacons } = setup()
    sender.record('/news')
    posts[0]!.settle('sent')
    await flushPromises()
    sender.pageHidden()
    expect(beacons).toEqual([])
  })

  it('keeps views for later offline, or when the shop did not take them, and sends them when back', async () => {
    const { state, sender, posts, kept, transport } = setup({ online: false })
    sender.record('/manuals')
    expect(posts).toEqual([])
    expect(kept.map(paths)).toEqual([['/manuals']])
    state.online = true
    sender.record('/dealers')
    posts[0]!.settle('failed')
    await flushPromises()
    expect(kept.map(paths)).toEqual([['/manuals'], ['/dealers']])
    sender.networkBack()
    expect(transport.sendKept).toHaveBeenCalledOnce()
  })

  it('drops views the server refuses as invalid', async () => {
    const { sender, posts, kept, beacons } = setup()
    sender.record('/news')
    posts[0]!.settle('refused')
    await flushPromises()
    sender.pageHidden()
    expect([kept, beacons]).toEqual([[], []])
  })

  it('keeps what it cannot beacon offline when the page is hidden', () => {
    const { state, sender, kept, beacons } = setup()
    state.online = false
    sender.record('/colors')
    sender.pageHidden()
    expect(beacons).toEqual([])
    expect(kept.map(paths)).toEqual([['/colors']])
  })
})
