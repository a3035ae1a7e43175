import { createRoute, z } from '@hono/zod-openapi'
import { FamilyKey, Product } from '../../contract/catalog.ts'
import { Slug } from '../../contract/slug.ts'
import type { Database } from '../db/index.ts'
import { errorResponse, messages } from '../http/errors.ts'
import { component } from '../http/openapi-schema.ts'
import { createRouter } from '../http/router.ts'
import { findProduct, listFamily } from '../services/catalog.ts'

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

export function productRoutes({ db }: { db: Database }) {
  return createRouter().openapi(getProduct, async (c) => {
    const { slug } = c.req.valid('param')
    const filter = { includeInactive: c.req.valid('query').active === '0' }
    const family = FamilyKey.safeParse(slug)
    if (family.success) return c.json(await listFamily(db, family.data, filter), 200)
    const product = await findProduct(db, slug, filter)
    return product ? c.json(product, 200) : c.json({ message: messages.notFound }, 404)
  })
}
