import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useRef, useState, type RefObject } from 'react'
import { codeUsesShown } from '../../../../../contract/admin-discounts.ts'
import { formatMoney } from '../../../../../contract/money.ts'
import { statusLabels } from '../../../../../contract/orders.ts'
import { NetworkError } from '../../../../lib/api-client.ts'
import {
  codeQuery,
  codeUsesPage,
  createCode,
  editCode,
  endCode,
  keepCode,
  type CodeDetail,
  type CodeUsesPage,
  type CreateCodeBody,
  type EditCodeBody,
} from '../../api/codes.ts'
import { actionOptions } from '../../query.ts'
import { AsOf } from '../as-of.tsx'
import { ActionFailure } from '../action-failure.tsx'
import { ActionButton } from '../action-button.tsx'
import { Announcement, say, type Said } from '../announcement.tsx'
import { AuditList } from '../people/audit-list.tsx'
import { ConfirmDialog } from '../confirm-dialog.tsx'
import { formatWhen } from '../people/people-model.ts'
import { ReadProblem } from '../read-problem.tsx'
import { Fact } from '../fact.tsx'
import { AdminsOnly } from './admins-only.tsx'
import { CodeFormFields } from './code-form.tsx'
import {
  createBodyOf,
  editBodyOf,
  emptyForm,
  formOf,
  restrictionText,
  stateLabels,
  usesText,
  valueText,
} from './code-model.ts'
import '../people/people.css'
import './codes.css'

/** The path segment that stands for a code not made yet: `/admin/codes/new`. */
export const newCodeId = 'new'

/**
 * `/admin/codes/{code}`: a discount code's terms to change, its end (after asking), and the
 * orders that used it; `/admin/codes/new` makes one. An admin's screen: staff are told so
 * instead. The code's page is kept on the device for offline reading.
 */
export function CodeScreen({
  codeId,
  role,
  onCreated,
}: {
  codeId: string
  role: string | undefined
  /** Goes to the new code's page (the route navigates). */
  onCreated: (code: string) => void
}) {
  // Said on the new code's page: this screen stays mounted while the route's param changes.
  const [created, setCreated] = useState<{ code: string; said: Said }>()
  if (role !== 'admin') return <AdminsOnly heading="Discount code" />
  if (codeId === newCodeId)
    return (
      <NewCode
        onCreated={(code) => {
          setCreated({ code, said: say(`The code ${code} is created.`) })
          onCreated(code)
        }}
      />
    )
  return (
    <EditCode
      key={codeId}
      code={codeId}
      created={created?.code === codeId.toUpperCase() ? created.said : undefined}
    />
  )
}

function NewCode({ onCreated }: { onCreated: (code: string) => void }) {
  const client = useQueryClient()
  const create = useMutation({
    ...actionOptions,
    mutationFn: (body: CreateCodeBody) => createCode(body),
    onSuccess: (code) => {
      keepCode(client, code)
      onCreated(code.code)
    },
  })
  return (
    <main className="people-screen">
      <h1>New discount code</h1>
      <p>
        <Link to="/admin/$" params={{ _splat: 'codes' }}>
          All codes
        </Link>
      </p>
      <CodeFormFields
        mode="create"
        initial={emptyForm()}
        pending={create.isPending}
        error={create.error}
        onSubmit={(form) => {
          const read = createBodyOf(form)
          if (!read.ok) return read.problems
          create.mutate(read.body)
          return undefined
        }}
      />
    </main>
  )
}

