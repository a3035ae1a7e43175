import { describe, expect, it } from 'vitest'
import type { PageDataManifest } from '../contract/page-data-manifest.ts'
import {
  backgroundDownloadDecision,
  backgroundImageUrls,
  fitsImageBudget,
  IMAGE_BUDGET_BYTES,
  isPageDataManifest,
  keepableUrls,
  planPageDataSync,
} from './offline-data.ts'

function manifest(files: [url: string, hash: string, size: number][]): PageDataManifest {
  return {
    version: 1,
    buildId: 'b1',
    files: files.map(([url, hash, size]) => ({ url, hash, size })),
  }
}

describe('whether the whole site is downloaded in the background', () => {
  it('downloads on an ordinary connection, or where the browser tells nothing', () => {
    expect(backgroundDownloadDecision(undefined)).toEqual({ download: true })
    expect(backgroundDownloadDecision({ effectiveType: '4g', saveData: false })).toEqual({
      download: true,
    })
    expect(backgroundDownloadDecision({ effectiveType: '3g' })).toEqual({ download: true })
  })

  it('keeps only what the visitor opens when they asked to save data', () => {
    expect(backgroundDownloadDecision({ saveData: true, effectiveType: '4g' })).toEqual({
      download: false,
      reason: 'save-data',
    })
  })

  it('keeps only what the visitor opens on 2g or slower', () => {
    for (const effectiveType of ['2g', 'slow-2g']) {
      expect(backgroundDownloadDecision({ effectiveType })).toEqual({
        download: false,
        reason: 'slow-network',
      })
    }
  })
})

describe('page-data sync plan', () => {
  it('fetches everything on a first visit, the most needed pages first, smaller first', () => {
    const plan = planPageDataSync(
      manifest([
        ['/page-data/news/page-data.json', 'n', 10],
        ['/page-data/learn/b/page-data.json', 'lb', 900],
        ['/page-data/learn/a/page-data.json', 'la', 100],
        ['/page-data/manuals/wingsuits/page-data.json', 'm', 5000],
        ['/page-data/learnSearch/page-data.json', 's', 40_000],
        ['/page-data/dealers/page-data.json', 'd', 700],
        ['/page-data/app-data.json', 'app', 30],
      ]),
      new Map(),
    )
    expect(plan.download.map((file) => file.url)).toEqual([
      '/page-data/app-data.json',
      '/page-data/manuals/wingsuits/page-data.json',
      '/page-data/learnSearch/page-data.json',
      '/page-data/dealers/page-data.json',
      '/page-data/learn/a/page-data.json',
      '/page-data/learn/b/page-data.json',
      '/page-data/news/page-data.json',
    ])
    expect(plan).toMatchObject({ remove: [], unchanged: 0 })
  })

  it('after a new build fetches only what changed, and drops pages the build no longer has', () => {
    const plan = planPageDataSync(
      manifest([
        ['/page-data/news/page-data.json', 'n2', 10],
        ['/page-data/learn/a/page-data.json', 'la', 100],
        ['/page-data/coaches/page-data.json', 'c', 100],
      ]),
      new Map([
        ['/page-data/news/page-data.json', 'n1'],
        ['/page-data/learn/a/page-data.json', 'la'],
        ['/page-data/coaches/page-data.json', 'c'],
        ['/page-data/news/view/gone/page-data.json', 'g'],
      ]),
    )
    expect(plan.download.map((file) => file.url)).toEqual(['/page-data/news/page-data.json'])
    expect(plan.remove).toEqual(['/page-data/news/view/gone/page-data.json'])
    expect(plan.unchanged).toBe(2)
  })

  it('fetches again an entry kept on a visit, which carries no hash', () => {
    const plan = planPageDataSync(
      manifest([['/page-data/gallery/page-data.json', 'g', 10]]),
      new Map([['/page-data/gallery/page-data.json', undefined]]),
    )
    expect(plan.download.map((file) => file.url)).toEqual(['/page-data/gallery/page-data.json'])
  })
})

describe('manifest check', () => {
  it('accepts what the build writes and refuses anything else', () => {
    expect(isPageDataManifest(manifest([['/page-data/news/page-data.json', 'n', 1]]))).toBe(true)
    expect(isPageDataManifest({ version: 2, buildId: 'b', files: [] })).toBe(false)
    expect(isPageDataManifest('<html>')).toBe(false)
    expect(
      isPageDataManifest({
        version: 1,
        buildId: 'b',
        files: [{ url: 'https://elsewhere.example/x.json', hash: 'h', size: 1 }],
      }),
    ).toBe(false)
  })
})

describe('background images', () => {
  it('takes the first image of each product, then each coach photo, once each, same origin', () => {
    expect(
      backgroundImageUrls(
        [
          {
            images: [{ src: '/images/products/corvid-2.webp' }, { src: '/images/products/b.webp' }],
          },
          { images: [] },
          { images: [{ src: 'https://elsewhere.example/x.webp' }] },
          { images: [{ src: '/images/products/corvid-2.webp' }] },
        ],
        ['/images/coaches/aiyana-brooks.svg', '//elsewhere.example/y.svg'],
      ),
    ).toEqual(['/images/products/corvid-2.webp', '/images/coaches/aiyana-brooks.svg'])
  })

  it('stops at the 2 MB budget', () => {
    expect(IMAGE_BUDGET_BYTES).toBe(2 * 1024 * 1024)
    expect(fitsImageBudget(0, IMAGE_BUDGET_BYTES)).toBe(true)
    expect(fitsImageBudget(IMAGE_BUDGET_BYTES - 10, 11)).toBe(false)
  })
})

describe('what a visitor may keep offline', () => {
  const origin = 'https://glidecraft.example'
  it('keeps the site’s own pages, data and files, as absolute URLs', () => {
    expect(
      keepableUrls(['/manuals/keystone', '/page-data/manuals/keystone/page-data.json'], origin),
    ).toEqual([
      'https://glidecraft.example/manuals/keystone',
      'https://glidecraft.example/page-data/manuals/keystone/page-data.json',
    ])
  })

  it('refuses other origins, API answers and anything not a list of paths', () => {
    expect(keepableUrls(['//elsewhere.example/x'], origin)).toBeUndefined()
    expect(keepableUrls(['https://elsewhere.example/x'], origin)).toBeUndefined()
    expect(keepableUrls(['/api/user'], origin)).toBeUndefined()
    expect(keepableUrls([], origin)).toBeUndefined()
    expect(keepableUrls('/manuals/keystone', origin)).toBeUndefined()
  })
})
