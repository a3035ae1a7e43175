import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { API_MARK_HEADER, API_MARK_VALUE } from '../../contract/api-mark.ts'
import { Product } from '../../contract/catalog.ts'
import { families, reservedProductSlugs, type FamilyKey } from '../../contract/families.ts'
import { isSlug } from '../../contract/slug-pattern.ts'
import { Slug } from '../../contract/slug.ts'
import { publicAnswerCacheControl } from '../http/cache-control.ts'
import { chooseRepresentation, encodedAnswer, sendEncoded } from '../http/encoded-body.ts'
import { declared } from '../http/declared-answer.ts'
import type { EncodedBody } from '../services/encoded-body.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import type { MemoryAnswerer } from '../http/memory-answers.ts'
import type { CatalogCache, CatalogSnapshot } from '../services/catalog-cache.ts'

const ProductSchema = component(Product, 'Product')
const ProductListSchema = z.array(ProductSchema).openapi('ProductList')

const getProduct = createRoute({
  method: 'get',
  path: '/product/{slug}',
  tags: ['catalog'],
  summary: 'A product, or the products of a family',
  description:
    'A product slug returns that product. A family key (`wingsuits`, `bags`, …) returns the ' +
    "family's products in listing order. Retired products are left out unless `active=0`.",
  request: {
    params: z.object({
      // Checked before the database is asked: anything else (`a%00b`) is a 404.
      slug: Slug.clone().openapi({
        description: 'A product slug or a family key',
        example: 'corvid-2',
      }),
    }),
    query: z.object({
      active: z
        .enum(['0', '1'])
        .optional()
        .openapi({
          description:
            '`1` (the default): active products only. `0`: retired products too, for pages ' +
            'that look up something already ordered.',
          example: '1',
        }),
    }),
  },
  responses: {
    200: {
      description: 'The product (slug) or the list of products (family key)',
      content: { 'application/json': { schema: z.union([ProductSchema, ProductListSchema]) } },
    },
    404: errorResponse('No product has this slug, or it is retired'),
    422: errorResponse('The query is invalid'),
  },
})

function isFamilyKey(slug: string): slug is FamilyKey {
  return Object.hasOwn(families, slug)
}

/** The queries the route takes: none, or `active` once with `0` or `1`. */
const plainQueries = new Set(['', 'active=0', 'active=1'])

function answerOf(
  snapshot: CatalogSnapshot,
  slug: string,
  includeInactive: boolean,
): EncodedBody | undefined {
  return isFamilyKey(slug)
    ? snapshot.family(slug, includeInactive)
    : snapshot.product(slug, includeInactive)
}

const productPath = '/api/product/'

/**
 * How every product answer is sent. Answers built in memory are finished (the app's middleware
 * leaves them alone), so they carry the API's mark themselves, on the fast path and off it.
 */
const answerOptions = {
  cacheControl: publicAnswerCacheControl,
  headers: { [API_MARK_HEADER]: API_MARK_VALUE },
}

/**
 * The route's answer to a plain read (a slug, a query in `plainQueries`), when the catalog is
 * current in memory and the answer is ready in the form the client takes best; otherwise
 * undefined, and the route answers (404s included).
 */
export function productAnswerFromMemory({ catalog }: { catalog: CatalogCache }): MemoryAnswerer {
  return (request) => {
    if (!request.path.startsWith(productPath) || !plainQueries.has(request.query)) return undefined
    const slug = request.path.slice(productPath.length)
    // The reserved slugs are other routes' paths (the archive's image).
    if (!isSlug(slug) || reservedProductSlugs.includes(slug)) return undefined
    const snapshot = catalog.current()
    if (snapshot instanceof Promise) return undefined
    const body = answerOf(snapshot, slug, request.query === 'active=0')
    if (!body) return undefined
    const form = chooseRepresentation(body, request.header('accept-encoding'))
    if (form instanceof Promise) return undefined
    return encodedAnswer(request, body, form, answerOptions, request.security)
  }
}

export function productRoutes({ catalog }: { catalog: CatalogCache }) {
  async function answer(c: Context, slug: string, includeInactive: boolean) {
    const current = catalog.current()
    const snapshot = current instanceof Promise ? await current : current
    const body = answerOf(snapshot, slug, includeInactive)
    if (!body) return c.json({ message: messages.notFound }, 404)
    return declared(await sendEncoded(c, body, answerOptions))
  }

  const router = createRouter()
  // The reads every page makes, checked without zod: a valid slug and a query the schema below
  // takes as it is. Anything else goes on to the validated route, which answers 404 or 422.
  router.get('/product/:slug', (c, next) => {
    const url = c.req.url
    const mark = url.indexOf('?')
    const query = mark < 0 ? '' : url.slice(mark + 1)
    const slug = c.req.param('slug')
    if (!plainQueries.has(query) || !isSlug(slug)) return next()
    return answer(c, slug, query === 'active=0')
  })
  return router.openapi(getProduct, async (c) => {
    const { slug } = c.req.valid('param')
    // The route's declared JSON, serialized once (the catalog cache's encoded answers).
    return answer(c, slug, c.req.valid('query').active === '0')
  })
}
