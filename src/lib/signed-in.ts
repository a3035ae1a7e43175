import { shellValue } from './shell-value.ts'

/*
 * Who the header says is signed in, as the shell reads it (a shell value, lib/shell-value.ts).
 * `signed-in-user.ts`, started once the first view is up, works the value out (cookie, persisted
 * user, live query cache) and sets it here.
 *
 * One string so React compares snapshots by value: `''` signed out; else `g` (a guest) or `u`
 * (an account) followed by the name or e-mail to show, empty while the device holds no copy.
 */
export type SignedIn = string

const signedIn = shellValue<SignedIn>('')

export function setSignedIn(next: SignedIn): void {
  signedIn.set(next)
}

/** The header's view of who is signed in. Prerendered pages say "signed out", then update. */
export function useSignedIn(): SignedIn {
  return signedIn.use()
}
