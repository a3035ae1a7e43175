import type {
  AdminAttention as WireAdminAttention,
  AdminDashboard as WireAdminDashboard,
} from '../../../../contract/admin-dashboard.ts'
import { api, type Camelized } from '../../../lib/api-client.ts'
import { adminKeys, keptAdminQuery } from '../query.ts'

/*
 * The dashboard's calls (docs/back-office.md): the figures the charts draw for a period
 * (GET /api/admin/dashboard) and what needs the owner (GET /api/admin/attention). Each is kept on
 * the device as one copy, the last read: offline, the dashboard opens with the figures last seen,
 * whatever period they were for (the answer names its own `from` and `to`).
 */

export type AdminDashboard = Camelized<WireAdminDashboard>
export type AdminAttention = Camelized<WireAdminAttention>
export type SalesDay = AdminDashboard['salesPerDay'][number]
export type SalesWeek = AdminDashboard['salesPerWeek'][number]
export type ProductSales = AdminDashboard['topProducts']['byQuantity'][number]
export type ViewsDay = AdminDashboard['viewsPerDay'][number]
export type ShipByOrder = AdminAttention['madeToOrder']['late'][number]

/** The period asked for: UTC days, both inclusive, and the currency added up (USD unless given). */
export interface DashboardRequest {
  from: string
  to: string
  currency?: string
}

export const dashboardKeys = {
  all: [...adminKeys.all, 'dashboard'] as const,
  figures: (request: DashboardRequest) => [...dashboardKeys.all, 'figures', request] as const,
  attention: () => [...dashboardKeys.all, 'attention'] as const,
}

export const fetchDashboard = (request: DashboardRequest, signal?: AbortSignal) =>
  api.get<AdminDashboard>('/api/admin/dashboard', {
    auth: true,
    signal,
    searchParams: {
      from: request.from,
      to: request.to,
      ...(request.currency ? { currency: request.currency } : {}),
    },
  })

export const fetchAttention = (signal?: AbortSignal) =>
  api.get<AdminAttention>('/api/admin/attention', { auth: true, signal })

/** The charts' figures for one period; the device keeps the last one read. */
export const dashboardQuery = (request: DashboardRequest) =>
  keptAdminQuery(dashboardKeys.figures(request), 'dashboard', (signal) =>
    fetchDashboard(request, signal),
  )

export const attentionQuery = () =>
  keptAdminQuery(dashboardKeys.attention(), 'attention', fetchAttention)
