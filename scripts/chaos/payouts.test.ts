import { describe, expect, it } from 'vitest'
import { runPayoutChaos } from './payouts.ts'

describe('the payout chaos (npm run chaos, small)', () => {
  it('keeps every dealer ledger at or above zero with requests, changes, refunds and cancellations at once', async () => {
    const result = await runPayoutChaos({
      runs: 3,
      seed: 17,
    })
    expect(result.failures).toEqual([])
  }, 120_000)
})
