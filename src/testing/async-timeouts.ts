/*
 * Vitest setup for the app's test files: Testing Library's findBy… and waitFor wait up to 3 s for
 * what they look for, not 1 s. On two cores loaded by other work, a screen that answers in 0.1 s
 * idle has taken over 1 s: a failure of the machine, not of the screen. A check that can never
 * pass still fails, 2 s later.
 */
import { configure } from '@testing-library/react'

configure({ asyncUtilTimeout: 3000 })
