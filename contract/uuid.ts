/**
 * An id as the database makes it (a UUID, any case): the orders', lines', payouts' and the
 * payment calls' `{orderId}`. A path id that is not one is answered as unknown before any query.
 */
export const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
