/**
 * The one loader of content/: the seed (server/services/seed.ts), the prerender (scripts/build/prerender.ts)
 * and `npm run content:check` all read the store's content through it, so what the check passes
 * the server accepts. It checks each file against its schema in contract/, then the links between
 * files (product slugs, palette ids, manuals, archive products, links in markdown) and that every
 * file an entry names (images, videos, posters) exists under public/. Every problem is collected
 * and reported at once, each naming the file, the field and the reason, so an owner fixes a batch
 * of mistakes in one pass instead of one per build.
 */
import { existsSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import matter from 'gray-matter'
import { postcodeValidatorExistsForCountry } from 'postcode-validator'
import type { z } from 'zod'
import { ArchiveContent } from '../../contract/archive.ts'
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
  type PaletteColor,
} from '../../contract/content.ts'
import { families, familyKeys, productPath, reservedProductSlugs } from '../../contract/families.ts'
import { ProductionTimeContent } from '../../contract/production-time.ts'
import { ShippingRateTable } from '../../contract/shipping.ts'
import { Waiver, WaiverFile } from '../../contract/waiver.ts'
import { pageRoutes } from '../../contract/routes.ts'
import { isSlug, slugMessage } from '../../contract/slug-pattern.ts'
import { datesAsWritten, renderMarkdown, type RenderedMarkdown } from './markdown.ts'

/** content/ of this repository, wherever the process was started. */
export const defaultContentDir = fileURLToPath(new URL('../../content', import.meta.url))

export interface Content {
  /** In family order, then by file name: the order the catalogue lists them. */
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
  /** One per file of content/archive, by file name; entries in the owner's order. */
  archive: ArchiveContent[]
  /** content/production-time.json. */
  productionTime: ProductionTimeContent
  /** content/shipping-rates.json: the countries we ship to and the rates by zone and weight. */
  shippingRates: ShippingRateTable
  /** content/waivers/<version>.md, newest first: the first is the current waiver. */
  waivers: Waiver[]
}

export interface ContentProblem {
  /** The file: relative to the working directory when inside it (`content/news/x.md`). */
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
  /** Where the files entries name (`/images/...`, `/videos/...`) are; default public/ beside contentDir. */
  publicDir?: string
  /**
   * Whether a named file must exist (default true). Only scripts/make-videos.ts turns this
   * off: it reads the content to make the videos that are not there yet.
   */
  checkFiles?: boolean
}

/** The palette colour the configurator starts with (docs/configurator.md). */
export const defaultColorId = 'n4D'

export async function loadContent(
  contentDir = defaultContentDir,
  options: LoadOptions = {},
): Promise<Content> {
  const loader = new Loader(
    contentDir,
    options.publicDir ?? path.join(contentDir, '..', 'public'),
    options.checkFiles ?? true,
  )
  return loader.load()
}

interface Located<T> {
  file: string
  item: T
}

/** What the cross-checks see: each loaded list with the file every item came from. */
type Collections = {
  [K in Exclude<keyof Content, 'productionTime' | 'shippingRates'>]: Located<Content[K][number]>[]
}

class Loader {
  private readonly problems: ContentProblem[] = []
  /** Links and images found in markdown bodies, checked once every collection is loaded. */
  private readonly markdownRefs: { file: string; links: string[]; images: string[] }[] = []

  constructor(
    private readonly contentDir: string,
    private readonly publicDir: string,
    private readonly checkFiles: boolean,
  ) {}

  async load(): Promise<Content> {
    const [
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
      archive,
      productionTime,
      shippingRates,
      waivers,
    ] = await Promise.all([
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
      this.archive(),
      this.productionTime(),
      this.singleFile('shipping-rates.json', ShippingRateTable),
      // A store that sells nothing needing a signature needs no waiver (checkWaivers).
      existsSync(path.join(this.contentDir, 'waivers'))
        ? this.markdownDir('waivers', WaiverFile, Waiver)
        : [],
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
      archive,
      waivers,
    })
    if (productionTime) this.checkProductionTime(productionTime)
    if (shippingRates) this.checkShippingRates(shippingRates, products)
    if (this.problems.length > 0 || !productionTime || !shippingRates) {
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
      archive: items(archive),
      productionTime: productionTime.item,
      shippingRates: shippingRates.item,
      waivers: items(waivers).sort((a, b) => b.date.localeCompare(a.date)),
    }
  }

