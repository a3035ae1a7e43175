import { z } from 'zod'
import { Slug } from './slug.ts'

/*
 * The store's editorial content as an owner writes it under content/ (news, learning articles,
 * gallery albums, dealers, coaches, manuals, the colour palette, marketing and landing pages),
 * and as the site receives it. Each collection has two schemas: `...File` is what one file holds and is
 * strict, so a misspelt field is reported instead of silently ignored; the plain name is the
 * loaded item on the wire (snake_case), with the slug taken from the file name and markdown
 * bodies rendered to `html` plus a plain `text` for search.
 */

const slug = Slug

/** A calendar date, `YYYY-MM-DD`. */
const isoDate = z.iso.date()

/** A file under public/images, referenced by its site path. */
const imagePath = z
  .string()
  .regex(
    /^\/images\/[a-z0-9/_.-]+\.(?:svg|png|jpe?g|webp|avif)$/,
    'must be a site path under /images/ ending in .svg, .png, .jpg, .webp or .avif',
  )

/** A video under public/videos (made by scripts/make-videos.ts), referenced by its site path. */
const videoPath = z
  .string()
  .regex(/^\/videos\/[a-z0-9/_.-]+\.(?:mp4|webm)$/, 'must be a site path under /videos/')

const nonEmpty = z.string().trim().min(1, 'must not be empty')

export const ContentImage = z.strictObject({ src: imagePath, alt: nonEmpty })
export type ContentImage = z.infer<typeof ContentImage>

/** What every markdown-bodied item gains when loaded. */
const rendered = {
  slug,
  /** The markdown body rendered to HTML (raw HTML in the markdown is refused). */
  html: z.string(),
  /** The body as plain text, for search and excerpts. */
  text: z.string(),
}

// News: content/news/<slug>.md, shown at /news/view/<slug>.

export const NewsCategory = z.enum(['results', 'launch', 'video', 'story'])
export type NewsCategory = z.infer<typeof NewsCategory>

export const NewsVideo = z.strictObject({
  title: nonEmpty,
  src: videoPath,
  poster: imagePath,
})
export type NewsVideo = z.infer<typeof NewsVideo>

export const NewsArticleFile = z.strictObject({
  title: nonEmpty,
  date: isoDate,
  category: NewsCategory,
  summary: nonEmpty.max(240, 'must be at most 240 characters'),
  image: ContentImage.optional(),
  video: NewsVideo.optional(),
  /** Slugs of products the article mentions. */
  products: z.array(slug).default([]),
})
export const NewsArticle = z.object({ ...NewsArticleFile.shape, ...rendered })
export type NewsArticle = z.infer<typeof NewsArticle>

// Learning articles: content/learn/<slug>.md, shown at /learn/<slug>.

export const LearnTopic = z.enum(['first-flight', 'flying', 'packing', 'gear', 'safety', 'base'])
export type LearnTopic = z.infer<typeof LearnTopic>

export const LearnArticleFile = z.strictObject({
  title: nonEmpty,
  summary: nonEmpty.max(240, 'must be at most 240 characters'),
  topic: LearnTopic,
  updated: isoDate,
  image: ContentImage.optional(),
  products: z.array(slug).default([]),
})
export const LearnArticle = z.object({ ...LearnArticleFile.shape, ...rendered })
export type LearnArticle = z.infer<typeof LearnArticle>

// Gallery: content/gallery/<slug>.json, one album per file.

export const GalleryItem = z
  .strictObject({
    type: z.enum(['image', 'video']),
    src: z.union([imagePath, videoPath]),
    title: nonEmpty,
    alt: nonEmpty,
    poster: imagePath.optional(),
  })
  .superRefine((item, ctx) => {
    const video = item.src.startsWith('/videos/')
    if (item.type === 'image' && video) {
      ctx.addIssue({ code: 'custom', path: ['src'], message: 'an image must be under /images/' })
    }
    if (item.type === 'video' && !video) {
      ctx.addIssue({ code: 'custom', path: ['src'], message: 'a video must be under /videos/' })
    }
    if (item.type === 'video' && !item.poster) {
      ctx.addIssue({ code: 'custom', path: ['poster'], message: 'a video needs a poster image' })
    }
  })
export type GalleryItem = z.infer<typeof GalleryItem>

export const GalleryAlbumFile = z.strictObject({
  title: nonEmpty,
  description: nonEmpty,
  date: isoDate,
  cover: ContentImage,
  items: z.array(GalleryItem).min(1, 'an album needs at least one item'),
})
export const GalleryAlbum = z.object({ slug, ...GalleryAlbumFile.shape })
export type GalleryAlbum = z.infer<typeof GalleryAlbum>

// Dealers: content/dealers.json, an array.

export const FlyingDiscipline = z.enum(['wingsuit', 'base', 'skydiving'])
export type FlyingDiscipline = z.infer<typeof FlyingDiscipline>

