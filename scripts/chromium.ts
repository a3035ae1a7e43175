/**
 * Debian's Chromium, the browser every check here drives (browser downloads are not possible
 * on these machines). Without the background-networking flags Chromium floods the closed
 * network with connection attempts.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
