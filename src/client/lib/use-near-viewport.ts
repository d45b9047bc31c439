import { useCallback, useState } from 'react';

/**
 * Whether an element has come near the viewport: within one screen height above or below it. Once near it stays
 * near (what was drawn is never taken away again, so focus, selection and a drag in progress are never lost).
 * One observer serves every element. Without IntersectionObserver (an old browser, jsdom) everything is near.
 */
let observer: IntersectionObserver | null = null;
const onNear = new WeakMap<Element, () => void>();

function observeNear(element: Element, callback: () => void): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer?.unobserve(entry.target);
        onNear.get(entry.target)?.();
        onNear.delete(entry.target);
      }
    },
    { rootMargin: '100% 0px 100% 0px' },
  );
  onNear.set(element, callback);
  observer.observe(element);
  return () => {
    onNear.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * `[ref, isNear]`: give `ref` to the placeholder drawn while `isNear` is false; `isNear` turns true (for good)
 * once the placeholder comes within a screen of the viewport.
 */
export function useNearViewport(): [(element: Element | null) => (() => void) | undefined, boolean] {
  // On the server (no window) nothing is near: the browser, which has an observer, starts from the same draft.
  const [isNear, setIsNear] = useState(
    () => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined',
  );
  const ref = useCallback((element: Element | null) => {
    if (!element) return undefined;
    return observeNear(element, () => setIsNear(true));
  }, []);
  return [ref, isNear];
}