function EditCode({ code: codeId, created }: { code: string; created: Said | undefined }) {
  const client = useQueryClient()
  const read = useQuery(codeQuery(codeId))
  const [said, setSaid] = useState<Said | undefined>(created)
  const [saves, setSaves] = useState(0)
  const saidRef = useRef<HTMLParagraphElement>(null)
  const edit = useMutation({
    ...actionOptions,
    mutationFn: (body: EditCodeBody) => editCode(codeId, body),
    onSuccess: (code) => {
      keepCode(client, code)
      // The form starts again from what the shop now holds.
      setSaves((count) => count + 1)
      setSaid(say('The changes are saved.'))
    },
  })
  if (!read.data)
    return (
      <main className="people-screen">
        <h1>Discount code {codeId.toUpperCase()}</h1>
        <ReadProblem read={read} what="discount code" />
      </main>
    )
  const code = read.data.data
  return (
    <main className="people-screen">
      <h1>Discount code {code.code}</h1>
      <p>
        <Link to="/admin/$" params={{ _splat: 'codes' }}>
          All codes
        </Link>
      </p>
      <AsOf read={read.data} />
      <Announcement said={said} ref={saidRef} />
      <Summary code={code} />
      <EndCode code={code} onEnded={(text) => setSaid(say(text))} saidRef={saidRef} />
      <section className="people-section admin-no-print" aria-labelledby="code-terms">
        <h2 id="code-terms">Change the terms</h2>
        <CodeFormFields
          key={saves}
          mode="edit"
          initial={formOf(code)}
          pending={edit.isPending}
          error={edit.error}
          onSubmit={(form) => {
            const made = editBodyOf(form, code)
            if (!made.ok) return made.problems
            if (Object.keys(made.body).length === 0) {
              edit.reset()
              setSaid(say('Nothing to save: the terms are as they were.'))
              return undefined
            }
            edit.mutate(made.body)
            return undefined
          }}
        />
      </section>
      <Uses code={code} />
      <AuditList entries={code.audit} headingId="code-audit" />
    </main>
  )
}

function Summary({ code }: { code: CodeDetail }) {
  return (
    <section className="people-section" aria-labelledby="code-summary">
      <h2 id="code-summary">
        Now:{' '}
        <span className={`codes-state codes-state-${code.state}`}>{stateLabels[code.state]}</span>
      </h2>
      <p>{code.description}</p>
      <dl className="people-facts">
        <Fact term="Takes">{valueText(code)}</Fact>
        <Fact term="Uses">{usesText(code)}</Fact>
        <Fact term="Starts">{code.startsAt ? formatWhen(code.startsAt) : 'From its creation'}</Fact>
        <Fact term="Ends">{code.expiresAt ? formatWhen(code.expiresAt) : 'Never'}</Fact>
        <Fact term="For" className="people-wrap">
          {restrictionText(code)}
        </Fact>
        <Fact term="Upgrades">{code.excludesUpgrades ? 'Not discounted' : 'Discounted too'}</Fact>
        <Fact term="With other codes">
          {code.combinable ? 'May be combined' : 'Alone on a cart'}
        </Fact>
      </dl>
    </section>
  )
}

/** Ends the code now, after asking: no cart can add it, and a cart holding it loses it at submit. */
function EndCode({
  code,
  onEnded,
  saidRef,
}: {
  code: CodeDetail
  onEnded: (text: string) => void
  saidRef: RefObject<HTMLParagraphElement | null>
}) {
  const client = useQueryClient()
  const [open, setOpen] = useState(false)
  const [done, setDone] = useState(false)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const end = useMutation({
    ...actionOptions,
    mutationFn: () => endCode(code.code),
    onSuccess: (after) => {
      keepCode(client, after)
      setDone(true)
      setOpen(false)
      onEnded(`The code ${after.code} has ended.`)
    },
  })
  if (code.state === 'expired')
    return (
      <section className="people-section" aria-labelledby="code-end">
        <h2 id="code-end">End</h2>
        <p>
          This code has ended
          {code.expiresAt && ` (${formatWhen(code.expiresAt)})`}. To use it again, change its end
          below.
        </p>
      </section>
    )
  const uses = code.usedCount === 1 ? '1 order used it' : `${code.usedCount} orders used it`
  return (
    <section className="people-section admin-no-print" aria-labelledby="code-end">
      <h2 id="code-end">End</h2>
      <p>Ending the code stops it now, whatever its end date.</p>
      <ActionButton
        ref={triggerRef}
        variant="danger"
        onClick={() => {
          end.reset()
          setDone(false)
          setOpen(true)
        }}
      >
        End the code…
      </ActionButton>
      {!open && <ActionFailure error={end.error} />}
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={`End ${code.code} now?`}
        confirmLabel="End the code"
        onConfirm={() => end.mutate()}
        pending={end.isPending}
        error={end.error}
        returnFocus={done ? saidRef : triggerRef}
      >
        <p>
          From now on no cart can add {code.code} ({valueText(code)}), and a cart that holds it
          loses it when it is submitted. {uses}; they keep what it took off.
        </p>
      </ConfirmDialog>
    </section>
  )
}

