import { afterEach, describe, expect, it, vi } from 'vitest'
import { askPersistentStorage, resetPersistentStorageQuestion } from './persistent-storage.ts'

afterEach(() => resetPersistentStorageQuestion())

describe('askPersistentStorage', () => {
  it('asks the browser once, however often the app calls it', async () => {
    const storage = { persisted: vi.fn(async () => false), persist: vi.fn(async () => true) }
    expect(await askPersistentStorage(storage)).toBe(true)
    expect(await askPersistentStorage(storage)).toBe(true)
    expect(storage.persist).toHaveBeenCalledTimes(1)
  })

  it('does not ask again where storage is already persistent', async () => {
    const storage = { persisted: vi.fn(async () => true), persist: vi.fn(async () => true) }
    expect(await askPersistentStorage(storage)).toBe(true)
    expect(storage.persist).not.toHaveBeenCalled()
  })

  it('reports a refusal or a missing storage manager as not persistent', async () => {
    const refusing = {
      persisted: async () => false,
      persist: async () => Promise.reject(new Error('no')),
    }
    expect(await askPersistentStorage(refusing)).toBe(false)
    resetPersistentStorageQuestion()
    expect(await askPersistentStorage(undefined)).toBe(false)
  })
})
