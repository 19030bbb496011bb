/* global document, requestAnimationFrame, setTimeout */
// A page sent with its first screen (apps/server/src/http/spa.ts, docs/decisions/031) fetches the
// app's scripts only once that screen has painted, so on a slow line the screen's stylesheet and
// images are not queued behind some 140 KB of script. The server moves the entry script and its
// preloads here: data-entry is the entry module, data-preloads the modules it and the page import.
(function () {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var preloads = (script.dataset.preloads || '').split(' ').filter(Boolean);
  // Each request the page adds costs the main thread a few milliseconds on a slow phone: the
  // entry goes first, then the modules it and the page import, a few per task, so none of these
  // tasks is long enough to hold up a tap.
  var PER_TASK = 3;
  function preload(from) {
    for (var i = from; i < Math.min(from + PER_TASK, preloads.length); i += 1) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      document.head.appendChild(link);
    }
    if (from + PER_TASK < preloads.length) setTimeout(preload, 0, from + PER_TASK);
  }
  function load() {
    var module = document.createElement('script');
    module.type = 'module';
    module.crossOrigin = '';
    module.src = entry;
    document.head.appendChild(module);
    setTimeout(preload, 0, 0);
  }
  // A frame's callbacks run before its paint; a task queued from one runs after it. A tab opened
  // in the background paints nothing until it is shown: it loads at once.
  if (document.visibilityState === 'hidden') load();
  else
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
})();
