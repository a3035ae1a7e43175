// Keeps a tap on an early control made before the app hydrated the page; docs/architecture.md
// ("Early taps") and src/lib/early-taps.ts say how. Not bundled, only minified (vite.config.ts):
// keep it small.
;(function () {
  var early = (window.__earlyTaps = window.__earlyTaps || { taps: [], navigation: null })
  var fallback = null

  function enable() {
    var controls = document.querySelectorAll('button[data-early-tap][disabled]')
    for (var i = 0; i < controls.length; i++) controls[i].removeAttribute('disabled')
  }

  function followLater(href) {
    early.navigation = href
    if (fallback !== null) clearTimeout(fallback)
    fallback = setTimeout(function () {
      if (early.navigation === href && early.taps.length > 0) window.location.assign(href)
    }, 10000)
  }
  early.cancelFallback = function () {
    if (fallback !== null) clearTimeout(fallback)
    fallback = null
  }

  document.addEventListener(
    'click',
    function (event) {
      var target = event.target
      if (!(target instanceof Element)) return
      var control = target.closest('button[data-early-tap]')
      if (control) {
        event.preventDefault()
        if (control.getAttribute('aria-busy') === 'true') return
        control.setAttribute('aria-busy', 'true')
        early.taps.push(control.getAttribute('data-early-tap'))
        return
      }
      if (early.taps.length === 0) return
      var link = target.closest('a[href]')
      if (!link || link.target || link.hasAttribute('download')) return
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
        return
      var url = new URL(link.href, window.location.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      followLater(url.pathname + url.search + url.hash)
    },
    true,
  )

  // 'interactive' (parsed) comes before the app's module has run; DOMContentLoaded waits for it.
  if (document.readyState !== 'loading') enable()
  else
    document.addEventListener('readystatechange', function once() {
      document.removeEventListener('readystatechange', once)
      enable()
    })
})()
