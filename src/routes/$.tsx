import { createFileRoute } from '@tanstack/react-router'
import { lazy, Suspense, type ReactNode } from 'react'
import { useHydrated } from '../lib/use-hydrated.ts'
import { PlannedPage } from '../components/planned-page.tsx'
import { loadSitePage } from '../features/pages/api.ts'
import { MarketingPage } from '../features/pages/components/marketing-page.tsx'
import { loaderHead } from '../lib/loader-head.ts'

/**
 * The marketing pages and the screens still to come (contract/routes.ts catchAllRoutes) share
 * this one route: they need no code of their own, and a route file each would weigh on every
 * first visit. Any other path that reaches it is the 404 page.
 */
// The forms of /contact and /newsletter load after the page: not part of any first view.
const ContactForm = lazy(() =>
  import('../features/forms/components/contact-forms.tsx').then((module) => ({
    default: module.ContactForm,
  })),
)
const NewsletterForm = lazy(() => import('../features/forms/components/newsletter-form.tsx'))
const loadingForm = <p className="panel">Loading the form…</p>

/**
 * A form that loads after the page: not rendered while the prerendered HTML hydrates (the
 * prerender cannot wait for a lazy chunk, and React would throw away the page's HTML).
 */
function LaterForm({ children }: { children: ReactNode }) {
  return useHydrated() ? <Suspense fallback={loadingForm}>{children}</Suspense> : loadingForm
}

export const Route = createFileRoute('/$')({
  loader: ({ location }) => loadSitePage(location.pathname),
  head: loaderHead,
  component: function SitePageRoute() {
    const { kind, page } = Route.useLoaderData()
    const { _splat: path } = Route.useParams()
    if (kind === 'marketing') {
      return (
        <>
          <MarketingPage page={page} />
          {path === 'newsletter' && (
            <div className="page">
              <LaterForm>
                <NewsletterForm />
              </LaterForm>
            </div>
          )}
        </>
      )
    }
    return (
      <PlannedPage {...page}>
        {path === 'contact' && (
          <LaterForm>
            <ContactForm />
          </LaterForm>
        )}
      </PlannedPage>
    )
  },
})
