/**
 * Loads and checks everything under content/: each file against its schema in contract/, then
 * the links between files (product slugs, palette ids, manuals, images under public/, links in
 * markdown). Every problem is collected and reported at once, each naming the file, the field
 * and the reason, so an owner fixes a batch of mistakes in one pass instead of one per build.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import matter from 'gray-matter'
import { Marked, type Token, type Tokens } from 'marked'
import type { z } from 'zod'
import { ProductContent } from '../../contract/catalog.ts'
import {
  Coach,
  CoachFile,
  DealerList,
  GalleryAlbum,
  GalleryAlbumFile,
  LandingPage,
  LandingPageFile,
  LearnArticle,
  LearnArticleFile,
  Manual,
  ManualFile,
  MarketingPage,
  MarketingPageFile,
  NewsArticle,
  NewsArticleFile,
  Palette,
  type Dealer,
  type ManualSection,
  type PaletteColor,
} from '../../contract/content.ts'
import { families, familyKeys, productPath } from '../../contract/families.ts'
import { pageRoutes } from '../../contract/routes.ts'

export interface Content {
  products: ProductContent[]
  /** Newest first. */
  news: NewsArticle[]
  learn: LearnArticle[]
  /** Newest first. */
  gallery: GalleryAlbum[]
  dealers: Dealer[]
  coaches: Coach[]
  manuals: Manual[]
  /** In the owner's order. */
  palette: PaletteColor[]
  pages: MarketingPage[]
  landing: LandingPage[]
}

export interface ContentProblem {
  /** The file, as a path joined onto the content directory given (`content/news/x.md`). */
  file: string
  /** The field, dot-separated (`variants.1.price`), or `(root)` / `(body)`. */
  field: string
  message: string
}

/** Content that cannot be used; `problems` lists every one found, the message repeats them. */
export class ContentError extends Error {
  override name = 'ContentError'
  constructor(readonly problems: ContentProblem[]) {
    super(
      `${problems.length} content problem${problems.length === 1 ? '' : 's'}:\n` +
        problems.map((p) => `  ${p.file}: ${p.field}: ${p.message}`).join('\n'),
    )
  }
}

export interface LoadOptions {
  /** Where image paths (`/images/...`) are looked up; by default `public/` beside contentDir. */
  publicDir?: string
}

/** The palette colour the configurator starts with (SPEC §9). */
export const defaultColorId = 'n4D'

export async function loadContent(
  contentDir = 'content',
  options: LoadOptions = {},
): Promise<Content> {
  const loader = new Loader(contentDir, options.publicDir ?? path.join(contentDir, '..', 'public'))
  return loader.load()
}

interface Located<T> {
  file: string
  item: T
}

interface Markdown {
  html: string
  text: string
  sections: ManualSection[]
  links: string[]
  images: string[]
}

class Loader {
  private readonly problems: ContentProblem[] = []
  /** Links and images found in markdown bodies, checked once every collection is loaded. */
  private readonly markdownRefs: { file: string; links: string[]; images: string[] }[] = []

  constructor(
    private readonly contentDir: string,
    private readonly publicDir: string,
  ) {}

  async load(): Promise<Content> {
    const [products, news, learn, gallery, dealers, coaches, manuals, palette, pages, landing] =
      await Promise.all([
        this.products(),
        this.markdownDir('news', NewsArticleFile, NewsArticle),
        this.markdownDir('learn', LearnArticleFile, LearnArticle),
        this.jsonDir('gallery', GalleryAlbumFile, GalleryAlbum),
        this.jsonFile('dealers.json', DealerList),
        this.markdownDir('coaches', CoachFile, Coach),
        this.markdownDir('manuals', ManualFile, Manual),
        this.jsonFile('palette.json', Palette),
        this.markdownDir('pages', MarketingPageFile, MarketingPage),
        this.markdownDir('landing', LandingPageFile, LandingPage),
      ])
    this.crossCheck({
      products,
      news,
      learn,
      gallery,
      dealers,
      coaches,
      manuals,
      palette,
      pages,
      landing,
    })
    if (this.problems.length > 0) {
      // Collections load in parallel; group the report by file so it reads the same every run.
      throw new ContentError(this.problems.sort((a, b) => a.file.localeCompare(b.file)))
    }

    const items = <T>(list: Located<T>[]) => list.map((entry) => entry.item)
    const newestFirst = (a: { date: string; slug: string }, b: { date: string; slug: string }) =>
      b.date.localeCompare(a.date) || a.slug.localeCompare(b.slug)
    const byTitle = (a: { title: string }, b: { title: string }) => a.title.localeCompare(b.title)
    return {
      products: items(products),
      news: items(news).sort(newestFirst),
      learn: items(learn).sort(byTitle),
      gallery: items(gallery).sort(newestFirst),
      dealers: items(dealers).sort(
        (a, b) => a.country.localeCompare(b.country) || a.name.localeCompare(b.name),
      ),
      coaches: items(coaches).sort((a, b) => a.name.localeCompare(b.name)),
      manuals: items(manuals).sort(byTitle),
      palette: items(palette),
      pages: items(pages).sort((a, b) => a.slug.localeCompare(b.slug)),
      landing: items(landing).sort((a, b) => a.slug.localeCompare(b.slug)),
    }
  }

