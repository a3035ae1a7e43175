// Keeps a tap on an early control made before the app hydrated the page; docs/architecture.md
// ("Early taps") and src/lib/early-taps.ts say how. Not bundled, only minified (vite.config.ts):
// a product page loads it before its load event, so every byte counts in the first view's budget.
;(function (w, d) {
  var early = (w.__earlyTaps = w.__earlyTaps || { taps: [], navigation: null })
  var fallback

  early.cancelFallback = function () {
    clearTimeout(fallback)
  }

  d.addEventListener(
    'click',
    function (event) {
      var target = event.target
      if (!(target instanceof Element)) return
      var control = target.closest('button[data-early-tap]')
      if (control) {
        event.preventDefault()
        if (control.getAttribute('aria-busy') !== 'true') {
          control.setAttribute('aria-busy', 'true')
          early.taps.push(control.getAttribute('data-early-tap'))
        }
        return
      }
      if (!early.taps.length) return
      var link = target.closest('a[href]')
      if (!link || link.target || link.hasAttribute('download')) return
      if (event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
      var url = new URL(link.href, location.href)
      if (url.origin !== location.origin) return
      event.preventDefault()
      // The app follows the link once it has made the tap; should it never take the tap, the
      // browser follows it after 10 s.
      var href = (early.navigation = url.pathname + url.search + url.hash)
      clearTimeout(fallback)
      fallback = setTimeout(function () {
        if (early.navigation === href && early.taps.length) location.assign(href)
      }, 1e4)
    },
    true,
  )

  // 'interactive' (parsed) comes before the app's module has run; DOMContentLoaded waits for it.
  function enable() {
    d.querySelectorAll('button[data-early-tap][disabled]').forEach(function (control) {
      control.removeAttribute('disabled')
    })
  }
  if (d.readyState !== 'loading') enable()
  else d.addEventListener('readystatechange', enable, { once: true })
})(window, document)
