import { describe, expect, it } from 'vitest'
import { cacheLabel, formatBytes } from './model.ts'

describe('offline storage, in words', () => {
  it('names the caches as the shop does, and sizes as a device shows them', () => {
    expect(cacheLabel('kept-offline')).toBe('Manuals you chose to keep offline')
    expect(cacheLabel('other')).toBe('other')
    expect(formatBytes(512)).toBe('512 B')
    expect(formatBytes(12_345)).toBe('12.3 KB')
    expect(formatBytes(4_500_000)).toBe('4.5 MB')
    expect(formatBytes(2_000_000_000)).toBe('2.0 GB')
  })
})
