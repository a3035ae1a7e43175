import type { QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import type {
  AdminDiscountCodeDetail as WireCodeDetail,
  AdminDiscountCodes as WireCodes,
  CreateDiscountCodeRequest,
  DiscountCodeUsesPage as WireUsesPage,
  EditDiscountCodeRequest,
} from '../../../../contract/admin-discounts.ts'
import { api, type Camelized } from '../../../lib/api-client.ts'
import type { Read } from '../../../lib/kept-orders.ts'
import { adminKeys, keptAdminQuery } from '../query.ts'

/*
 * The back office's discount codes (docs/back-office.md, "Discount codes"), admins only: the list
 * and a code's page are kept on the device for offline reading; create, edit and end answer the
 * code's page as they left it. A code in a path is the code itself (any case).
 */

export type CodesList = Camelized<WireCodes>
export type CodeRow = CodesList['discountCodes'][number]
export type CodeDetail = Camelized<WireCodeDetail>
export type CodeUsesPage = Camelized<WireUsesPage>
/** What a new code sends: the API's own (snake_case) names, as the client sends bodies. */
export type CreateCodeBody = z.input<typeof CreateDiscountCodeRequest>
export type EditCodeBody = z.input<typeof EditDiscountCodeRequest>

export const codeKeys = {
  all: [...adminKeys.all, 'codes'] as const,
  list: () => [...codeKeys.all, 'list'] as const,
  detail: (code: string) => [...codeKeys.all, 'code', code.toUpperCase()] as const,
}

const auth = { auth: true } as const
const codePath = (code: string) => `/api/admin/discount-codes/${encodeURIComponent(code)}`

export const codesQuery = () =>
  keptAdminQuery(codeKeys.list(), 'codes', (signal) =>
    api.get<CodesList>('/api/admin/discount-codes', { ...auth, signal }),
  )

export const codeQuery = (code: string) =>
  keptAdminQuery(codeKeys.detail(code), `code:${code.toUpperCase()}`, (signal) =>
    api.get<CodeDetail>(codePath(code), { ...auth, signal }),
  )

/**
 * Page `page` of a code's uses, newest first, `perPage` a page: the code's page holds the first
 * (`hasMoreUses`), and asks for the next ones as the owner wants them. Not kept offline.
 */
export const codeUsesPage = (code: string, page: number, perPage: number) =>
  api.get<CodeUsesPage>(`${codePath(code)}/uses`, {
    ...auth,
    searchParams: { page, per_page: perPage },
  })

export const createCode = (body: CreateCodeBody) =>
  api.post<CodeDetail>('/api/admin/discount-codes', body, auth)

/** The fields sent change; the others stay (null clears a start, an end or a limit). */
export const editCode = (code: string, body: EditCodeBody) =>
  api.post<CodeDetail>(codePath(code), body, auth)

export const endCode = (code: string) =>
  api.post<CodeDetail>(`${codePath(code)}/end`, undefined, auth)

/** An action's answer is the code's page now; the list's uses and states follow. */
export function keepCode(client: QueryClient, code: CodeDetail) {
  const read: Read<CodeDetail> = { data: code, savedAt: Date.now(), fromDevice: false }
  client.setQueryData(codeKeys.detail(code.code), read)
  void client.invalidateQueries({ queryKey: codeKeys.list() })
}