  private report(file: string, field: string, message: string): void {
    this.problems.push({ file: shown(file), field, message })
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

  /** A JSON file checked against its schema, or undefined (and the problems reported). */
  private async parseJson<T>(file: string, schema: z.ZodType<T>): Promise<T | undefined> {
    const json = await this.readJson(file)
    if (json === undefined) return undefined
    const result = schema.safeParse(json)
    if (result.success) return result.data
    this.reportIssues(file, result.error.issues)
    return undefined
  }

  private slugOf(file: string): string | undefined {
    const slug = path.basename(file, path.extname(file))
    if (isSlug(slug)) return slug
    this.report(file, 'slug', `the file name ${slugMessage}`)
    return undefined
  }

  private async products(): Promise<Located<ProductContent>[]> {
    const loaded: Located<ProductContent>[] = []
    const names = await this.list('products', '.json', true)
    for (const name of names) {
      const file = path.join(this.contentDir, 'products', name)
      const product = await this.parseJson(file, ProductContent)
      if (!product) continue
      const expected = path.join(product.family, `${product.slug}.json`)
      if (path.normalize(name) !== expected) {
        this.report(file, 'slug', `slug and family say this product belongs in ${expected}`)
      }
      loaded.push({ file, item: product })
    }
    const dir = path.join(this.contentDir, 'products')
    if (names.length === 0 && existsSync(dir)) {
      this.report(dir, '(root)', 'no product files found; the store needs a catalogue')
    }
    // Seed order is the family order, then the file name, so listings are stable.
    const rank = (p: ProductContent) => familyKeys.indexOf(p.family)
    return loaded.sort((a, b) => rank(a.item) - rank(b.item) || a.file.localeCompare(b.file))
  }

  /** content/archive/<type>.json, one file per type of custom suit. */
  private async archive(): Promise<Located<ArchiveContent>[]> {
    const loaded: Located<ArchiveContent>[] = []
    for (const name of await this.list('archive', '.json')) {
      const file = path.join(this.contentDir, 'archive', name)
      const archive = await this.parseJson(file, ArchiveContent)
      if (!archive) continue
      if (name !== `${archive.type}.json`) {
        this.report(file, 'type', `type says these entries belong in ${archive.type}.json`)
      }
      loaded.push({ file, item: archive })
    }
    return loaded
  }

  private productionTime(): Promise<Located<ProductionTimeContent> | undefined> {
    return this.singleFile('production-time.json', ProductionTimeContent)
  }

  /** One JSON document at the top of content/, checked against its schema. */
  private async singleFile<T>(name: string, schema: z.ZodType<T>) {
    const file = path.join(this.contentDir, name)
    if (!existsSync(file)) {
      this.report(file, '(root)', 'the file is missing')
      return undefined
    }
    const item = await this.parseJson(file, schema)
    return item && { file, item }
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
      const data = await this.parseJson(file, schema)
      if (data && slug) loaded.push({ file, item: wire.parse({ slug, ...data }) })
    }
    return loaded
  }

