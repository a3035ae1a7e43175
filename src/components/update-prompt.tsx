/** Offers a waiting new version of the app (the shell shows this only once one is ready). */
export default function UpdatePrompt({ activate }: { activate: () => void }) {
  return (
    <div className="toast" role="status">
      <span>A new version of the store is ready.</span>
      <button type="button" className="button" onClick={activate}>
        Reload to update
      </button>
    </div>
  )
}
