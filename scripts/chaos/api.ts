import type { Line, Owner } from './model.ts'
import { accountOwner } from './model.ts'
import { lineOf, type WireLine } from './checkout.ts'
import type { Store } from './store.ts'

/** The demo customer, whose account holds the one account cart the runs read back. */
export const CUSTOMER = { email: 'customer@example.com', password: 'flyfast-demo' }
export const ACCOUNT = accountOwner(CUSTOMER.email)

/** The test side's calls, straight to an API process, each from an address of its own. */
export class Api {
  private calls = 0
  constructor(
    private readonly store: Store,
    private readonly seed: number,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    this.calls += 1
    const n = this.seed * 64 + this.calls
    return {
      'Content-Type': 'application/json',
      'X-Forwarded-For': `10.${200 + ((n >> 16) % 50)}.${(n >> 8) & 255}.${n & 255}`,
      ...extra,
    }
  }

  async cart(headers: Record<string, string>): Promise<{ lines: Line[]; codes: string[] }> {
    const response = await fetch(`${this.store.origin}/api/order`, {
      headers: this.headers(headers),
    })
    if (response.status !== 200) throw new Error(`GET /api/order: ${response.status}`)
    const cart = (await response.json()) as {
      items: WireLine[]
      discounts: { code: string }[]
    }
    return { lines: cart.items.map(lineOf), codes: cart.discounts.map((d) => d.code) }
  }

  private async session(path: string, body: object): Promise<string> {
    const response = await fetch(`${this.store.origin}${path}`, {
      method: 'POST',
      headers: this.headers(),
      body: JSON.stringify(body),
    })
    if (response.status !== 200) {
      throw new Error(`${path}: ${response.status} ${await response.text()}`)
    }
    return ((await response.json()) as { token: string }).token
  }

  async logout(bearer: string): Promise<number> {
    const response = await fetch(`${this.store.origin}/api/user/logout`, {
      method: 'POST',
      headers: this.headers({ Authorization: `Bearer ${bearer}` }),
    })
    await response.arrayBuffer()
    return response.status
  }

  /** An owner's cart on the server, read with a fresh session of its own (or the device's token). */
  async cartOfOwner(
    owner: Owner,
    tokens: Record<Owner, string>,
  ): Promise<{ lines: Line[]; codes: string[] }> {
    if (owner.startsWith('device:')) {
      const token = tokens[owner]
      return token ? this.cart({ 'X-Cart-Token': token }) : { lines: [], codes: [] }
    }
    // Only the customer's account holds a cart of its own: a guest session acts for the device's.
    if (owner !== ACCOUNT) throw new Error(`no cart is kept for ${owner}`)
    const bearer = await this.session('/api/login', { ...CUSTOMER, remember: false })
    try {
      return await this.cart({ Authorization: `Bearer ${bearer}` })
    } finally {
      await this.logout(bearer)
    }
  }
}
