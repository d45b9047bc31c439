/**
 * A value built on its first use rather than when its module loads. For the Intl formatters: building the first
 * one costs a phone tens of milliseconds (the browser loads its locale data then), and a public page loads the
 * formatting modules whether or not what it shows at once needs them; at module load that cost fell in the
 * take-over's first, longest task (issue 37, docs/performance.md).
 */
export function onFirstUse<T>(make: () => T): () => T {
  let made: T | undefined;
  return () => {
    made ??= make();
    return made;
  };
}