  private async jsonFile<T>(name: string, schema: z.ZodType<T[]>): Promise<Located<T>[]> {
    const file = path.join(this.contentDir, name)
    if (!existsSync(file)) {
      this.report(file, '(root)', 'the file is missing')
      return []
    }
    const items = await this.parseJson(file, schema)
    return (items ?? []).map((item) => ({ file, item }))
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
        const { html, text, sections, links, images } = body
        this.markdownRefs.push({ file, links, images })
        loaded.push({ file, item: wire.parse({ slug, ...result.data, html, text, sections }) })
      }
    }
    return loaded
  }

  private markdown(file: string, source: string): RenderedMarkdown | undefined {
    if (source.trim() === '') {
      this.report(file, '(body)', 'the body is empty')
      return undefined
    }
    const rendered = renderMarkdown(source)
    if (rendered.rawHtml) {
      this.report(file, '(body)', 'raw HTML is not allowed; write it in markdown')
      return undefined
    }
    return rendered
  }

  private crossCheck(c: Collections): void {
    this.unique(c.news, 'news article')
    this.unique(c.learn, 'learning article')
    this.unique(c.gallery, 'album')
    this.unique(c.coaches, 'coach')
    this.unique(c.manuals, 'manual')
    this.unique(c.pages, 'page')
    this.unique(c.landing, 'landing page')
    this.unique(c.dealers, 'dealer', (index) => `${index}.slug`)
    this.checkProducts(c.products)
    this.checkWaivers(c.waivers, c.products)

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
      const rest = item.manual.startsWith('/manuals/') ? item.manual.slice(9) : ''
      const slug = isSlug(rest) ? rest : undefined
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
      for (const src of images) this.namedFile(file, '(body)', src)
    }
    for (const [file, field, src] of namedFiles(c)) this.namedFile(file, field, src)
    this.checkArchive(c.archive, productSlugs, colorIds)

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
   * What `GET /api/product/{slug}` and orders need: slugs unique across families, unlike any
   * family key (the API takes either) and unlike the paths of its own routes; SKUs unique. (That a
   * configurable product has a configurator and a made-to-measure variant, the schema itself
   * checks.)
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
      if (reservedProductSlugs.includes(item.slug)) {
        this.report(
          file,
          'slug',
          `"${item.slug}" is an API path of its own (/api/product/${item.slug})`,
        )
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

  /**
   * A file an entry names, served from public/: it must be there, or the page shows a broken
   * image or a video that answers 404.
   */
  private namedFile(file: string, field: string, src: string | undefined): void {
    if (src === undefined || !this.checkFiles) return
    if (!src.startsWith('/')) {
      this.report(file, field, `${src} is not a path on this site; put the file under public/`)
    } else if (!existsSync(path.join(this.publicDir, src))) {
      this.report(file, field, `${src} does not exist under ${shown(this.publicDir)}/`)
    }
  }

  /**
   * Archive entries: ids unique across the files, and each names a product with a content
   * file (a retired one too) and colours of the palette.
   */
  private checkArchive(
    archive: Located<ArchiveContent>[],
    productSlugs: Set<string>,
    colorIds: Set<string>,
  ): void {
    const ids = new Map<string, string>()
    for (const { file, item } of archive) {
      item.entries.forEach((entry, index) => {
        const owner = ids.get(entry.id)
        if (owner !== undefined) {
          const where = owner === file ? 'earlier in this file' : `by ${owner}`
          this.report(file, `entries.${index}.id`, `"${entry.id}" is already used ${where}`)
        } else ids.set(entry.id, file)
        if (!productSlugs.has(entry.product)) {
          this.report(
            file,
            `entries.${index}.product`,
            `no product has the slug "${entry.product}"`,
          )
        }
        entry.colors.forEach((id, n) => {
          if (colorIds.size > 0 && !colorIds.has(id)) {
            this.report(file, `entries.${index}.colors.${n}`, `"${id}" is not in the palette`)
          }
        })
      })
    }
  }

  /**
   * Waivers: each version named as its file, one version per date (the latest date is the
   * current one, so two on one day would leave it unclear), and one at least when a product
   * needs a signature.
   */
  private checkWaivers(waivers: Located<Waiver>[], products: Located<ProductContent>[]): void {
    const dates = new Map<string, string>()
    for (const { file, item } of waivers) {
      const name = path.basename(file, '.md')
      if (item.version !== name)
        this.report(
          file,
          'version',
          `must be the file's name, "${name}" (content/waivers/<version>.md)`,
        )
      const other = dates.get(item.date)
      if (other !== undefined)
        this.report(file, 'date', `${item.date} is already the date of version "${other}"`)
      else dates.set(item.date, item.version)
    }
    if (waivers.length > 0) return
    const needing = products.find(({ item }) => item.requires_waiver)
    if (needing)
      this.report(
        path.join(this.contentDir, 'waivers'),
        '(root)',
        `${needing.item.slug} and perhaps others need a signed waiver, but no waiver version exists`,
      )
  }

  /** Each category once: the production time page lists one figure per category. */
  private checkProductionTime({ file, item }: Located<ProductionTimeContent>): void {
    const seen = new Set<string>()
    item.categories.forEach(({ category }, index) => {
      if (seen.has(category)) {
        this.report(file, `categories.${index}.category`, `"${category}" is listed twice`)
      }
      seen.add(category)
    })
  }

  /**
   * The rate table: each country in one zone and with a postal-code format we can check (an
   * address there could not be validated otherwise), each service once per zone, brackets
   * rising, and the table's currency the catalogue's.
   */
  private checkShippingRates(
    { file, item }: Located<ShippingRateTable>,
    products: Located<ProductContent>[],
  ): void {
    const zoneOf = new Map<string, string>()
    item.zones.forEach((zone, zoneIndex) => {
      zone.countries.forEach((country, index) => {
        const field = `zones.${zoneIndex}.countries.${index}`
        const other = zoneOf.get(country)
        if (other !== undefined)
          this.report(file, field, `${country} is already in the zone "${other}"`)
        else zoneOf.set(country, zone.id)
        // The checkout checks postal codes with the same library (services/address.ts).
        if (!postcodeValidatorExistsForCountry(country))
          this.report(file, field, `no postal-code format is known for ${country}`)
      })
      const services = new Set<string>()
      zone.services.forEach((service, serviceIndex) => {
        const key = `${service.carrier}/${service.service_code}`
        if (services.has(key))
          this.report(
            file,
            `zones.${zoneIndex}.services.${serviceIndex}`,
            `${key} is listed twice in this zone`,
          )
        services.add(key)
        service.brackets.forEach((bracket, b) => {
          const previous = service.brackets[b - 1]
          if (previous && bracket.up_to_grams <= previous.up_to_grams)
            this.report(
              file,
              `zones.${zoneIndex}.services.${serviceIndex}.brackets.${b}.up_to_grams`,
              'brackets must rise: each weighs more than the one before',
            )
        })
      })
    })
    const currencies = new Set(products.map(({ item: product }) => product.currency))
    for (const currency of currencies)
      if (currency !== item.currency)
        this.report(
          file,
          'currency',
          `the catalogue is priced in ${currency}, the rates in ${item.currency}`,
        )
  }
}

