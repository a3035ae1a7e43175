import { useQuery } from '@tanstack/react-query'
import { addressesQuery, type Address } from '../api.ts'
import { failureMessage } from '../model.ts'

/** The saved addresses, the default first (as the server sends them); kept on the device too. */
export function AddressList() {
  const addresses = useQuery(addressesQuery())
  if (!addresses.data) {
    return addresses.error ? (
      <p className="form-problem">{failureMessage(addresses.error)}</p>
    ) : (
      <p role="status">Loading your addresses…</p>
    )
  }
  if (addresses.data.length === 0) {
    return <p>No saved addresses yet. The addresses you ship to at checkout are kept here.</p>
  }
  return (
    <ul className="address-list">
      {addresses.data.map((address) => (
        <li key={address.id}>
          {address.isDefault && <p className="address-default">Default address</p>}
          <AddressLines address={address} />
        </li>
      ))}
    </ul>
  )
}

function AddressLines({ address }: { address: Address }) {
  const lines = [
    address.name,
    address.line1,
    address.line2,
    `${[address.city, address.region].filter(Boolean).join(', ')} ${address.postalCode}`,
    address.country,
    address.phone,
  ].filter((line): line is string => Boolean(line))
  return (
    <address>
      {lines.map((line, index) => (
        <span key={index}>
          {line}
          <br />
        </span>
      ))}
    </address>
  )
}
