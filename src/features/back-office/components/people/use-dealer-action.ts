import { useMutation, useQueryClient } from '@tanstack/react-query'
import { keepDealer, type DealerDetail } from '../../api/people.ts'
import { actionOptions } from '../../query.ts'

/** An action on a dealer: its answer is the dealer's page as the action left it, shown at once. */
export function useDealerAction<V>(action: (variables: V) => Promise<DealerDetail>) {
  const client = useQueryClient()
  return useMutation({
    ...actionOptions,
    mutationFn: action,
    onSuccess: (dealer) => keepDealer(client, dealer),
  })
}
