import { describe, expect, it } from 'vitest'
import { routeFile, routeStylesheets, withStylesheets, type BuildManifest } from './route-styles.ts'

// A manifest as `vite build` writes it: route modules split by the router plugin, chunks they
// import, and one lazy part whose styles must not count (it loads later).
const manifest: BuildManifest = {
  'index.html': { file: 'assets/index-a.js', css: ['assets/index-a.css'] },
  'src/routes/cart.tsx?tsr-split=component---loader': {
    file: 'assets/c1.js',
    imports: ['_frame.js', 'index.html'],
  },
  '_frame.js': { file: 'assets/frame.js', css: ['assets/cart-b.css'], imports: ['_shared.js'] },
  '_shared.js': { file: 'assets/shared.js', imports: ['_frame.js'] },
  'src/features/cart/components/cart-page.tsx': {
    file: 'assets/page.js',
    css: ['assets/late-c.css'],
  },
  'src/routes/wingsuits/index.tsx?tsr-split=component---loader': {
    file: 'assets/w.js',
    css: ['assets/listing-d.css'],
  },
}

describe('route styles for a prerendered page', () => {
  it('names a route file as the router plugin lays them out', () => {
    expect(routeFile('/checkout/$')).toBe('src/routes/checkout/$.tsx')
    expect(routeFile('/wingsuits/')).toBe('src/routes/wingsuits/index.tsx')
    expect(routeFile('/')).toBe('src/routes/index.tsx')
    expect(routeFile('__root__')).toBe('src/routes/__root.tsx')
  })

  it('collects the styles a route imports statically, through its chunks, once each', () => {
    expect(routeStylesheets(manifest, ['__root__', '/cart'])).toEqual([
      '/assets/cart-b.css',
      '/assets/index-a.css',
    ])
    expect(routeStylesheets(manifest, ['/wingsuits/'])).toEqual(['/assets/listing-d.css'])
    expect(routeStylesheets(manifest, ['/nowhere'])).toEqual([])
  })

  it('links each missing stylesheet after the page’s own, and none twice', () => {
    const page =
      '<head>\n    <link rel="stylesheet" crossorigin href="/assets/index-a.css">\n  </head>'
    const linked = withStylesheets(page, ['/assets/index-a.css', '/assets/cart-b.css'])
    expect(linked).toBe(
      '<head>\n    <link rel="stylesheet" crossorigin href="/assets/index-a.css">\n    <link rel="stylesheet" crossorigin href="/assets/cart-b.css">\n  </head>',
    )
    expect(withStylesheets(linked, ['/assets/cart-b.css'])).toBe(linked)
  })
})
