import { createFileRoute } from '@tanstack/react-router'
import { OfflineStorage } from '../features/offline/components/offline-storage.tsx'
import { withHead } from '../lib/head.ts'
import { loaderHead } from '../lib/loader-head.ts'

/** What this device keeps for offline use; the "Offline" section of the account page to come. */
export const Route = createFileRoute('/offline')({
  loader: () =>
    withHead(
      {},
      {
        title: 'Saved offline',
        summary: 'What this device keeps of the store for use without a network, and its size.',
      },
    ),
  head: loaderHead,
  component: function OfflineRoute() {
    return (
      <article className="page">
        <h1>Saved offline</h1>
        <p className="lead">
          After your first visit this device keeps the whole site&apos;s pages, guides, manuals and
          dealers for use without a network, and updates them after each new release.
        </p>
        <OfflineStorage />
      </article>
    )
  },
})
