/** A promise and the function that settles it, for a wait that something else ends (a part or page taken over). */
export interface Settleable {
  promise: Promise<void>;
  settle: () => void;
}

export function settleable(): Settleable {
  let settle: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { promise, settle };
}
