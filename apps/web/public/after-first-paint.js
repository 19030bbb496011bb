/* global document, PerformanceObserver, requestAnimationFrame, setTimeout */
// A page sent with its first screen (apps/server/src/http/spa.ts, docs/decisions/067) fetches the
// app's scripts only once that screen has painted, so on a slow line the screen's stylesheet and
// images are not queued behind some 140 KB of script. The server moves the entry script and its
// preloads here: data-entry is the entry module, data-preloads the modules it and the page import.
(function () {
  var script = document.currentScript;
  var entry = script.dataset.entry;
  var preloads = (script.dataset.preloads || '').split(' ').filter(Boolean);
  // Each request the page adds costs the main thread a few milliseconds on a slow phone: the
  // entry goes first, then the modules it and the page import, one per task, so none of these
  // tasks is long enough to hold up a tap.
  var PER_TASK = 1;
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
  // Once the first contentful paint has been presented: the browser reports it after the frame
  // is on screen, which a frame's callbacks (requestAnimationFrame) run well before. A task queued
  // from the report runs after it. A tab opened in the background paints nothing until it is
  // shown: it loads at once. A browser that cannot report paints loads one frame on; and a page
  // that paints nothing contentful (it always does) would still load after three seconds.
  var started = false;
  function start() {
    if (started) return;
    started = true;
    setTimeout(load, 0);
  }
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  try {
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      start();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    requestAnimationFrame(start);
  }
  setTimeout(start, 3000);
})();
