// A tiny built site for fuzzing pages where there is no dist/: the shell, the error page, a page
// data file and a prerendered page, so every branch of the site handler has something to find.
import { createTempDir } from '../../server/testing/test-helpers.ts'

export function createSiteFixture() {
  return createTempDir({
    'index.html': '<!doctype html><title>Store</title><div id="root"></div>',
    '500.html': '<!doctype html><title>Server error</title>',
    'assets/index-3f9a1c.js': 'console.log("app")',
    'sw.js': 'self.addEventListener("fetch", () => {})',
    'page-data/news/view/some-race/page-data.json': '{"result":{"data":{}}}',
    'page-data/people/corvid-2/page-data.json': '{"result":{"data":{}}}',
    'pages/about/index.html': '<!doctype html><title>About</title><h1>About us</h1>',
  })
}
