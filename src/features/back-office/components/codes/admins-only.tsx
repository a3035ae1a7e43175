/**
 * What staff see where an admin manages discount codes: the server refuses them these calls
 * (403), so the screen says whose work it is instead of offering forms that cannot work.
 */
export function AdminsOnly({ heading }: { heading: string }) {
  return (
    <main className="people-screen">
      <h1>{heading}</h1>
      <p className="codes-admins-only">
        Only an admin can manage discount codes. Ask the shop’s admin to create, change or end one.
      </p>
    </main>
  )
}
