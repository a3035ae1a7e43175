import { useEffect, useRef } from 'react'

/**
 * What an action did, said once the shop answered: announced, and focused so the owner reads it
 * where the button was (the form under it may have changed with the answer).
 */
export function ActionResult({ text }: { text: string | undefined }) {
  const ref = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (text) ref.current?.focus()
  }, [text])
  if (!text) return null
  return (
    <p ref={ref} className="form-done admin-order-result" role="status" tabIndex={-1}>
      {text}
    </p>
  )
}

/** Why an action's button is disabled: offline, or showing the device's copy. */
export function needsNetworkText(fromDevice: boolean): string {
  return fromDevice
    ? 'Needs the network: this is the copy saved on this device.'
    : 'Needs the network: this device is offline.'
}
