/**
 * What stands in for an image that is neither on the device nor reachable (offline, never seen):
 * a plain panel in the site's quiet grey with a small picture outline, never the browser's broken
 * image. An SVG without a fixed size, so it fills whatever box the page gives the image.
 */
export const IMAGE_PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" preserveAspectRatio="xMidYMid slice" role="img" aria-label="Image not saved on this device"><rect width="400" height="300" fill="#eceef1"/><g fill="none" stroke="#a3aab4" stroke-width="6" stroke-linejoin="round"><rect x="160" y="115" width="80" height="64" rx="6"/><path d="M168 171l22-24 16 16 10-10 16 18"/></g><circle cx="220" cy="133" r="7" fill="#a3aab4"/></svg>`

export function imagePlaceholderResponse(): Response {
  return new Response(IMAGE_PLACEHOLDER_SVG, {
    headers: { 'Content-Type': 'image/svg+xml', 'Cache-Control': 'no-store' },
  })
}
