/**
 * @module The usage model's change log: each version's {@link LearnedFieldChange}, bounded, so an index built at one
 * version catches up when it is next used ({@link LearnedChangeLog.changesSince}) instead of subscribing.
 */
import { DynamicToolsError } from "../errors/dynamic-tools-error.js";
import type { LearnedFieldChange, LearnedFieldChanges } from "../retrieval/learned-field.js";

/** Entries (tools and increases) the log always keeps, on top of twice the number of learned tools. */
export const MIN_LOGGED_LEARNED_CHANGES = 4_096;

/** Most versions the log keeps, however small they are. */
export const MAX_LOGGED_VERSIONS = 4_096;

/**
 * The recent changes of learned evidence, one per version. It keeps the newest while they hold at most
 * `2 × learned tools + 4,096` entries ({@link MIN_LOGGED_LEARNED_CHANGES}) and {@link MAX_LOGGED_VERSIONS} versions:
 * a reader further behind would apply more than re-reading every learned tool costs, so it gets `rebuild`; and the
 * memory the log holds stays proportional to what is learned.
 *
 * @example
 * ```ts
 * const log = new LearnedChangeLog();
 * log.record({ tools: ["get_weather"] }, 1);
 * log.changesSince(0); // { rebuild: false, version: 1, changes: [{ tools: ["get_weather"] }] }
 * ```
 */
export class LearnedChangeLog {
  /** Oldest first; the last one is `#version`. */
  #changes: LearnedFieldChange[] = [];
  #entries = 0;
  #version = 0;

  /** The current version (0 before any change). */
  get version(): number {
    return this.#version;
  }

  /** Appends the next version's change and drops the oldest beyond the bound (`learnedTools`: tools with evidence). */
  record(change: LearnedFieldChange, learnedTools: number): void {
    this.#changes.push(change);
    this.#entries += sizeOf(change);
    this.#version++;
    const maxEntries = 2 * learnedTools + MIN_LOGGED_LEARNED_CHANGES;
    let drop = 0;
    // The newest change is always kept: a reader one version behind never rebuilds.
    while (this.#changes.length - drop > 1 && (this.#changes.length - drop > MAX_LOGGED_VERSIONS || this.#entries > maxEntries)) {
      this.#entries -= sizeOf(this.#changes[drop]!);
      drop++;
    }
    if (drop > 0) this.#changes = this.#changes.slice(drop);
  }

  /**
   * The changes after `version`, oldest first.
   * @throws DynamicToolsError `INVALID_OPTION` for a version that is not a whole number from 0 to the current one.
   */
  changesSince(version: number): LearnedFieldChanges {
    const current = this.#version;
    if (!Number.isInteger(version) || version < 0 || version > current) {
      const message = `changesSince: version must be a whole number from 0 to ${current} (the usage's version), got ${String(version)}.`;
      throw new DynamicToolsError("INVALID_OPTION", message, { path: ["version"] });
    }
    const oldest = current - this.#changes.length; // the version before the oldest kept change
    if (version < oldest) return { rebuild: true, version: current };
    return { rebuild: false, version: current, changes: this.#changes.slice(version - oldest) };
  }
}

/** An entry's size: its tools and increases, plus one so that empty changes count too. */
function sizeOf({ tools, increases }: LearnedFieldChange): number {
  return tools.length + (increases?.length ?? 0) + 1;
}
