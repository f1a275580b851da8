/**
 * Properties of built-in objects and modules replaced while a run lasts (compat/VirtualGlobals,
 * compat/ProgramChildren), each put back as it was: its original descriptor, or absent.
 */
export class Replacements {
  readonly #restore: (() => void)[] = [];

  replaceAll(target: object, replacements: Record<string, unknown>): void {
    for (const [key, value] of Object.entries(replacements)) {
      const original = Object.getOwnPropertyDescriptor(target, key);
      Object.defineProperty(target, key, { value, writable: true, configurable: true, enumerable: original?.enumerable ?? false });
      this.#restore.push(() => {
        if (original) Object.defineProperty(target, key, original);
        else delete (target as Record<string, unknown>)[key];
      });
    }
  }

  /** Puts every original back, the last replaced first. */
  restoreAll(): void {
    for (const restore of this.#restore.splice(0).reverse()) restore();
  }
}