/** ISO 3166-1 alpha-2; the loader also checks the code names a real region. */
const countryCode = z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code, e.g. NO')

export const Dealer = z.strictObject({
  slug,
  name: nonEmpty,
  country: countryCode,
  city: nonEmpty,
  address: nonEmpty,
  email: z.email(),
  phone: z.string().regex(/^\+[0-9 ]{7,20}$/, 'must be international, e.g. +47 22 33 44 55'),
  website: z.url({ protocol: /^https$/, error: 'must be an https:// address' }),
  disciplines: z.array(FlyingDiscipline).min(1, 'name at least one discipline'),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
})
export type Dealer = z.infer<typeof Dealer>

export const DealerList = z.array(Dealer)

// Coaches: content/coaches/<slug>.md, the body is the bio.

export const CoachFile = z.strictObject({
  name: nonEmpty,
  /**
   * Where the coach's contact form is mailed (issue 17). Only ever a mail's recipient: never in a
   * page, page data or an API answer (scripts/build/page-data/coaches.ts picks what pages show).
   */
  email: z.email({ error: 'must be an e-mail address, e.g. name@example.com' }),
  country: countryCode,
  home_dropzone: nonEmpty,
  disciplines: z.array(FlyingDiscipline).min(1, 'name at least one discipline'),
  /** ISO 639-1 codes, e.g. `en`, `no`. */
  languages: z
    .array(z.string().regex(/^[a-z]{2}$/, 'must be an ISO 639-1 code, e.g. en'))
    .min(1, 'name at least one language'),
  photo: ContentImage,
})
export const Coach = z.object({ ...CoachFile.shape, ...rendered })
export type Coach = z.infer<typeof Coach>

// Manuals: content/manuals/<slug>.md, shown at /manuals/<slug>.

export const ManualSection = z.object({ id: slug, title: z.string() })
export type ManualSection = z.infer<typeof ManualSection>

export const ManualFile = z.strictObject({
  title: nonEmpty,
  summary: nonEmpty,
  updated: isoDate,
  /** Slugs of the products this manual covers. */
  products: z.array(slug).min(1, 'a manual covers at least one product'),
})
export const Manual = z.object({
  ...ManualFile.shape,
  ...rendered,
  /** The `##` headings of the body, in order; each is an anchor in `html`. */
  sections: z.array(ManualSection),
})
export type Manual = z.infer<typeof Manual>

// Palette: content/palette.json, an array. The configurator's default colour is `n4D`
// (docs/configurator.md).

export const PaletteColor = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z][0-9][A-Z]$/, 'must be a letter, a digit and a capital letter, e.g. n4D'),
  name: nonEmpty,
  hex: z.string().regex(/^#[0-9a-f]{6}$/, 'must be #rrggbb in lower case'),
  type: z.enum(['standard', 'fluoro', 'metallic']),
})
export type PaletteColor = z.infer<typeof PaletteColor>

export const Palette = z.array(PaletteColor)

// Marketing pages: content/pages/<slug>.md, shown at /<slug>.

export const MarketingPageFile = z.strictObject({
  title: nonEmpty,
  /** The meta description. */
  description: nonEmpty.max(160, 'must be at most 160 characters (it is the meta description)'),
  hero: ContentImage.optional(),
  products: z.array(slug).default([]),
})
export const MarketingPage = z.object({ ...MarketingPageFile.shape, ...rendered })
export type MarketingPage = z.infer<typeof MarketingPage>

// Landing pages: content/landing/<slug>.md, shown at /landing/<slug>. A campaign's page: the
// hero and the calls to action in the front matter, the sections in the body (each under a
// `##` heading).

/** A button that leads to a page of the store; the loader checks that the page exists. */
export const CallToAction = z.strictObject({
  label: nonEmpty.max(40, 'must be at most 40 characters (it is a button)'),
  href: z.string().regex(/^\/[A-Za-z0-9/-]*$/, 'must be a path on this site, e.g. /wingsuits/a5'),
})
export type CallToAction = z.infer<typeof CallToAction>

export const LandingPageFile = z.strictObject({
  title: nonEmpty,
  /** The meta description. */
  description: nonEmpty.max(160, 'must be at most 160 characters (it is the meta description)'),
  hero: z.strictObject({
    /** The line under the title. */
    lead: nonEmpty.max(240, 'must be at most 240 characters'),
    image: ContentImage,
    cta: CallToAction,
  }),
  /** Slugs of the products the page features, each shown as a card. */
  products: z.array(slug).min(1, 'a landing page features at least one product'),
  /** The closing call to action. */
  cta: CallToAction,
})
export const LandingPage = z.object({
  ...LandingPageFile.shape,
  ...rendered,
  /** The `##` headings of the body: the page's sections. */
  sections: z.array(ManualSection),
})
export type LandingPage = z.infer<typeof LandingPage>
