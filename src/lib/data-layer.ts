import type { QueryClient } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { nextTask } from './next-task.ts'

/**
 * The server-state layer (TanStack Query, its localStorage persister and the API client) loads
 * on demand: the home page renders without it, route loaders await it, and the app starts it
 * once the page has loaded. This keeps it out of the home page's first-load JavaScript.
 */

let client: QueryClient | undefined
let loading: Promise<QueryClient> | undefined
const listeners = new Set<() => void>()

export function loadQueryClient(): Promise<QueryClient> {
  // Evaluating the chunk, restoring the persisted cache and rendering the pages that waited for
  // it are tasks of their own (lib/next-task.ts).
  loading ??= import('./query-client.ts')
    .then(async (module) => {
      await nextTask()
      return module.startQueryClient()
    })
    .then(async (started) => {
      await nextTask()
      client = started
      for (const listener of listeners) listener()
      return started
    })
    .catch((error: unknown) => {
      // A chunk that failed to load (e.g. offline before the worker cached it) may load later.
      loading = undefined
      throw error
    })
  return loading
}

/** Puts an already started client in place (the prerender does, on the server). */
export function provideQueryClient(started: QueryClient): void {
  client = started
  loading = Promise.resolve(started)
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The query client once it has started, for the provider at the root of the tree. */
export function useStartedQueryClient(): QueryClient | undefined {
  // The same value on the server and while hydrating: the prerender and the browser both start
  // the client before rendering a page whose loaders need it.
  const snapshot = () => client
  return useSyncExternalStore(subscribe, snapshot, snapshot)
}