type CodeUse = CodeDetail['uses'][number]

/**
 * The orders that used the code, newest first: the newest `codeUsesShown` come with the code,
 * older ones a page at a time as the owner asks for them (a code of a whole season's sale has
 * thousands).
 */
function Uses({ code }: { code: CodeDetail }) {
  // The pages read after the code's own (page 1); `hasMore` is known once one has come.
  const [older, setOlder] = useState<{ uses: CodeUse[]; page: number; hasMore: boolean }>({
    uses: [],
    page: 1,
    hasMore: false,
  })
  const more = useMutation({
    ...actionOptions,
    mutationFn: () => codeUsesPage(code.code, older.page + 1, codeUsesShown),
    onSuccess: (page: CodeUsesPage) =>
      setOlder((before) => ({
        uses: [...before.uses, ...page.uses],
        page: page.page,
        hasMore: page.hasMore,
      })),
  })
  // A use that moved down a page as new orders came in is listed once.
  const shown = new Set<string>()
  const uses = [...code.uses, ...older.uses].filter(
    (use) => !shown.has(use.orderId) && shown.add(use.orderId),
  )
  const hasMore = older.page === 1 ? code.hasMoreUses : older.hasMore
  return (
    <section className="people-section" aria-labelledby="code-uses">
      <h2 id="code-uses">Uses</h2>
      {uses.length === 0 ? (
        <p>No submitted order has used it.</p>
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table">
            <caption className="visually-hidden">
              Orders that used {code.code}, newest first
            </caption>
            <thead>
              <tr>
                <th scope="col">Order</th>
                <th scope="col">Submitted</th>
                <th scope="col">State</th>
                <th scope="col">E-mail</th>
                <th scope="col" className="amount">
                  Taken off
                </th>
              </tr>
            </thead>
            <tbody>
              {uses.map((use) => (
                <tr key={use.orderId}>
                  <th scope="row">
                    <Link to="/admin/$" params={{ _splat: `orders/${use.orderId}` }}>
                      #{use.number}
                    </Link>
                  </th>
                  <td>{formatWhen(use.submittedAt)}</td>
                  <td>{statusLabels[use.status]}</td>
                  <td className="people-wrap">{use.email ?? 'None'}</td>
                  <td className="amount">{formatMoney(use.amount, use.currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {older.page > 1 || hasMore ? (
        <p role="status" className="people-note">
          {hasMore
            ? `The newest ${uses.length} uses are shown.`
            : `All ${uses.length} uses are shown.`}
        </p>
      ) : null}
      {hasMore && (
        <ActionButton variant="secondary" pending={more.isPending} onClick={() => more.mutate()}>
          Show {codeUsesShown} older uses
        </ActionButton>
      )}
      {more.error ? (
        <p className="admin-action-failure" role="alert">
          {more.error instanceof NetworkError
            ? 'The older uses could not be read: the shop did not answer. Try again.'
            : 'The older uses could not be read. Try again.'}
        </p>
      ) : null}
    </section>
  )
}
