/**
 * The worker's one runner of background work: jobs that keep offline data fresh once the worker
 * has activated and a page has loaded (the catalog snapshot today). Jobs run one after another,
 * never two at once, so they take turns with the fetches a visitor is waiting for; asking while a
 * run is under way joins that run. A failed job (offline) is left for the next run and does not
 * stop the others.
 */

export interface BackgroundJob {
  name: string
  run: () => Promise<unknown>
}

export interface BackgroundJobRunner {
  /** Runs every job once; resolves with the names of the jobs that failed. */
  run: () => Promise<string[]>
}

export function createBackgroundJobRunner(jobs: readonly BackgroundJob[]): BackgroundJobRunner {
  let running: Promise<string[]> | undefined
  async function runAll(): Promise<string[]> {
    const failed: string[] = []
    for (const job of jobs) {
      try {
        await job.run()
      } catch {
        failed.push(job.name)
      }
    }
    return failed
  }
  return {
    run() {
      running ??= runAll().finally(() => (running = undefined))
      return running
    },
  }
}
