import { isNotFound } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkError } from './api-client.ts'
import { fetchPageData, loadSiteData, PageDataError } from './page-data.ts'

function respond(...answers: Array<number | 'offline'>) {
  const fetch = vi.fn(async (url: URL) => {
    const answer = answers.shift() ?? 200
    if (answer === 'offline') throw new TypeError('Failed to fetch')
    const body = answer === 200 ? { path: url.pathname, result: { data: { title: 'Hi' } } } : {}
    return new Response(JSON.stringify(body), { status: answer })
  })
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => vi.unstubAllGlobals())

describe('fetchPageData', () => {
  it('loads the data of a page from its data file', async () => {
    const fetch = respond(200)
    expect(await fetchPageData('/news/view/launch')).toEqual({ title: 'Hi' })
    expect(fetch.mock.calls[0]![0].pathname).toBe('/page-data/news/view/launch/page-data.json')
    await fetchPageData('/')
    expect(fetch.mock.calls[1]![0].pathname).toBe('/page-data/index/page-data.json')
  })

  it('shows the 404 page for missing data, without retrying', async () => {
    const fetch = respond(404)
    const error = await fetchPageData('/news/view/nope').catch((e: unknown) => e)
    expect(isNotFound(error)).toBe(true)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('shows the error page for a server error, without retrying', async () => {
    const fetch = respond(500)
    await expect(fetchPageData('/learn')).rejects.toBeInstanceOf(PageDataError)
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('retries other failures up to 3 times', async () => {
    const fetch = respond(503, 'offline', 502, 200)
    expect(await fetchPageData('/learn', { retryDelayMs: 1 })).toEqual({ title: 'Hi' })
    expect(fetch).toHaveBeenCalledTimes(4)
  })

  it('gives up after the third retry', async () => {
    const fetch = respond('offline', 'offline', 'offline', 'offline', 200)
    await expect(fetchPageData('/learn', { retryDelayMs: 1 })).rejects.toBeInstanceOf(NetworkError)
    expect(fetch).toHaveBeenCalledTimes(4)
  })
})

describe('loadSiteData (static queries and slices)', () => {
  it('reads each static query and slice a page names, once per page load', async () => {
    const fetch = vi.fn(async () => new Response('{}'))
    vi.stubGlobal('fetch', fetch)
    const record = {
      staticQueryHashes: ['0a1b2c3d'],
      slicesMap: { header: 'header', footer: 'footer' },
    }
    loadSiteData(record)
    loadSiteData(record)
    await Promise.resolve()
    expect(fetch.mock.calls.map((call) => (call as unknown as [URL])[0].pathname)).toEqual([
      '/page-data/sq/d/0a1b2c3d.json',
      '/slice-data/header.json',
      '/slice-data/footer.json',
    ])
  })

  it('reads nothing a record names outside those folders', () => {
    const fetch = vi.fn(async () => new Response('{}'))
    vi.stubGlobal('fetch', fetch)
    loadSiteData({ staticQueryHashes: ['../../api/user?x'], slicesMap: { a: '//evil.example/x' } })
    expect(fetch).not.toHaveBeenCalled()
  })
})
