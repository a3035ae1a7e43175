import { createMiddleware } from 'hono/factory'
import { secureHeaders } from 'hono/secure-headers'

/**
 * The headers every response carries, API and site alike. The policy allows nothing inline:
 * the built app ships its scripts and styles as files.
 */
export function securityHeaders(options: { connectSources: string[] }) {
  const secure = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'"],
      connectSrc: ["'self'", ...options.connectSources],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    referrerPolicy: 'strict-origin-when-cross-origin',
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: ['self'] },
    xFrameOptions: 'DENY',
    // Sent below, and only over HTTPS: on plain HTTP (local runs) it would be ignored or wrong.
    strictTransportSecurity: false,
  })
  return createMiddleware(async (c, next) => {
    await secure(c, next)
    // Behind a TLS-terminating proxy the request reaches us over HTTP; trust its header.
    const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase()
    if (forwarded === 'https' || new URL(c.req.url).protocol === 'https:') {
      c.header('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    }
  })
}