/** A path as a problem shows it: relative to the working directory when inside it. */
function shown(file: string): string {
  const relative = path.relative(process.cwd(), file)
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative
}

/**
 * Every file an entry names, as `[file, field, site path]`: pictures, videos and their posters.
 * (Markdown bodies name theirs inline; the loader collects those as it renders them.)
 */
function* namedFiles(c: Collections): Generator<[string, string, string | undefined]> {
  for (const { file, item } of c.products) {
    for (const [index, image] of item.images.entries())
      yield [file, `images.${index}.src`, image.src]
  }
  for (const { file, item } of c.news) {
    yield [file, 'image.src', item.image?.src]
    yield [file, 'video.src', item.video?.src]
    yield [file, 'video.poster', item.video?.poster]
  }
  for (const { file, item } of c.learn) yield [file, 'image.src', item.image?.src]
  for (const { file, item } of c.pages) yield [file, 'hero.src', item.hero?.src]
  for (const { file, item } of c.landing) yield [file, 'hero.image.src', item.hero.image.src]
  for (const { file, item } of c.coaches) yield [file, 'photo.src', item.photo.src]
  for (const { file, item } of c.gallery) {
    yield [file, 'cover.src', item.cover.src]
    for (const [index, entry] of item.items.entries()) {
      yield [file, `items.${index}.src`, entry.src]
      yield [file, `items.${index}.poster`, entry.poster]
    }
  }
  for (const { file, item } of c.archive) {
    for (const [index, entry] of item.entries.entries())
      yield [file, `entries.${index}.src`, entry.src]
  }
}
