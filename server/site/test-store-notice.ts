/*
 * While TEST_PAYMENTS is on, every page the server sends carries a notice that this is a test
 * store. It is put into the HTML as it is served, not at build time: the same build is served
 * with test payments on or off, and the setting is read when the server starts. The notice sits
 * right after `<body>`, outside the app's root element, so the app's hydration never sees it and
 * client-side navigation keeps it; it is styled by a class in the site's stylesheet (no inline
 * style or script, so the Content-Security-Policy stays as it is).
 */

export const testStoreNoticeText =
  'This is a test store: payments here are tests, and no real payment is taken.'

export const testStoreNoticeHtml = `<div class="test-store-notice" role="note">${testStoreNoticeText}</div>`

const bodyTag = /<body\b[^>]*>/i

/** The page with the notice after its `<body>` tag (before `</html>` or at its end without one). */
export function withTestStoreNotice(html: string): string {
  const body = bodyTag.exec(html)
  const end = html.toLowerCase().lastIndexOf('</html>')
  const at = body ? body.index + body[0].length : end >= 0 ? end : html.length
  return `${html.slice(0, at)}${testStoreNoticeHtml}${html.slice(at)}`
}
