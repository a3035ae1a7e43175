/**
 * Runs `task` over every item, at most `atOnce` at a time, taking the items in their order;
 * rejects with the first failure (tasks already in flight end on their own, and no new one
 * starts). The worker's downloads use it: the precache at install, and the site's page data.
 */
export async function inBatches<T>(
  items: Iterable<T>,
  atOnce: number,
  task: (item: T) => Promise<unknown>,
): Promise<void> {
  const queue = [...items]
  let failed = false
  const lane = async () => {
    while (!failed && queue.length > 0) {
      const item = queue.shift() as T
      try {
        await task(item)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(atOnce, queue.length) }, lane))
}
