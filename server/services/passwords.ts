import { hash, verify } from '@node-rs/argon2'

/** Argon2id (the library's default) with its default cost: about 20–50 ms a hash here. */
export function hashPassword(password: string): Promise<string> {
  return hash(password)
}

let dummyHash: Promise<string> | undefined

/**
 * Checks a password against a stored hash. An account that does not exist, or has no password
 * (a guest), is checked against a dummy hash all the same, so the answer takes as long whether
 * the e-mail address is known or not, and is false.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash('no account has this password')
    await verify(await dummyHash, password)
    return false
  }
  try {
    return await verify(storedHash, password)
  } catch {
    // A hash this library cannot read matches nothing.
    return false
  }
}
