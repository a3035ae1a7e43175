import { describe, expect, it } from 'vitest'
import { formsChaos } from './forms.ts'

describe('the forms chaos (npm run chaos)', () => {
  it('loses no form and sends none twice, through drops, lost answers and two drainers', async () => {
    for (const seed of [1, 2]) {
      expect(await formsChaos(seed)).toEqual({ seed, forms: 12, lost: 0, doubled: 0 })
    }
  }, 120_000)
})
