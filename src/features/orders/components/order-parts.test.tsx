import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError, NetworkError } from '../../../lib/api-client.ts'
import { NotKeptError } from '../api.ts'
import { ReadProblem } from './order-parts.tsx'

afterEach(cleanup)

describe('ReadProblem through a payment link', () => {
  const link = { offline: 'You are offline: paying needs a connection.' }

  it('says what the screen needed the network for', () => {
    render(<ReadProblem error={new NetworkError(new TypeError())} what="the order" link={link} />)
    expect(screen.getByRole('alert').textContent).toBe(link.offline)
  })

  it('says a link that leads nowhere may not have been copied whole', () => {
    render(<ReadProblem error={new ApiError(404, {})} what="the order" link={link} />)
    expect(screen.getByRole('alert').textContent).toBe(
      'This link does not lead to an order. Check that it was copied whole.',
    )
  })

  it('asks to try again for any other failure', () => {
    render(<ReadProblem error={new ApiError(500, {})} what="the order" link={link} />)
    expect(screen.getByRole('alert').textContent).toBe(
      'The order could not be loaded. Try again in a moment.',
    )
  })
})

describe('ReadProblem of a signed-in order', () => {
  it('offline, says the device has not saved it yet', () => {
    render(<ReadProblem error={new NotKeptError()} what="this order" />)
    expect(screen.getByRole('status').textContent).toMatch(
      /^You are offline, and this device has not saved this order yet\./,
    )
  })

  it('asks to try again when the network failed on a read not kept offline', () => {
    render(<ReadProblem error={new NetworkError(new TypeError())} what="your orders" />)
    expect(screen.getByRole('alert').textContent).toBe(
      'Your orders could not be loaded. Try again in a moment.',
    )
  })
})
