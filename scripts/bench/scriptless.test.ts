import { describe, expect, it } from 'vitest'
import { withoutScripts } from './scriptless.ts'

const page = `<!doctype html>
<html lang="en">
  <head>
    <title>Corvid 2 — Glidecraft</title>
    <script type="module" crossorigin src="/assets/index-Bjlcgw4n.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/COiEfhs.js">
    <link rel="stylesheet" crossorigin href="/assets/index-CLlKTvJ-.css">
    <script type="application/ld+json">{"@type":"Product","name":"Corvid 2"}</script>
    <script async src="/early-taps.js"></script>
  </head>
  <body><div id="app"><h1>Corvid 2</h1><img src="/images/products/corvid-2.svg" alt=""></div></body>
</html>`

describe('the Lighthouse yardstick page', () => {
  it('keeps the markup, styles, images and data, and runs no script', () => {
    const bare = withoutScripts(page)
    expect(bare).not.toMatch(/<script(?![^>]*ld\+json)/)
    expect(bare).not.toContain('modulepreload')
    expect(bare).toContain('<link rel="stylesheet" crossorigin href="/assets/index-CLlKTvJ-.css">')
    expect(bare).toContain('{"@type":"Product","name":"Corvid 2"}')
    expect(bare).toContain('<h1>Corvid 2</h1><img src="/images/products/corvid-2.svg" alt="">')
  })
})
