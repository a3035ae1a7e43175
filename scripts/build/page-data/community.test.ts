import { beforeAll, describe, expect, it } from 'vitest'
import type { CoachesPageData, CoachProfileData } from '../../../contract/page-data/coaches.ts'
import type { ColorsPageData } from '../../../contract/page-data/colors.ts'
import type { DealersPageData } from '../../../contract/page-data/dealers.ts'
import type { GalleryPageData } from '../../../contract/page-data/gallery.ts'
import type { LandingPageData } from '../../../contract/page-data/landing.ts'
import type { MarketingPageData } from '../../../contract/page-data/pages.ts'
import type { FriendsPageData, ProductPeopleData } from '../../../contract/page-data/people.ts'
import { matchPageRoute } from '../../../contract/routes.ts'
import { type Content, loadContent } from '../../../server/content/load.ts'
import { communityPages } from './community.ts'
import type { PageDataEntry } from './types.ts'

describe('community page data from the real content', () => {
  let content: Content
  let entries: PageDataEntry[]
  const data = <T>(path: string) => entries.find((entry) => entry.path === path)?.data as T
  const paths = (component: string) =>
    entries.filter((entry) => entry.component === component).map((entry) => entry.path)

  beforeAll(async () => {
    content = await loadContent('content')
    entries = communityPages.flatMap((source) => source(content))
  })

  it('claims every path once, each a page route of the app', () => {
    const all = entries.map((entry) => entry.path)
    expect(new Set(all).size).toBe(all.length)
    for (const path of all) expect(matchPageRoute(path), path).not.toBeNull()
  })

  it('writes the 17 marketing pages at their own paths, with live product links', () => {
    expect(paths('marketing-page').sort()).toEqual(
      [
        '/a4vscorvid',
        '/a5vscorvid2',
        '/about',
        '/airfoils',
        '/ask-not',
        '/base-gear',
        '/classic-t-grey',
        '/inlets',
        '/lasers',
        '/nerds',
        '/newsletter',
        '/philosophy',
        '/setloops',
        '/slow-slider',
        '/suits',
        '/supercustom',
        '/why-fly-fast',
      ].sort(),
    )
    const page = data<MarketingPageData>('/a4vscorvid')
    expect(page.title).toBe('A4 vs Corvid')
    expect(page.html).toContain('<table>')
    expect(page.products).toEqual([
      { name: 'A4', path: '/wingsuits/a4' },
      { name: 'Corvid', path: '/wingsuits/corvid' },
    ])
  })

  it('writes every landing page at /landing/<slug>, with a card per product', () => {
    expect(paths('landing-page').sort()).toEqual(
      content.landing.map((page) => `/landing/${page.slug}`).sort(),
    )
    const page = data<LandingPageData>('/landing/base-system-launch')
    expect(page.hero.cta).toEqual({
      label: 'See the Keystone',
      href: '/equipment/base-jumping/keystone',
    })
    expect(page.html).toContain('<h2 id="designed-together">Designed together</h2>')
    expect(page.products[0]).toEqual({
      name: 'Keystone',
      path: '/equipment/base-jumping/keystone',
      summary: 'A single-canopy BASE container that fits you like a backpack.',
      image: { src: '/images/products/keystone.svg', alt: expect.any(String) },
    })
  })

  it('writes every gallery album and item, each item with a poster', () => {
    const gallery = data<GalleryPageData>('/gallery')
    expect(gallery.albums.map((a) => a.slug)).toEqual(content.gallery.map((a) => a.slug))
    const items = gallery.albums.flatMap((a) => a.items)
    expect(items).toHaveLength(content.gallery.reduce((n, a) => n + a.items.length, 0))
    for (const item of items) expect(item.poster).toMatch(/^\/images\//)
    expect(items.some((item) => item.type === 'video')).toBe(true)
  })

  it('writes every dealer, without coordinates, and names their countries', () => {
    const dealers = data<DealersPageData>('/dealers')
    expect(dealers.dealers).toHaveLength(content.dealers.length)
    expect(dealers.dealers[0]).not.toHaveProperty('lat')
    const codes = new Set(content.dealers.map((d) => d.country))
    expect(dealers.countries.map((c) => c.code).sort()).toEqual([...codes].sort())
    expect(dealers.countries).toContainEqual({ code: 'NO', name: 'Norway' })
    const names = dealers.countries.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')))
  })

  it('writes the coach list and one profile per coach', () => {
    const list = data<CoachesPageData>('/coaches')
    expect(list.coaches).toHaveLength(content.coaches.length)
    expect(paths('coach-profile')).toEqual(content.coaches.map((c) => `/coaches/${c.slug}`))
    const felix = data<CoachProfileData>('/coaches/felix-brunner')
    expect(felix).toMatchObject({
      name: 'Felix Brunner',
      country: { code: 'CH', name: 'Switzerland' },
      languages: ['German', 'French', 'English'],
    })
    expect(felix.html).toContain('<p>')
  })

  it("never puts a coach's contact address in any page's data", () => {
    const written = JSON.stringify(entries.map((entry) => entry.data))
    expect(content.coaches.length).toBeGreaterThan(0)
    for (const coach of content.coaches) expect(written).not.toContain(coach.email)
  })

  it('groups every palette colour by type, standard first', () => {
    const colors = data<ColorsPageData>('/colors')
    expect(colors.groups[0]!.type).toBe('standard')
    expect(colors.groups.flatMap((g) => g.colors.map((c) => c.id))).toHaveLength(
      content.palette.length,
    )
    for (const group of colors.groups) {
      for (const color of group.colors) expect(color.type).toBe(group.type)
    }
  })

  it('writes the friends page and a people page per product on sale', () => {
    expect(data<FriendsPageData>('/people/friends').coaches).toHaveLength(content.coaches.length)
    const onSale = content.products.filter((p) => p.active)
    expect(paths('people-product')).toEqual(onSale.map((p) => `/people/${p.slug}`))

    const kestrel = data<ProductPeopleData>('/people/kestrel')
    expect(kestrel.product).toEqual({
      slug: 'kestrel',
      name: 'Kestrel',
      path: '/wingsuits/kestrel',
    })
    expect(kestrel.gallery.map((g) => [g.album, g.item])).toContainEqual(['first-flights', 2])
    expect(kestrel.coaches.map((c) => c.slug)).toContain('hana-kovarova')
    // The Corvid 2 is not the Corvid: a coach naming only the Corvid 2 is not on its page.
    const corvid = data<ProductPeopleData>('/people/corvid')
    expect(corvid.coaches.map((c) => c.slug)).not.toContain('ingrid-solheim')
  })
})
