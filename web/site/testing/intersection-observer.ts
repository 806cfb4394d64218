/**
 * An IntersectionObserver whose answers the test gives: install it with
 * `vi.stubGlobal('IntersectionObserver', TestObserver)` after clearing `TestObserver.all`.
 */
export class TestObserver {
  /** Every observer made since the test cleared the list, oldest first. */
  static all: TestObserver[] = [];
  observed: Element[] = [];
  disconnected = false;
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    TestObserver.all.push(this);
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  unobserve() {}
  disconnect() {
    this.disconnected = true;
  }
  takeRecords() {
    return [];
  }
  /** Answers as the browser does, for every element observed: in view (or near it) or not. */
  answer(isIntersecting: boolean) {
    const entries = this.observed.map(
      (target) => ({ target, isIntersecting }) as IntersectionObserverEntry,
    );
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}
