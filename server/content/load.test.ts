import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { familyKeys, reservedProductSlugs } from '../../contract/families.ts'
import { maxSlugLength } from '../../contract/slug-pattern.ts'
import { type Content, ContentError, loadContent } from './load.ts'

const words = (text: string) => text.split(/\s+/).filter(Boolean).length

describe('the real content', () => {
  let content: Content
  beforeAll(async () => {
    content = await loadContent('content')
  })

  it('has products in every family, at real scale', () => {
    const family = (key: string) => content.products.filter((p) => p.family === key)
    const minimum: Record<string, number> = {
      wingsuits: 8,
      trackingsuits: 3,
      'base-parachutes': 3,
      'skydiving-parachutes': 3,
      'base-equipment': 4,
      'skydiving-equipment': 4,
      accessories: 6,
      bags: 3,
      apparel: 6,
    }
    for (const key of familyKeys) {
      expect(family(key).filter((p) => p.active).length, key).toBeGreaterThanOrEqual(minimum[key]!)
    }
    const live = (slug: string) => content.products.find((p) => p.slug === slug)?.active
    for (const slug of ['a4', 'a5', 'corvid', 'corvid-2', 'classic-t-grey']) {
      expect(live(slug), slug).toBe(true)
    }
    expect(
      family('bags')
        .map((p) => p.slug)
        .sort(),
    ).toEqual(['mission-bag', 'uratul-bag', 'weekend-bag'])
    const disciplines = new Set(family('accessories').map((p) => p.discipline ?? 'none'))
    expect([...disciplines].sort()).toEqual(['base-jumping', 'none', 'skydiving'])
    // The server tests need one retired product, and only one is kept.
    expect(content.products.filter((p) => !p.active).map((p) => p.slug)).toEqual(['retro-1'])
  })

  it('gives every configurable product a made-to-measure variant that is never in stock', () => {
    for (const product of content.products.filter((p) => p.configurable)) {
      const custom = product.variants.filter((v) => v.sku.includes('-CUSTOM'))
      expect(custom.length, product.slug).toBeGreaterThan(0)
      expect(
        custom.every((v) => !v.in_stock),
        product.slug,
      ).toBe(true)
    }
  })

  it('has about 150 news articles of every category over six years, newest first', () => {
    expect(content.news.length).toBeGreaterThanOrEqual(150)
    const categories = new Set(content.news.map((a) => a.category))
    expect([...categories].sort()).toEqual(['launch', 'results', 'story', 'video'])
    const dates = content.news.map((a) => a.date)
    expect(dates).toEqual([...dates].sort().reverse())
    const years = new Set(dates.map((d) => d.slice(0, 4)))
    expect(years.size).toBeGreaterThanOrEqual(6)
    for (const article of content.news) {
      expect(words(article.text), article.slug).toBeGreaterThanOrEqual(80)
      expect(words(article.text), article.slug).toBeLessThanOrEqual(250)
    }
    expect(content.news.filter((a) => a.video).length).toBeGreaterThanOrEqual(20)
  })

  it('has learning articles on every topic, 200 to 500 words each', () => {
    expect(content.learn.length).toBeGreaterThanOrEqual(20)
    expect(new Set(content.learn.map((a) => a.topic)).size).toBe(6)
    for (const article of content.learn) {
      expect(words(article.text), article.slug).toBeGreaterThanOrEqual(200)
      expect(words(article.text), article.slug).toBeLessThanOrEqual(500)
    }
  })

  it('has gallery albums, dealers, coaches, manuals and the palette', () => {
    expect(content.gallery.length).toBeGreaterThanOrEqual(6)
    for (const album of content.gallery) expect(album.items.length).toBeGreaterThanOrEqual(6)

    expect(content.dealers.length).toBeGreaterThanOrEqual(30)
    expect(new Set(content.dealers.map((d) => d.country)).size).toBeGreaterThanOrEqual(15)
    for (const dealer of content.dealers) {
      expect(dealer.email, dealer.slug).toMatch(/@example\.(com|org|net)$/)
      expect(new URL(dealer.website).hostname, dealer.slug).toMatch(/\.example\.(com|org|net)$/)
    }

    expect(content.coaches.length).toBeGreaterThanOrEqual(10)
    for (const coach of content.coaches) {
      expect(words(coach.text), coach.slug).toBeGreaterThanOrEqual(60)
      expect(words(coach.text), coach.slug).toBeLessThanOrEqual(150)
    }

    const covered = new Set(content.manuals.flatMap((m) => m.products))
    for (const key of familyKeys) {
      expect(
        content.products.some((p) => p.family === key && covered.has(p.slug)),
        key,
      ).toBe(true)
    }
    for (const slug of ['a4', 'a5', 'corvid', 'corvid-2']) {
      expect(content.manuals.map((m) => m.slug)).toContain(slug)
    }
    for (const manual of content.manuals) {
      expect(words(manual.text), manual.slug).toBeGreaterThanOrEqual(200)
      expect(manual.sections.length, manual.slug).toBeGreaterThan(0)
    }

    expect(content.palette.length).toBeGreaterThanOrEqual(24)
    expect(content.palette.map((c) => c.id)).toContain('n4D')
  })

  it('has every marketing page of the site, comparisons with a table', () => {
    expect(content.pages.map((p) => p.slug).sort()).toEqual(
      [
        'about',
        'airfoils',
        'ask-not',
        'base-gear',
        'inlets',
        'lasers',
        'nerds',
        'newsletter',
        'philosophy',
        'setloops',
        'suits',
        'supercustom',
        'why-fly-fast',
        'a4vscorvid',
        'a5vscorvid2',
        'classic-t-grey',
        'slow-slider',
      ].sort(),
    )
    for (const page of content.pages) {
      expect(words(page.text), page.slug).toBeGreaterThanOrEqual(150)
      expect(words(page.text), page.slug).toBeLessThanOrEqual(400)
    }
    for (const slug of ['a4vscorvid', 'a5vscorvid2']) {
      expect(content.pages.find((p) => p.slug === slug)?.html).toContain('<table>')
    }
  })

  it('has landing pages, each with a hero, sections and calls to action to products on sale', () => {
    expect(content.landing.length).toBeGreaterThanOrEqual(3)
    const onSale = new Set(content.products.filter((p) => p.active).map((p) => p.slug))
    for (const page of content.landing) {
      expect(page.sections.length, page.slug).toBeGreaterThanOrEqual(3)
      expect(words(page.text), page.slug).toBeGreaterThanOrEqual(200)
      expect(page.products.length, page.slug).toBeGreaterThan(0)
      for (const slug of page.products) expect(onSale.has(slug), slug).toBe(true)
    }
  })

  it('draws every image it references as a small, self-contained SVG with a title', async () => {
    const sources = new Set<string>([
      ...content.products.flatMap((p) => p.images.map((i) => i.src)),
      ...content.news.flatMap((a) => [a.image?.src, a.video?.poster]),
      ...content.gallery.flatMap((g) => [
        g.cover.src,
        ...g.items.flatMap((i) => [i.src, i.poster]),
      ]),
      ...content.coaches.map((c) => c.photo.src),
      ...content.pages.map((p) => p.hero?.src),
      ...content.landing.map((p) => p.hero.image.src),
    ] as string[])
    const svgs = [...sources].filter((src) => src?.endsWith('.svg'))
    expect(svgs.length).toBeGreaterThan(100)
    for (const src of svgs) {
      const svg = await readFile(path.join('public', src), 'utf8')
      expect(Buffer.byteLength(svg), src).toBeLessThan(3000)
      expect(svg, src).toMatch(/^<svg [^>]*viewBox="[^"]+"/)
      expect(svg, src).toMatch(/<title>[^<]+<\/title>/)
      expect(svg, src).not.toMatch(/<script|\sstyle=|<style|\son[a-z]+=|href="(?!#)/i)
    }
  })

  it('has every video it names as a small H.264 MP4 that starts playing before it is all in', async () => {
    const videos = [
      ...content.gallery.flatMap((g) => g.items.filter((i) => i.type === 'video')),
      ...content.news.flatMap((a) => (a.video ? [a.video] : [])),
    ]
    expect(videos.length).toBeGreaterThanOrEqual(30)
    for (const { src } of videos) {
      const mp4 = await readFile(path.join('public', src))
      expect(mp4.length, src).toBeLessThan(300 * 1024)
      expect(mp4.toString('latin1', 4, 8), src).toBe('ftyp')
      const text = mp4.toString('latin1')
      expect(text, src).toContain('avc1')
      // scripts/make-videos.ts writes the index (moov) before the frames (mdat): faststart.
      expect(text.indexOf('moov'), src).toBeLessThan(text.indexOf('mdat'))
    }
  })

  it('has the archive and the production times the server seeds', () => {
    expect(content.archive.map((file) => file.type)).toEqual(['supercustom', 'superdupercustom'])
    expect(content.archive.flatMap((file) => file.entries).length).toBeGreaterThanOrEqual(24)
    expect(content.productionTime.categories.length).toBeGreaterThan(0)
  })
})

// A small but complete content folder, to break one file at a time.
const validFiles: Record<string, string> = {
  'content/products/wingsuits/test-suit.json': JSON.stringify({
    slug: 'test-suit',
    family: 'wingsuits',
    sku: 'TEST',
    name: 'Test suit',
    summary: 'A suit for tests.',
    description: 'A suit that only exists in tests.',
    price: 100000,
    currency: 'USD',
    lead_time_weeks: 4,
    weight_grams: 3200,
    requires_waiver: true,
    configurable: true,
    configurator: {
      drawing: 'wingsuit',
      regions: [{ id: 'body', label: 'Torso', default_color: 'n4D' }],
      options: [{ key: 'booties', label: 'Booties', price: 9000, show: ['booties'] }],
      accents: [{ key: 'neon', label: 'Neon piping', price: 4000, color: 'n4D' }],
      color_type_prices: [{ type: 'standard', price: 0 }],
      super_custom: {
        sku: 'SUPERCUSTOM-TEST',
        label: 'Super Custom',
        price: 35000,
        lead_time_weeks: 2,
      },
    },
    colors: ['n4D'],
    images: [{ src: '/images/products/test-suit.svg', alt: 'Test suit' }],
    manual: '/manuals/test-suit',
    variants: [
      { sku: 'TEST-M', name: 'Test suit, M', price: 100000, in_stock: true },
      { sku: 'TEST-CUSTOM', name: 'Test suit, made to measure', price: 120000, in_stock: false },
    ],
  }),
  'content/palette.json': JSON.stringify([
    { id: 'n4D', name: 'Deep navy', hex: '#1f2a44', type: 'standard' },
  ]),
  'content/news/first-flight.md': [
    '---',
    'title: First flight',
    'date: 2024-05-01',
    'category: story',
    'summary: A first flight.',
    'products: [test-suit]',
    '---',
    '',
    'It went well. Read the [manual](/manuals/test-suit).',
  ].join('\n'),
  'content/learn/planning.md': [
    '---',
    'title: Planning',
    'summary: Plan the flight.',
    'topic: flying',
    'updated: 2025-01-02',
    '---',
    '',
    '## Plan',
    '',
    'Plan it on the ground & fly it in the air.',
  ].join('\n'),
  'content/gallery/album.json': JSON.stringify({
    title: 'Album',
    description: 'Pictures.',
    date: '2024-06-01',
    cover: { src: '/images/gallery/one.svg', alt: 'One' },
    items: [
      { type: 'image', src: '/images/gallery/one.svg', title: 'One', alt: 'One' },
      {
        type: 'video',
        src: '/videos/gallery/two.mp4',
        title: 'Two',
        alt: 'Two',
        poster: '/images/gallery/one.svg',
      },
    ],
  }),
  'content/dealers.json': JSON.stringify([
    {
      slug: 'fjord-air',
      name: 'Fjord Air',
      country: 'NO',
      city: 'Voss',
      address: 'Stasjonsvegen 1',
      email: 'fjord@example.com',
      phone: '+47 56 00 00 00',
      website: 'https://fjord.example.com',
      disciplines: ['wingsuit'],
      lat: 60.6,
      lng: 6.4,
    },
  ]),
  'content/coaches/ada.md': [
    '---',
    'name: Ada',
    'country: NO',
    'home_dropzone: Voss',
    'disciplines: [wingsuit]',
    'languages: [no, en]',
    'photo: { src: /images/coaches/ada.svg, alt: Ada }',
    'email: ada@coaches.example.com',
    '---',
    '',
    'Ada coaches first flights.',
  ].join('\n'),
  'content/manuals/test-suit.md': [
    '---',
    'title: Test suit manual',
    'summary: How to fly it.',
    'updated: 2025-03-04',
    'products: [test-suit]',
    '---',
    '',
    '## Fitting',
    '',
    'Fit it.',
    '',
    '## Fitting',
    '',
    'Again.',
  ].join('\n'),
  'content/pages/about.md': [
    '---',
    'title: About',
    'description: About us.',
    '---',
    '',
    'We make **suits**.',
  ].join('\n'),
  'content/landing/launch.md': [
    '---',
    'title: Launch',
    'description: A campaign.',
    'hero:',
    '  lead: Fly it.',
    '  image: { src: /images/gallery/one.svg, alt: One }',
    '  cta: { label: See it, href: /wingsuits/test-suit }',
    'products: [test-suit]',
    'cta: { label: All suits, href: /wingsuits }',
    '---',
    '',
    '## Why',
    '',
    'Because it flies.',
  ].join('\n'),
  'content/archive/supercustom.json': JSON.stringify({
    type: 'supercustom',
    entries: [
      {
        id: 'sc-2024-test',
        src: '/images/archive/sc-2024-test.svg',
        title: 'A test suit in navy',
        alt: 'A navy test suit',
        product: 'test-suit',
        year: 2024,
        pilot: 'Ada',
        colors: ['n4D'],
      },
    ],
  }),
  'content/production-time.json': JSON.stringify({
    updated_at: '2026-11-16',
    categories: [{ category: 'wingsuits', weeks_min: 4, weeks_max: 6 }],
  }),
  'content/shipping-rates.json': JSON.stringify({
    currency: 'USD',
    zones: [
      {
        id: 'home',
        name: 'Home',
        countries: ['US'],
        services: [
          {
            carrier: 'ups',
            service_code: 'ups_ground',
            service_name: 'UPS Ground',
            brackets: [
              { up_to_grams: 1000, amount: 1000 },
              { up_to_grams: 5000, amount: 2000 },
            ],
          },
        ],
      },
    ],
  }),
  'content/waivers/v1.md': [
    '---',
    'version: v1',
    'date: 2026-11-01',
    'title: Release of liability',
    '---',
    '',
    'Flying is **dangerous**.',
  ].join('\n'),
  'public/images/products/test-suit.svg': '<svg/>',
  'public/images/gallery/one.svg': '<svg/>',
  'public/images/coaches/ada.svg': '<svg/>',
  'public/images/archive/sc-2024-test.svg': '<svg/>',
  'public/videos/gallery/two.mp4': 'not really a video, but there',
}

let root: string | undefined
afterEach(async () => {
  if (root) await rm(root, { recursive: true, force: true })
  root = undefined
})

/** Writes the valid files with some replaced (a string) or removed (null); returns content/. */
async function contentWith(changes: Record<string, string | null> = {}): Promise<string> {
  root = await mkdtemp(path.join(tmpdir(), 'content-test-'))
  for (const [name, text] of Object.entries({ ...validFiles, ...changes })) {
    if (text === null) continue
    await mkdir(path.dirname(path.join(root, name)), { recursive: true })
    await writeFile(path.join(root, name), text)
  }
  return path.join(root, 'content')
}

async function problemsOf(changes: Record<string, string | null>): Promise<string> {
  const error = await loadContent(await contentWith(changes)).then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(ContentError)
  return (error as ContentError).message
}

const news = (front: string[], body = 'Body text.') => ['---', ...front, '---', '', body].join('\n')

describe('loadContent', () => {
  it('loads a minimal folder, rendering markdown to html and text', async () => {
    const content = await loadContent(await contentWith())
    expect(content.news).toHaveLength(1)
    expect(content.news[0]).toMatchObject({
      slug: 'first-flight',
      date: '2024-05-01',
      products: ['test-suit'],
      html: '<p>It went well. Read the <a href="/manuals/test-suit">manual</a>.</p>\n',
      text: 'It went well. Read the manual.',
    })
    expect(content.learn[0]!.text).toBe('Plan Plan it on the ground & fly it in the air.')
    expect(content.manuals[0]!.sections).toEqual([
      { id: 'fitting', title: 'Fitting' },
      { id: 'fitting-2', title: 'Fitting' },
    ])
    expect(content.manuals[0]!.html).toContain('<h2 id="fitting-2">Fitting</h2>')
    expect(content.coaches[0]).toMatchObject({ slug: 'ada', languages: ['no', 'en'] })
    expect(content.gallery[0]!.slug).toBe('album')
    expect(content.landing[0]).toMatchObject({
      slug: 'launch',
      hero: { cta: { href: '/wingsuits/test-suit' } },
      sections: [{ id: 'why', title: 'Why' }],
    })
  })

  it('sorts news newest first', async () => {
    const content = await loadContent(
      await contentWith({
        'content/news/older.md': news([
          'title: Older',
          'date: 2021-02-03',
          'category: results',
          'summary: Older.',
        ]),
        'content/news/newer.md': news([
          'title: Newer',
          'date: 2026-02-03',
          'category: launch',
          'summary: Newer.',
        ]),
      }),
    )
    expect(content.news.map((a) => a.slug)).toEqual(['newer', 'first-flight', 'older'])
  })

  it('names the file, the field and the reason, for every bad file at once', async () => {
    const message = await problemsOf({
      'content/news/bad-date.md': news([
        'title: Bad',
        'date: 2024-13-40',
        'category: story',
        'summary: Bad.',
      ]),
      'content/news/bad-category.md': news([
        'title: Bad',
        'date: 2024-01-01',
        'category: gossip',
        'summary: Bad.',
        'vidoe: { title: x }',
      ]),
    })
    expect(message).toContain('content/news/bad-date.md: date: Invalid ISO date')
    expect(message).toMatch(/content\/news\/bad-category\.md: category: Invalid option/)
    expect(message).toContain('content/news/bad-category.md: (root): Unrecognized key: "vidoe"')
    expect(message).toMatch(/^3 content problems:/)
  })

  it('names the array index and field in a list file', async () => {
    const dealers = JSON.parse(validFiles['content/dealers.json']!)
    dealers[0].email = 'not-an-address'
    const message = await problemsOf({ 'content/dealers.json': JSON.stringify(dealers) })
    expect(message).toContain('content/dealers.json: 0.email: Invalid email address')
  })

  it('rejects a reference to a product that does not exist', async () => {
    const message = await problemsOf({
      'content/news/dangling.md': news([
        'title: Dangling',
        'date: 2024-01-01',
        'category: launch',
        'summary: Dangling.',
        'products: [no-such-suit]',
      ]),
    })
    expect(message).toContain(
      'content/news/dangling.md: products.0: no product has the slug "no-such-suit"',
    )
  })

  it('rejects a duplicate slug', async () => {
    const dealers = JSON.parse(validFiles['content/dealers.json']!)
    const message = await problemsOf({
      'content/dealers.json': JSON.stringify([...dealers, { ...dealers[0], name: 'Copy' }]),
    })
    expect(message).toContain(
      'content/dealers.json: 1.slug: the dealer slug "fjord-air" is already used earlier in this file',
    )
  })

  it('rejects a product slug used in two families', async () => {
    const product = JSON.parse(validFiles['content/products/wingsuits/test-suit.json']!)
    const copy = {
      ...product,
      family: 'trackingsuits',
      sku: 'TEST2',
      configurable: false,
      configurator: null,
      manual: null,
      variants: [{ sku: 'TEST2-M', name: 'Copy', price: 1, in_stock: true }],
    }
    const message = await problemsOf({
      'content/products/trackingsuits/test-suit.json': JSON.stringify(copy),
    })
    expect(message).toMatch(
      /content\/products\/trackingsuits\/test-suit\.json: slug: the product slug "test-suit" is already used by .*wingsuits\/test-suit\.json/,
    )
  })

  it('checks palette ids, countries, languages, images, manuals and links', async () => {
    const product = JSON.parse(validFiles['content/products/wingsuits/test-suit.json']!)
    const dealers = JSON.parse(validFiles['content/dealers.json']!)
    const message = await problemsOf({
      'content/products/wingsuits/test-suit.json': JSON.stringify({
        ...product,
        colors: ['n4D', 'x9Z'],
        images: [{ src: '/images/products/missing.svg', alt: 'Missing' }],
        manual: '/manuals/nope',
      }),
      'content/dealers.json': JSON.stringify([{ ...dealers[0], country: 'XX' }]),
      'content/coaches/ada.md': validFiles['content/coaches/ada.md']!.replace(
        'languages: [no, en]',
        'languages: [qq]',
      ),
      'content/pages/about.md': validFiles['content/pages/about.md']!.replace(
        'We make **suits**.',
        'See [the suit](/wingsuits/nope) or <b>this</b>.',
      ),
      'content/learn/planning.md': validFiles['content/learn/planning.md']!.replace(
        'Plan it',
        'Read [this](/learn/nowhere). Plan it',
      ),
    })
    const products = 'content/products/wingsuits/test-suit.json'
    expect(message).toContain(`${products}: colors.1: "x9Z" is not in the palette`)
    expect(message).toMatch(
      new RegExp(`${products}: images.0.src: /images/products/missing.svg does not exist`),
    )
    expect(message).toContain(`${products}: manual: there is no content/manuals/nope.md`)
    expect(message).toContain('content/dealers.json: 0.country: "XX" is not an ISO 3166-1')
    expect(message).toContain('content/coaches/ada.md: languages.0: "qq" is not an ISO 639-1')
    expect(message).toContain('content/pages/about.md: (body): raw HTML is not allowed')
    expect(message).toContain(
      'content/learn/planning.md: (body): the link /learn/nowhere leads nowhere',
    )
  })

  it('checks a configurable product: its configurator, made-to-measure variant and palette', async () => {
    const product = JSON.parse(validFiles['content/products/wingsuits/test-suit.json']!)
    const { configurator } = product
    const copy = (slug: string, changes: object) =>
      JSON.stringify({ ...product, slug, sku: slug.toUpperCase(), manual: null, ...changes })
    const variant = (sku: string, in_stock = false) => ({ sku, name: sku, price: 1, in_stock })
    const message = await problemsOf({
      'content/products/wingsuits/no-configurator.json': copy('no-configurator', {
        configurator: null,
        variants: [variant('NC-CUSTOM')],
      }),
      'content/products/wingsuits/not-configurable.json': copy('not-configurable', {
        configurable: false,
        variants: [variant('NOT-M', true)],
      }),
      'content/products/wingsuits/off-the-shelf.json': copy('off-the-shelf', {
        variants: [variant('OFF-M', true), variant('OFF-CUSTOM', true)],
      }),
      'content/products/wingsuits/no-custom.json': copy('no-custom', {
        variants: [variant('NOCUSTOM-M', true)],
      }),
      'content/products/wingsuits/bad-ids.json': copy('bad-ids', {
        configurator: {
          ...configurator,
          regions: [{ id: 'main-flap', label: 'Flap', default_color: 'n4D' }],
          options: [{ key: 'camera', label: 'Camera', price: 1, hide: ['camera-mount'] }],
        },
        variants: [variant('BADIDS-CUSTOM')],
      }),
    })
    const file = (slug: string) => `content/products/wingsuits/${slug}.json`
    expect(message).toContain(
      `${file('no-configurator')}: configurator: a configurable product (configurable: true) needs a configurator`,
    )
    expect(message).toContain(
      `${file('not-configurable')}: configurable: must be true when the product has a configurator`,
    )
    expect(message).toContain(
      `${file('off-the-shelf')}: variants.1.in_stock: a made-to-measure variant is never in stock`,
    )
    expect(message).toContain(
      `${file('no-custom')}: variants: a configurable product needs a -CUSTOM variant`,
    )
    const bad = file('bad-ids')
    expect(message).toContain(
      `${bad}: configurator.regions.0.id: the wingsuit drawing has no region "main-flap"`,
    )
    expect(message).toContain(
      `${bad}: configurator.options.0.hide.0: the wingsuit drawing has no part "camera-mount"`,
    )
    // Palette and upgrade checks look across files, so they run once every file has parsed.
    const loaded = await problemsOf({
      'content/products/wingsuits/bad-ids.json': copy('bad-ids', {
        configurator: {
          ...configurator,
          regions: [{ id: 'body', label: 'Torso', default_color: 'x9Z' }],
          accents: [{ key: 'neon', label: 'Neon', price: 1, color: 'q1Q' }],
          color_type_prices: [{ type: 'glitter', price: 1 }],
          super_custom: { ...configurator.super_custom, price: 30000 },
        },
        variants: [variant('BADIDS-CUSTOM')],
      }),
      'content/products/wingsuits/upgrade-clash.json': copy('upgrade-clash', {
        configurator: {
          ...configurator,
          super_duper_custom: { ...configurator.super_custom, sku: 'TEST-M' },
        },
        variants: [variant('CLASH-CUSTOM')],
      }),
    })
    expect(loaded).toContain(
      `${bad}: configurator.regions.0.default_color: "x9Z" is not in the palette`,
    )
    expect(loaded).toContain(`${bad}: configurator.accents.0.color: "q1Q" is not in the palette`)
    expect(loaded).toContain(
      `${bad}: configurator.color_type_prices.0.type: no palette colour has the type "glitter"`,
    )
    expect(loaded).toMatch(
      /test-suit\.json: configurator\.super_custom\.price: "SUPERCUSTOM-TEST" costs 30000 in .*bad-ids\.json but 35000 here; one SKU has one price/,
    )
    expect(loaded).toMatch(
      /upgrade-clash\.json: configurator\.super_duper_custom\.sku: the SKU "TEST-M" is already used by .*test-suit\.json/,
    )
  })

  it('checks a landing page: sections, products on sale and calls to action', async () => {
    const product = JSON.parse(validFiles['content/products/wingsuits/test-suit.json']!)
    const landing = validFiles['content/landing/launch.md']!
    const message = await problemsOf({
      'content/products/wingsuits/test-suit.json': JSON.stringify({ ...product, active: false }),
      'content/landing/launch.md': landing
        .replace('/images/gallery/one.svg', '/images/gallery/missing.svg')
        .replace('href: /wingsuits }', 'href: /nowhere }')
        .replace('## Why', 'Why'),
    })
    const file = 'content/landing/launch.md'
    expect(message).toContain(`${file}: (body): a landing page needs sections`)
    expect(message).toContain(`${file}: products.0: "test-suit" is no longer on sale`)
    expect(message).toContain(`${file}: hero.cta.href: the link /wingsuits/test-suit leads nowhere`)
    expect(message).toContain(`${file}: cta.href: the link /nowhere leads nowhere`)
    expect(message).toMatch(
      /launch\.md: hero\.image\.src: \/images\/gallery\/missing\.svg does not/,
    )
  })

  it('reports a missing collection and malformed front matter', async () => {
    const message = await problemsOf({
      'content/palette.json': null,
      'content/pages/about.md': '---\ntitle: [unclosed\n---\n\nBody.',
    })
    expect(message).toContain('content/palette.json: (root): the file is missing')
    expect(message).toContain('content/pages/about.md: (front matter): not valid YAML')
  })
})

const productFile = 'content/products/wingsuits/test-suit.json'
const testSuit = () => JSON.parse(validFiles[productFile]!)
const archive = () => JSON.parse(validFiles['content/archive/supercustom.json']!)
const productionTime = () => JSON.parse(validFiles['content/production-time.json']!)

describe('the archive and the production times', () => {
  it('loads them with the rest, in file order', async () => {
    const content = await loadContent(await contentWith())
    expect(content.archive).toEqual([
      expect.objectContaining({
        type: 'supercustom',
        entries: [expect.objectContaining({ id: 'sc-2024-test', product: 'test-suit' })],
      }),
    ])
    expect(content.productionTime).toEqual({
      updated_at: '2026-11-16',
      categories: [{ category: 'wingsuits', weeks_min: 4, weeks_max: 6, note: null }],
    })
  })

  it('checks archive entries: fields, file name, ids across files, products and colours', async () => {
    const [entry] = archive().entries
    const message = await problemsOf({
      'content/archive/supercustom.json': JSON.stringify({
        type: 'supercustom',
        entries: [
          entry,
          { ...entry, id: 'sc-2024-other', product: 'no-such-suit', colors: ['x9Z'] },
        ],
      }),
      'content/archive/superdupercustom.json': JSON.stringify({
        type: 'supercustom',
        entries: [{ ...entry, id: 'sc-2024-other' }],
      }),
    })
    const file = 'content/archive/supercustom.json'
    // A file whose fields are wrong is not cross-checked: its entries are not known yet.
    const fields = await problemsOf({
      [file]: JSON.stringify({ ...archive(), entries: [{ ...entry, pilot: 'Ada Lovelace' }] }),
    })
    expect(fields).toContain(`${file}: entries.0.pilot: must be a first name`)
    expect(message).toContain(`${file}: entries.1.product: no product has the slug "no-such-suit"`)
    expect(message).toContain(`${file}: entries.1.colors.0: "x9Z" is not in the palette`)
    expect(message).toContain(
      'content/archive/superdupercustom.json: type: type says these entries belong in supercustom.json',
    )
    expect(message).toMatch(
      /superdupercustom\.json: entries\.0\.id: "sc-2024-other" is already used by .*\/supercustom\.json/,
    )
  })

  it('checks the production times: fields, and each category once', async () => {
    const base = productionTime()
    const message = await problemsOf({
      'content/production-time.json': JSON.stringify({
        ...base,
        categories: [...base.categories, { category: 'wingsuits', weeks_min: 1, weeks_max: 2 }],
      }),
    })
    const file = 'content/production-time.json'
    expect(message).toContain(`${file}: categories.1.category: "wingsuits" is listed twice`)
    const fields = await problemsOf({
      [file]: JSON.stringify({
        ...base,
        categories: [{ category: 'wingsuits', weeks_min: 9, weeks_max: 8 }],
      }),
    })
    expect(fields).toContain(`${file}: categories.0.weeks_max: weeks_min must not be more`)
    expect(await problemsOf({ 'content/production-time.json': null })).toContain(
      `${file}: (root): the file is missing`,
    )
  })
})

describe('the waiver', () => {
  const waiver = (front: string[], body = 'Flying is dangerous.') =>
    ['---', ...front, '---', '', body].join('\n')

  it('loads the versions newest first, the current one first', async () => {
    const content = await loadContent(
      await contentWith({
        'content/waivers/v2.md': waiver(['version: v2', 'date: 2027-03-01', 'title: Release']),
      }),
    )
    expect(content.waivers.map((w) => [w.version, w.date])).toEqual([
      ['v2', '2027-03-01'],
      ['v1', '2026-11-01'],
    ])
    expect(content.waivers[1]).toMatchObject({
      title: 'Release of liability',
      html: '<p>Flying is <strong>dangerous</strong>.</p>\n',
      text: 'Flying is dangerous.',
    })
  })

  it('refuses a product that does not say whether it needs the waiver', async () => {
    const unsaid = testSuit()
    delete unsaid.requires_waiver
    expect(await problemsOf({ [productFile]: JSON.stringify(unsaid) })).toContain(
      `${productFile}: requires_waiver: say whether buying this needs the signed waiver: true or false`,
    )
    expect(
      await problemsOf({
        [productFile]: JSON.stringify({ ...testSuit(), requires_waiver: 'yes' }),
      }),
    ).toContain(`${productFile}: requires_waiver:`)
  })

  it('checks versions: named as the file, one per date, one at least if a product needs it', async () => {
    const problems = await problemsOf({
      'content/waivers/v2.md': waiver(['version: v3', 'date: 2026-11-01', 'title: Release']),
      'content/waivers/v4.md': waiver(['version: v4', 'date: 2026-13-01', 'title: Release']),
      'content/waivers/v5.md': waiver(['version: v5', 'date: 2027-01-01', 'title: ""']),
      'content/waivers/v6.md': waiver(['version: v6', 'date: 2027-02-01', 'title: Release'], ''),
    })
    expect(problems).toContain(
      `content/waivers/v2.md: version: must be the file's name, "v2" (content/waivers/<version>.md)`,
    )
    expect(problems).toContain(
      'content/waivers/v2.md: date: 2026-11-01 is already the date of version "v1"',
    )
    expect(problems).toMatch(/content\/waivers\/v4\.md: date: /)
    expect(problems).toContain('content/waivers/v5.md: title: must not be empty')
    expect(problems).toContain('content/waivers/v6.md: (body): the body is empty')
    expect(await problemsOf({ 'content/waivers/v1.md': null })).toContain(
      'content/waivers: (root): test-suit and perhaps others need a signed waiver, but no waiver version exists',
    )
    // Without a product that needs it, no waiver is needed either.
    await loadContent(
      await contentWith({
        'content/waivers/v1.md': null,
        [productFile]: JSON.stringify({ ...testSuit(), requires_waiver: false }),
      }),
    )
  })
})

describe('shipping', () => {
  it('refuses a product without a whole, positive shipping weight', async () => {
    const weightless = testSuit()
    delete weightless.weight_grams
    expect(await problemsOf({ [productFile]: JSON.stringify(weightless) })).toContain(
      `${productFile}: weight_grams: every product needs its packed shipping weight in grams`,
    )
    expect(
      await problemsOf({ [productFile]: JSON.stringify({ ...testSuit(), weight_grams: 3.5 }) }),
    ).toContain(`${productFile}: weight_grams: the shipping weight is whole grams`)
    expect(
      await problemsOf({ [productFile]: JSON.stringify({ ...testSuit(), weight_grams: 0 }) }),
    ).toContain(`${productFile}: weight_grams: the shipping weight is more than 0 grams`)
  })

  it('checks the rate table: one zone per country, known postal codes, rising brackets', async () => {
    const file = 'content/shipping-rates.json'
    const table = JSON.parse(validFiles[file]!)
    const service = table.zones[0].services[0]
    const broken = {
      currency: 'EUR',
      zones: [
        {
          ...table.zones[0],
          countries: ['US', 'XX'],
          services: [
            service,
            {
              ...service,
              brackets: [
                { up_to_grams: 5000, amount: 1 },
                { up_to_grams: 5000, amount: 2 },
              ],
            },
          ],
        },
        { ...table.zones[0], id: 'again', countries: ['US'] },
      ],
    }
    const message = await problemsOf({ [file]: JSON.stringify(broken) })
    expect(message).toContain(`${file}: zones.0.countries.1: no postal-code format is known for XX`)
    expect(message).toContain(`${file}: zones.1.countries.0: US is already in the zone "home"`)
    expect(message).toContain(`${file}: zones.0.services.1: ups/ups_ground is listed twice`)
    expect(message).toContain(
      `${file}: zones.0.services.1.brackets.1.up_to_grams: brackets must rise`,
    )
    expect(message).toContain(`${file}: currency: the catalogue is priced in USD, the rates in EUR`)
    expect(await problemsOf({ [file]: null })).toContain(`${file}: (root): the file is missing`)
  })
})

describe('the one check', () => {
  it.each(reservedProductSlugs)(
    'refuses the product slug "%s", which an API route of its own answers',
    async (slug) => {
      const message = await problemsOf({
        [productFile]: null,
        [`content/products/wingsuits/${slug}.json`]: JSON.stringify({
          ...testSuit(),
          slug,
          manual: null,
        }),
      })
      expect(message).toContain(
        `content/products/wingsuits/${slug}.json: slug: "${slug}" is an API path of its own`,
      )
    },
  )

  it('reports every file an entry names that is not there, as file: field: reason', async () => {
    const message = await problemsOf({
      'public/videos/gallery/two.mp4': null,
      'public/images/gallery/one.svg': null,
      'public/images/archive/sc-2024-test.svg': null,
      'content/news/first-flight.md': validFiles['content/news/first-flight.md']!.replace(
        'products: [test-suit]',
        'products: [test-suit]\nvideo: { title: Film, src: /videos/news/film.mp4, poster: /images/products/test-suit.svg }',
      ),
      [productFile]: JSON.stringify({
        ...testSuit(),
        images: [{ src: 'https://elsewhere.example.com/suit.jpg', alt: 'Elsewhere' }],
      }),
    })
    const album = 'content/gallery/album.json'
    expect(message).toContain(`${album}: items.1.src: /videos/gallery/two.mp4 does not exist under`)
    expect(message).toContain(`${album}: cover.src: /images/gallery/one.svg does not exist under`)
    expect(message).toContain(`${album}: items.1.poster: /images/gallery/one.svg does not exist`)
    expect(message).toContain(
      'content/landing/launch.md: hero.image.src: /images/gallery/one.svg does not exist',
    )
    expect(message).toContain(
      'content/archive/supercustom.json: entries.0.src: /images/archive/sc-2024-test.svg does not exist',
    )
    expect(message).toContain(
      'content/news/first-flight.md: video.src: /videos/news/film.mp4 does not exist',
    )
    expect(message).toContain(
      `${productFile}: images.0.src: https://elsewhere.example.com/suit.jpg is not a path on this site`,
    )
  })

  it('leaves named files alone when asked, for the script that makes them', async () => {
    const dir = await contentWith({ 'public/videos/gallery/two.mp4': null })
    const content = await loadContent(dir, { checkFiles: false })
    expect(content.gallery[0]!.items[1]).toMatchObject({ src: '/videos/gallery/two.mp4' })
  })

  it('reports the problems of every kind of content at once, in one ContentError', async () => {
    const error = await loadContent(
      await contentWith({
        [productFile]: JSON.stringify({ ...testSuit(), slug: 'production-time' }),
        'content/archive/supercustom.json': JSON.stringify({
          ...archive(),
          entries: [{ ...archive().entries[0], product: 'gone' }],
        }),
        'content/production-time.json': JSON.stringify({ ...productionTime(), updated_at: 'soon' }),
        'public/videos/gallery/two.mp4': null,
        'content/dealers.json': '[{',
      }),
    ).then(
      () => undefined,
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(ContentError)
    const { problems } = error as ContentError
    const files = new Set(problems.map((problem) => problem.file))
    for (const file of [
      productFile,
      'content/archive/supercustom.json',
      'content/production-time.json',
      'content/gallery/album.json',
      'content/dealers.json',
    ]) {
      expect(
        [...files].some((shown) => shown.endsWith(file)),
        file,
      ).toBe(true)
    }
    expect((error as Error).message).toMatch(new RegExp(`^${problems.length} content problems:`))
  })

  it('keeps heading anchors within the slug length', async () => {
    const heading = 'A very long heading '.repeat(12)
    const content = await loadContent(
      await contentWith({
        'content/manuals/test-suit.md': validFiles['content/manuals/test-suit.md']!.replace(
          '## Fitting\n\nFit it.',
          `## ${heading}\n\nFit it.\n\n## ${heading}\n\nAgain.`,
        ),
      }),
    )
    for (const { id } of content.manuals[0]!.sections) {
      expect(id.length).toBeLessThanOrEqual(maxSlugLength)
    }
    expect(new Set(content.manuals[0]!.sections.map((s) => s.id)).size).toBe(3)
  })
})
