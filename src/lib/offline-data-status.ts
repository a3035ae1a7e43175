import { shellValue } from './shell-value.ts'
import type { OfflineDataStatus } from '../../sw/messages.ts'

/*
 * What the worker reported of its background download of the site's data this session, for the
 * offline banner: on Save-Data or 2g it downloads nothing, and the banner says only opened pages
 * are saved. Kept in memory: the worker reports again on every start.
 */

const status = shellValue<OfflineDataStatus | undefined>(undefined)

export function setOfflineDataStatus(next: OfflineDataStatus | undefined): void {
  status.set(next)
}

export function useOfflineDataStatus(): OfflineDataStatus | undefined {
  return status.use()
}
