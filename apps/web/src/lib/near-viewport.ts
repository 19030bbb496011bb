import { useCallback, useState } from 'react';

/**
 * Calls back once an element comes near the screen: within 200 px of the viewport, and of the
 * visible part of any scrolling strip it sits in (`scrollMargin`, where the browser supports it;
 * elsewhere it waits until the element is actually inside the strip's visible part). Native
 * `loading="lazy"` loads everything within about 1250 px, sideways in a strip too, which for the
 * lobby means most of its art competing with the first screen's. One observer
 * serves every element.
 */
const callbacks = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const callback = callbacks.get(entry.target);
        stopWatching(entry.target);
        callback?.();
      }
    },
    { rootMargin: '200px', scrollMargin: '200px' },
  );
  return observer;
}

function stopWatching(element: Element): void {
  callbacks.delete(element);
  observer?.unobserve(element);
}

/** Watches `element`; returns what stops watching it. Without IntersectionObserver: at once. */
export function whenNearViewport(element: Element, callback: () => void): () => void {
  if (typeof IntersectionObserver === 'undefined') {
    callback();
    return () => undefined;
  }
  callbacks.set(element, callback);
  sharedObserver().observe(element);
  return () => stopWatching(element);
}

/**
 * Whether the element given to the returned ref has come near the screen (true from the start
 * when `watch` is false). It stays true once reached.
 */
export function useNearViewport<T extends Element>(watch = true): [(element: T | null) => void, boolean] {
  const [near, setNear] = useState(!watch);
  const ref = useCallback(
    (element: T | null) => {
      if (!element || near) return;
      return whenNearViewport(element, () => setNear(true));
    },
    [near],
  );
  return [ref, near];
}