  private report(file: string, field: string, message: string): void {
    this.problems.push({ file, field, message })
  }

  private reportIssues(file: string, issues: z.core.$ZodIssue[], prefix: PropertyKey[] = []) {
    for (const issue of issues) {
      const field = [...prefix, ...issue.path].map(String).join('.') || '(root)'
      this.report(file, field, issue.message)
    }
  }

  /** The files of one collection directory, or a problem if the directory is missing. */
  private async list(dir: string, extension: string, recursive = false): Promise<string[]> {
    const full = path.join(this.contentDir, dir)
    if (!existsSync(full)) {
      this.report(full, '(root)', 'the folder is missing')
      return []
    }
    const names = await readdir(full, { recursive })
    return names.filter((name) => name.endsWith(extension)).sort()
  }

  private async readJson(file: string): Promise<unknown> {
    try {
      return JSON.parse(await readFile(file, 'utf8'))
    } catch (error) {
      this.report(file, '(root)', `not valid JSON (${(error as Error).message})`)
      return undefined
    }
  }

  private slugOf(file: string): string | undefined {
    const slug = path.basename(file, path.extname(file))
    if (/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return slug
    this.report(file, 'slug', 'the file name must be lower-case words joined by hyphens')
    return undefined
  }

  private async products(): Promise<Located<ProductContent>[]> {
    const loaded: Located<ProductContent>[] = []
    for (const name of await this.list('products', '.json', true)) {
      const file = path.join(this.contentDir, 'products', name)
      const json = await this.readJson(file)
      if (json === undefined) continue
      const result = ProductContent.safeParse(json)
      if (!result.success) {
        this.reportIssues(file, result.error.issues)
        continue
      }
      const product = result.data
      const expected = path.join(product.family, `${product.slug}.json`)
      if (path.normalize(name) !== expected) {
        this.report(file, 'slug', `slug and family say this product belongs in ${expected}`)
      }
      loaded.push({ file, item: product })
    }
    // Seed order is the family order, then the file name, so listings are stable.
    const rank = (p: ProductContent) => familyKeys.indexOf(p.family)
    return loaded.sort((a, b) => rank(a.item) - rank(b.item) || a.file.localeCompare(b.file))
  }

  private async jsonDir<T>(
    dir: string,
    schema: z.ZodType<object>,
    wire: z.ZodType<T>,
  ): Promise<Located<T>[]> {
    const loaded: Located<T>[] = []
    for (const name of await this.list(dir, '.json')) {
      const file = path.join(this.contentDir, dir, name)
      const slug = this.slugOf(file)
      const json = await this.readJson(file)
      if (json === undefined) continue
      const result = schema.safeParse(json)
      if (!result.success) this.reportIssues(file, result.error.issues)
      else if (slug) loaded.push({ file, item: wire.parse({ slug, ...result.data }) })
    }
    return loaded
  }

  private async jsonFile<T>(name: string, schema: z.ZodType<T[]>): Promise<Located<T>[]> {
    const file = path.join(this.contentDir, name)
    if (!existsSync(file)) {
      this.report(file, '(root)', 'the file is missing')
      return []
    }
    const json = await this.readJson(file)
    if (json === undefined) return []
    const result = schema.safeParse(json)
    if (!result.success) {
      this.reportIssues(file, result.error.issues)
      return []
    }
    return result.data.map((item) => ({ file, item }))
  }

  /**
   * A folder of markdown files: the front matter is checked against `schema`, then the slug, the
   * front matter and the rendered body are shaped by `wire`, which drops what it does not name.
   */
  private async markdownDir<T>(
    dir: string,
    schema: z.ZodType<object>,
    wire: z.ZodType<T>,
  ): Promise<Located<T>[]> {
    const loaded: Located<T>[] = []
    for (const name of await this.list(dir, '.md')) {
      const file = path.join(this.contentDir, dir, name)
      const slug = this.slugOf(file)
      let parsed: matter.GrayMatterFile<string>
      try {
        // Passing options turns off gray-matter's cache, which shares objects between calls.
        parsed = matter(await readFile(file, 'utf8'), {})
      } catch (error) {
        this.report(file, '(front matter)', `not valid YAML (${(error as Error).message})`)
        continue
      }
      const result = schema.safeParse(datesAsWritten(parsed.data, parsed.matter))
      const body = this.markdown(file, parsed.content)
      if (!result.success) this.reportIssues(file, result.error.issues)
      else if (slug && body) {
        const { links, images, ...rendered } = body
        this.markdownRefs.push({ file, links, images })
        loaded.push({ file, item: wire.parse({ slug, ...result.data, ...rendered }) })
      }
    }
    return loaded
  }

  private markdown(file: string, source: string): Markdown | undefined {
    if (source.trim() === '') {
      this.report(file, '(body)', 'the body is empty')
      return undefined
    }
    const sections: ManualSection[] = []
    const links: string[] = []
    const images: string[] = []
    const ids = new Set<string>()
    const anchor = (text: string) => {
      const base = slugify(text) || 'section'
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
    if (rawHtml) {
      this.report(file, '(body)', 'raw HTML is not allowed; write it in markdown')
      return undefined
    }
    const html = marked.parser(tokens)
    return { html, text: plainText(html), sections, links, images }
  }

  private crossCheck(c: {
    products: Located<ProductContent>[]
    news: Located<NewsArticle>[]
    learn: Located<LearnArticle>[]
    gallery: Located<GalleryAlbum>[]
    dealers: Located<Dealer>[]
    coaches: Located<Coach>[]
    manuals: Located<Manual>[]
    palette: Located<PaletteColor>[]
    pages: Located<MarketingPage>[]
    landing: Located<LandingPage>[]
  }): void {
    this.unique(c.news, 'news article')
    this.unique(c.learn, 'learning article')
    this.unique(c.gallery, 'album')
    this.unique(c.coaches, 'coach')
    this.unique(c.manuals, 'manual')
    this.unique(c.pages, 'page')
    this.unique(c.landing, 'landing page')
    this.unique(c.dealers, 'dealer', (index) => `${index}.slug`)
    this.checkProducts(c.products)

    const productSlugs = new Set(c.products.map((entry) => entry.item.slug))
    const mentions = (list: Located<{ products: string[] }>[]) => {
      for (const { file, item } of list) {
        item.products.forEach((slug, index) => {
          if (!productSlugs.has(slug)) {
            this.report(file, `products.${index}`, `no product has the slug "${slug}"`)
          }
        })
      }
    }
    mentions(c.news)
    mentions(c.learn)
    mentions(c.manuals)
    mentions(c.pages)
    mentions(c.landing)

    // Palette: ids unique, the configurator default present, every product colour defined.
    const colorIds = new Set<string>()
    c.palette.forEach(({ file, item }, index) => {
      if (colorIds.has(item.id)) this.report(file, `${index}.id`, `"${item.id}" is used twice`)
      colorIds.add(item.id)
    })
    const paletteFile = path.join(this.contentDir, 'palette.json')
    if (c.palette.length > 0 && !colorIds.has(defaultColorId)) {
      this.report(paletteFile, '(root)', `the default colour "${defaultColorId}" is missing`)
    }
    for (const { file, item } of c.products) {
      item.colors.forEach((id, index) => {
        if (!colorIds.has(id)) this.report(file, `colors.${index}`, `"${id}" is not in the palette`)
      })
    }
    // Configurators: default and accent colours defined, surcharges for palette types that exist.
    const colorTypes = new Set<string>(c.palette.map((entry) => entry.item.type))
    for (const { file, item } of c.products) {
      if (!item.configurator) continue
      const { regions, accents, color_type_prices } = item.configurator
      const color = (field: string, id: string) => {
        if (!colorIds.has(id)) this.report(file, field, `"${id}" is not in the palette`)
      }
      regions.forEach((region, index) =>
        color(`configurator.regions.${index}.default_color`, region.default_color),
      )
      accents.forEach((accent, index) => color(`configurator.accents.${index}.color`, accent.color))
      color_type_prices.forEach(({ type }, index) => {
        if (!colorTypes.has(type)) {
          const known = [...colorTypes].join(', ')
          this.report(
            file,
            `configurator.color_type_prices.${index}.type`,
            `no palette colour has the type "${type}" (the palette has ${known})`,
          )
        }
      })
    }

    // Manuals: a product's manual exists and lists the product back.
    const manuals = new Map(c.manuals.map((entry) => [entry.item.slug, entry.item]))
    for (const { file, item } of c.products) {
      if (item.manual === null) continue
      const slug = /^\/manuals\/([a-z0-9-]+)$/.exec(item.manual)?.[1]
      const manual = slug ? manuals.get(slug) : undefined
      if (!slug) this.report(file, 'manual', 'must be /manuals/<slug> or null')
      else if (!manual) this.report(file, 'manual', `there is no content/manuals/${slug}.md`)
      else if (!manual.products.includes(item.slug)) {
        this.report(file, 'manual', `the manual "${slug}" does not list "${item.slug}"`)
      }
    }

    // Countries and languages.
    const regions = new Intl.DisplayNames(['en'], { type: 'region' })
    const languages = new Intl.DisplayNames(['en'], { type: 'language' })
    const checkCountry = (file: string, field: string, code: string) => {
      // Intl names some codes that are not countries (EU, UN, the private-use ranges).
      const reserved = /^(?:AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN|UK)$/.test(code)
      if (reserved || regions.of(code) === code) {
        this.report(file, field, `"${code}" is not an ISO 3166-1 alpha-2 country code`)
      }
    }
    c.dealers.forEach(({ file, item }, index) =>
      checkCountry(file, `${index}.country`, item.country),
    )
    for (const { file, item } of c.coaches) {
      checkCountry(file, 'country', item.country)
      item.languages.forEach((code, index) => {
        if (languages.of(code) === code) {
          this.report(file, `languages.${index}`, `"${code}" is not an ISO 639-1 language code`)
        }
      })
    }

    // Images under public/.
    const image = (file: string, field: string, src: string | undefined) => {
      if (src?.startsWith('/images/') && !existsSync(path.join(this.publicDir, src))) {
        this.report(file, field, `${src} does not exist under ${this.publicDir}`)
      }
    }
    for (const { file, item } of c.products) {
      item.images.forEach((img, index) => image(file, `images.${index}.src`, img.src))
    }
    for (const { file, item } of c.news) {
      image(file, 'image.src', item.image?.src)
      image(file, 'video.poster', item.video?.poster)
    }
    for (const { file, item } of c.learn) image(file, 'image.src', item.image?.src)
    for (const { file, item } of c.pages) image(file, 'hero.src', item.hero?.src)
    for (const { file, item } of c.landing) image(file, 'hero.image.src', item.hero.image.src)
    for (const { file, item } of c.coaches) image(file, 'photo.src', item.photo.src)
    for (const { file, item } of c.gallery) {
      image(file, 'cover.src', item.cover.src)
      item.items.forEach((entry, index) => {
        image(file, `items.${index}.src`, entry.src)
        image(file, `items.${index}.poster`, entry.poster)
      })
    }

    // Links and images inside markdown bodies.
    const known = new Set<string>([
      ...Object.values(families).map((family) => family.path),
      ...c.products.map((entry) => productPath(entry.item)),
    ])
    const collections: [string, Located<{ slug: string }>[]][] = [
      ['/news/view/', c.news],
      ['/learn/', c.learn],
      ['/manuals/', c.manuals],
    ]
    for (const [prefix, list] of collections) {
      for (const entry of list) known.add(prefix + entry.item.slug)
    }
    const checked =
      /^\/(?:news\/view|learn|manuals|wingsuits|trackingsuits|parachutes|equipment|products)\//
    for (const { file, links, images } of this.markdownRefs) {
      for (const href of links) {
        const target = href.split(/[?#]/)[0]!
        if (checked.test(target) && !known.has(target)) {
          this.report(file, '(body)', `the link ${href} leads nowhere`)
        }
      }
      for (const src of images) image(file, '(body)', src)
    }

    // Landing pages: sections in the body, products on sale, and every call to action leading
    // to a page that is published (a retired product's is not).
    const retired = c.products.filter((entry) => !entry.item.active).map((entry) => entry.item)
    const published = new Set<string>([
      ...known,
      ...pageRoutes.filter((route) => !route.includes('$')),
      ...c.landing.map((entry) => `/landing/${entry.item.slug}`),
    ])
    for (const product of retired) published.delete(productPath(product))
    for (const { file, item } of c.landing) {
      if (item.sections.length === 0) {
        this.report(file, '(body)', 'a landing page needs sections, each under a ## heading')
      }
      item.products.forEach((slug, index) => {
        if (retired.some((product) => product.slug === slug)) {
          this.report(file, `products.${index}`, `"${slug}" is no longer on sale`)
        }
      })
      for (const [field, cta] of [
        ['hero.cta.href', item.hero.cta],
        ['cta.href', item.cta],
      ] as const) {
        if (!published.has(cta.href)) {
          this.report(file, field, `the link ${cta.href} leads nowhere`)
        }
      }
    }
  }

  private unique<T extends { slug: string }>(
    list: Located<T>[],
    what: string,
    field: (index: number) => string = () => 'slug',
  ): void {
    const owners = new Map<string, string>()
    list.forEach((entry, index) => {
      const owner = owners.get(entry.item.slug)
      if (owner !== undefined) {
        const where = owner === entry.file ? 'earlier in this file' : `by ${owner}`
        this.report(
          entry.file,
          field(index),
          `the ${what} slug "${entry.item.slug}" is already used ${where}`,
        )
      } else owners.set(entry.item.slug, entry.file)
    })
  }

  /**
   * As the server's seed demands: slugs unique across families and unlike any family key (the
   * API takes either) and SKUs unique. (That a configurable product has a configurator and a
   * made-to-measure variant, the schema itself checks.)
   */
  private checkProducts(products: Located<ProductContent>[]): void {
    this.unique(products, 'product')
    // Product SKUs and variant SKUs are two namespaces, as in the seed: a one-variant product
    // may share its SKU with that variant.
    const productSkus = new Map<string, string>()
    const variantSkus = new Map<string, string>()
    const claim = (skus: Map<string, string>, sku: string, file: string, field: string) => {
      const owner = skus.get(sku)
      if (owner !== undefined)
        this.report(file, field, `the SKU "${sku}" is already used by ${owner}`)
      else skus.set(sku, file)
    }
    for (const { file, item } of products) {
      if (Object.hasOwn(families, item.slug)) {
        this.report(file, 'slug', `"${item.slug}" is a family key`)
      }
      claim(productSkus, item.sku, file, 'sku')
      item.variants.forEach((variant, index) =>
        claim(variantSkus, variant.sku, file, `variants.${index}.sku`),
      )
      if (item.discipline && item.family !== 'accessories') {
        this.report(file, 'discipline', 'only accessories sit under a discipline')
      }
    }
    // An upgrade (super custom, super duper custom) is an order line of its own, the same
    // whichever suit it belongs to: its SKU names no product or variant and has one price.
    const upgrades = new Map<string, { file: string; price: number }>()
    for (const { file, item } of products) {
      for (const field of ['super_custom', 'super_duper_custom'] as const) {
        const upgrade = item.configurator?.[field]
        if (!upgrade) continue
        const where = `configurator.${field}`
        const owner = productSkus.get(upgrade.sku) ?? variantSkus.get(upgrade.sku)
        if (owner !== undefined) {
          this.report(file, `${where}.sku`, `the SKU "${upgrade.sku}" is already used by ${owner}`)
        }
        const first = upgrades.get(upgrade.sku)
        if (!first) upgrades.set(upgrade.sku, { file, price: upgrade.price })
        else if (first.price !== upgrade.price) {
          this.report(
            file,
            `${where}.price`,
            `"${upgrade.sku}" costs ${first.price} in ${first.file} but ${upgrade.price} here; one SKU has one price`,
          )
        }
      }
    }
  }
}

/**
 * YAML reads `2024-05-01` as a Date, and quietly rolls `2024-13-40` over into 2025. The schemas
 * want the date as the owner wrote it, so a top-level date goes back to its text in the front
 * matter (and a nested one, which no schema has, to its ISO date).
 */
function datesAsWritten(data: Record<string, unknown>, frontMatter: string): unknown {
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

function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}
