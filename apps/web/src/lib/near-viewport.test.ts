import { afterEach, describe, expect, it, vi } from 'vitest';

/** An IntersectionObserver whose entries the test reports by hand. */
class FakeObserver {
  static last: FakeObserver | undefined;
  readonly watched = new Set<Element>();
  constructor(
    readonly report: (entries: Partial<IntersectionObserverEntry>[]) => void,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.watched.add(element);
  }
  unobserve(element: Element) {
    this.watched.delete(element);
  }
  disconnect() {
    this.watched.clear();
  }
  show(element: Element, isIntersecting: boolean) {
    this.report([{ target: element, isIntersecting }]);
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('near the screen', () => {
  it('calls back at once where the browser has no IntersectionObserver', async () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const { whenNearViewport } = await import('./near-viewport');
    const reached = vi.fn();
    whenNearViewport(document.createElement('div'), reached);
    expect(reached).toHaveBeenCalledOnce();
  });

  it('calls back once the element comes within 200 px, then stops watching it', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { whenNearViewport } = await import('./near-viewport');
    const tile = document.createElement('div');
    const reached = vi.fn();
    whenNearViewport(tile, reached);
    const observer = FakeObserver.last!;
    expect(observer.options).toMatchObject({ rootMargin: '200px', scrollMargin: '200px' });

    observer.show(tile, false);
    expect(reached).not.toHaveBeenCalled();
    observer.show(tile, true);
    expect(reached).toHaveBeenCalledOnce();
    expect(observer.watched.has(tile)).toBe(false);
  });

  it('stops watching an element that goes away first', async () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const { whenNearViewport } = await import('./near-viewport');
    const tile = document.createElement('div');
    const reached = vi.fn();
    const stop = whenNearViewport(tile, reached);
    stop();
    FakeObserver.last!.show(tile, true);
    expect(reached).not.toHaveBeenCalled();
  });
});
