/**
 * Asks the browser once per page life to keep this site's storage even when space runs low
 * (`navigator.storage.persist()`): asked after the customer's first saved design or first "Keep
 * offline", the moments the device starts holding something of theirs. Browsers that decide by
 * themselves (Chromium grants it to installed apps) answer at once; a refusal changes nothing.
 */
let asked: Promise<boolean> | undefined

export function askPersistentStorage(
  storage: Pick<StorageManager, 'persist' | 'persisted'> | undefined = globalThis.navigator
    ?.storage,
): Promise<boolean> {
  if (!storage?.persist) return Promise.resolve(false)
  asked ??= (async () => {
    if (await storage.persisted?.().catch(() => false)) return true
    return storage.persist().catch(() => false)
  })()
  return asked
}

/** For tests: forget that the question was asked. */
export function resetPersistentStorageQuestion(): void {
  asked = undefined
}
