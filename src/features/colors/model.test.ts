import { expect, it } from 'vitest'
import { toggleCompared } from './model.ts'

it('adds colours in the order picked and removes one picked again', () => {
  const two = toggleCompared(toggleCompared([], 'n4D'), 'k1A')
  expect(two).toEqual(['n4D', 'k1A'])
  expect(toggleCompared(two, 'n4D')).toEqual(['k1A'])
})
